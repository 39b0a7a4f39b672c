/**
 * The emulator's state: workspaces, users, tokens, lookups and every managed object, in memory.
 *
 * Every table keyed by something a client can send (token strings, object ids, workspace ids) is a
 * null-prototype object and is read with own-property checks, so `constructor`, `__proto__` or `toString`
 * never find anything. The store also records which entries changed since the journal last took them,
 * so a commit writes only those.
 */
import { z } from "zod";
import { COLLECTIONS, type Kind, PLAN_COLLECTIONS, type PlanKind } from "./wire/api";

export type Obj = Record<string, unknown>;
const obj = z.record(z.string(), z.unknown());

const EntrySchema = z.object({
  /** The workspace the object belongs to (a variable scoped to a project still belongs to one). */
  workspaceId: z.string().min(1),
  /** Insertion order: breaks sort ties so paging is stable. */
  seq: z.number(),
  /** Exactly what the API returns. */
  object: obj,
  /** Accepted and stored but never returned (a variable's `value`). */
  writeOnly: obj.optional(),
  /** Ids of the running instances of a serverlet. */
  instanceIds: z.array(z.string()).optional(),
});
export type Entry = z.infer<typeof EntrySchema>;

const UserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string().nullable(),
  password: z.string(),
  workspaceId: z.string(),
});
export type UserRecord = z.infer<typeof UserSchema>;

const TokenSchema = z.object({
  id: z.string(),
  workspaceId: z.string(),
  userId: z.string(),
  expiresAt: z.string().nullable(),
  revoked: z.boolean(),
});
export type TokenRecord = z.infer<typeof TokenSchema>;

const kindMap = <V extends z.ZodType>(value: V) =>
  z.object(Object.fromEntries(Object.keys(COLLECTIONS).map((k) => [k, value])) as Record<Kind, V>);
const planMap = z.object(
  Object.fromEntries(Object.keys(PLAN_COLLECTIONS).map((k) => [k, z.array(obj)])) as Record<
    PlanKind,
    z.ZodArray<typeof obj>
  >,
);

const storeShape = <E extends z.ZodType>(entry: E) =>
  z.object({
    version: z.literal(1),
    seq: z.number(),
    defaultWorkspaceId: z.string(),
    defaultToken: z.string(),
    workspaces: z.record(z.string(), obj),
    users: z.record(z.string(), UserSchema),
    /** Keyed by the full token string `<apiTokenId>-<secret>`. */
    tokens: z.record(z.string(), TokenSchema),
    regions: z.array(obj),
    plans: planMap,
    objects: kindMap(z.record(z.string(), entry)),
  });

/** What the data file holds; checked on load so a corrupt file fails loudly at start. */
export const StoreDataSchema = storeShape(EntrySchema);
export type StoreData = z.infer<typeof StoreDataSchema>;

/** The same, tolerating entries without a workspace, so loading can repair them instead of refusing to start. */
export const LoadableStoreDataSchema = storeShape(EntrySchema.extend({ workspaceId: z.string().optional() }));
export type LoadableStoreData = z.infer<typeof LoadableStoreDataSchema>;

/** Top-level fields that are tables: one persisted unit per entry. `objects` holds one such table per kind. */
const TABLES = ["workspaces", "users", "tokens"] as const;

/**
 * Where one persisted unit lives: `["tokens", token]`, `["objects", kind, id]`, or a top-level field
 * (`["seq"]`, `["regions"]`). The journal writes and restores whole units.
 */
export type UnitPath = readonly string[];

/** A null-prototype copy of a table, so lookups by client-supplied keys only ever see own entries. */
export function table<V>(from: Record<string, V> = {}): Record<string, V> {
  return Object.assign(Object.create(null) as Record<string, V>, from);
}

/** Own-property lookup: never answers an inherited member for a key like `constructor`. */
export function own<V>(t: Record<string, V>, key: string): V | undefined {
  return Object.hasOwn(t, key) ? t[key] : undefined;
}

export function emptyObjects(): StoreData["objects"] {
  return Object.fromEntries(Object.keys(COLLECTIONS).map((k) => [k, table()])) as StoreData["objects"];
}

/** Gives every keyed table a null prototype (data parsed from JSON or zod comes with Object.prototype). */
export function withSafeTables(data: StoreData): StoreData {
  for (const name of TABLES) (data as Record<string, unknown>)[name] = table(data[name] as Record<string, unknown>);
  for (const kind of Object.keys(data.objects) as Kind[]) data.objects[kind] = table(data.objects[kind]);
  return data;
}

