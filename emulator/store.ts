/** The emulator's state: workspaces, users, tokens, lookups and every managed object, in memory. */
import { z } from "zod";
import { COLLECTIONS, type Kind, PLAN_COLLECTIONS, type PlanKind } from "../provider/api/contract";

export type Obj = Record<string, unknown>;
const obj = z.record(z.string(), z.unknown());

const EntrySchema = z.object({
  /** The workspace the object belongs to (a variable scoped to a project still belongs to one). */
  workspaceId: z.string(),
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

/** What the data file holds; checked on load so a corrupt file fails loudly at start. */
export const StoreDataSchema = z.object({
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
  objects: kindMap(z.record(z.string(), EntrySchema)),
});
export type StoreData = z.infer<typeof StoreDataSchema>;

export function emptyObjects(): StoreData["objects"] {
  return Object.fromEntries(Object.keys(COLLECTIONS).map((k) => [k, {}])) as StoreData["objects"];
}

export class Store {
  constructor(
    readonly data: StoreData,
    private readonly onChange: () => void = () => {},
  ) {}

  find(kind: Kind, id: string): Entry | undefined {
    return this.data.objects[kind][id];
  }
  all(kind: Kind): Entry[] {
    return Object.values(this.data.objects[kind]);
  }
  inWorkspace(kind: Kind, workspaceId: string): Entry[] {
    return this.all(kind).filter((e) => e.workspaceId === workspaceId);
  }
  put(kind: Kind, entry: Entry): void {
    this.data.objects[kind][String(entry.object.id)] = entry;
    this.changed();
  }
  remove(kind: Kind, id: string): void {
    delete this.data.objects[kind][id];
    this.changed();
  }
  nextSeq(): number {
    return ++this.data.seq;
  }
  /** Call after any in-place mutation so persistence sees it. */
  changed(): void {
    this.onChange();
  }
}