export class Store {
  /** Units changed since the last `takeChanges()`; `everything` when a change did not say where. */
  private touched = new Map<string, UnitPath>();
  private everything = false;

  readonly data: StoreData;
  constructor(
    data: StoreData,
    private readonly onChange: () => void = () => {},
    /** Only a store with a journal needs to remember what changed. */
    private readonly tracking = false,
  ) {
    this.data = withSafeTables(data);
  }

  find(kind: Kind, id: string): Entry | undefined {
    return own(this.data.objects[kind], id);
  }
  all(kind: Kind): Entry[] {
    return Object.values(this.data.objects[kind]);
  }
  inWorkspace(kind: Kind, workspaceId: string): Entry[] {
    return this.all(kind).filter((e) => e.workspaceId === workspaceId);
  }
  /** Stores the entry; refuses one without a known workspace, which no later load could place. */
  put(kind: Kind, entry: Entry): void {
    const id = entry.object.id;
    if (typeof id !== "string" || id === "") throw new Error(`emulator bug: a ${kind} without an id`);
    if (typeof entry.workspaceId !== "string" || !own(this.data.workspaces, entry.workspaceId)) {
      throw new Error(`emulator bug: ${kind} ${id} has no known workspace`);
    }
    this.data.objects[kind][id] = entry;
    this.changed(["objects", kind, id]);
  }
  remove(kind: Kind, id: string): void {
    if (!Object.hasOwn(this.data.objects[kind], id)) return;
    delete this.data.objects[kind][id];
    this.changed(["objects", kind, id]);
  }
  nextSeq(): number {
    this.changed(["seq"]);
    return ++this.data.seq;
  }
  /**
   * Call after any in-place mutation so persistence sees it. With the unit that changed, a commit writes
   * just that; without, it compares every unit with what was last written.
   */
  changed(unit?: UnitPath): void {
    if (this.tracking) {
      if (unit) this.touched.set(unitKey(unit), unit);
      else this.everything = true;
    }
    this.onChange();
  }

  /** True when something changed since the last `takeChanges()`. */
  get dirty(): boolean {
    return this.everything || this.touched.size > 0;
  }
  /** The changed units (or "everything"), and forgets them. */
  takeChanges(): UnitPath[] | "everything" {
    const out = this.everything ? "everything" : [...this.touched.values()];
    this.touched.clear();
    this.everything = false;
    return out;
  }

  /** Every unit with its current value. */
  *units(): Generator<[UnitPath, unknown]> {
    for (const [field, value] of Object.entries(this.data)) {
      if (isTable(field)) for (const [key, v] of Object.entries(value as Obj)) yield [[field, key], v];
      else if (field === "objects") {
        for (const [kind, rows] of Object.entries(value as Obj)) {
          for (const [id, v] of Object.entries(rows as Obj)) yield [["objects", kind, id], v];
        }
      } else yield [[field], value];
    }
  }
  /** The tables, so a snapshot built from units has every table even when one is empty. */
  tablePaths(): UnitPath[] {
    return [...TABLES.map((t) => [t]), ...Object.keys(this.data.objects).map((kind) => ["objects", kind])];
  }
  /** The unit's value, undefined when absent. */
  read(path: UnitPath): unknown {
    const { parent, key } = this.locate(path);
    return parent && Object.hasOwn(parent, key) ? parent[key] : undefined;
  }
  /** Sets (or with undefined, deletes) one unit without recording a change: for replay and rollback. */
  write(path: UnitPath, value: unknown): void {
    const { parent, key } = this.locate(path);
    if (!parent) throw new Error(`no such place in the store: ${path.join("/")}`);
    if (value === undefined) delete parent[key];
    else parent[key] = value;
  }

  private locate(path: UnitPath): { parent: Obj | undefined; key: string } {
    let parent: Obj | undefined = this.data as unknown as Obj;
    for (const step of path.slice(0, -1)) {
      const next: unknown = parent && Object.hasOwn(parent, step) ? parent[step] : undefined;
      parent = typeof next === "object" && next !== null ? (next as Obj) : undefined;
    }
    return { parent, key: path[path.length - 1] ?? "" };
  }
}

export const unitKey = (path: UnitPath): string => JSON.stringify(path);

function isTable(field: string): field is (typeof TABLES)[number] {
  return (TABLES as readonly string[]).includes(field);
}
