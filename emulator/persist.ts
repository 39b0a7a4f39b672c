/**
 * Durable persistence for `--data`: a snapshot file plus a write-ahead log next to it (`<file>.wal`).
 *
 * - A commit appends one record with the units (a token, a workspace, one object, `seq`) that changed
 *   and fsyncs the log before any answer goes out: a 2xx means the change survives `kill -9`.
 *   Commits group: the changes of every request handled while one record is being written go into the next.
 * - At start the snapshot is loaded and the log's records of the same generation are replayed over it.
 * - Compaction writes the last durable state as a new snapshot (temp file, fsync, rename, fsync of the
 *   directory) with the next generation, then empties the log. It runs at start, when the log passes
 *   a size, after a failed write, and on close.
 * - A failed write rolls the in-memory state back to the last durable one, and every request waiting
 *   for it is answered 503: nothing acknowledged is ever missing from disk, nothing refused is kept.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { type FileHandle, open, rename, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { DEFAULT_LIMIT, seedPlans } from "./seed";
import {
  type Entry,
  LoadableStoreDataSchema,
  own,
  Store,
  type StoreData,
  StoreDataSchema,
  type UnitPath,
  unitKey,
  withSafeTables,
} from "./store";
import { decodeLog, encodeRecord, type Op } from "./wal";
import { COLLECTIONS, type Kind, PLAN_COLLECTIONS, type PlanKind } from "./wire/api";

/** Log size after which the next quiet moment compacts it into the snapshot. */
export const DEFAULT_COMPACT_AFTER_BYTES = 8 * 1024 * 1024;

export const logFileOf = (file: string): string => `${file}.wal`;

/** A change could not be made durable; the server answers 503 and the change is rolled back. */
export class PersistenceError extends Error {
  constructor(readonly reason: string) {
    super(`the change could not be written to the data file (${reason}); nothing was stored`);
  }
}

// ---------------------------------------------------------------------------------------------------
// Loading

export interface Loaded {
  data: StoreData;
  /** The snapshot's generation: log records of this generation are the changes made after it. */
  generation: number;
}

/** Objects whose owning workspace can be found from one of these fields get it back on load. */
const OWNER_HINTS: Record<string, Kind> = { projectId: "project", dnsId: "dnsZone", serverletId: "serverlet" };

/**
 * Reads snapshot + log. A file that is not the emulator's fails loudly. An object without a workspace
 * (which older versions could store) is repaired from its own fields when possible, otherwise moved to a
 * quarantine file next to the data file, so one bad object never keeps the emulator from starting.
 */
export function loadState(file: string, warn: (message: string) => void): Loaded | undefined {
  const logFile = logFileOf(file);
  if (!existsSync(file)) {
    if (existsSync(logFile)) throw new Error(`emulator data file ${file} is missing but its log ${logFile} exists`);
    return undefined;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`emulator data file ${file} is not usable: not JSON (${(error as Error).message})`);
  }
  const generation = z.object({ walGeneration: z.number().int().min(0).default(0) }).safeParse(raw);
  const parsed = LoadableStoreDataSchema.safeParse(withNewKinds(raw));
  if (!parsed.success || !generation.success) {
    const error = parsed.error ?? generation.error;
    throw new Error(`emulator data file ${file} is not usable: ${error ? z.prettifyError(error) : "bad header"}`);
  }
  const data = withSafeTables(parsed.data as StoreData);

  if (existsSync(logFile)) {
    const { records, tornTail } = decodeLog(readFileSync(logFile, "utf8"), logFile);
    const replay = new Store(data);
    let applied = 0;
    for (const record of records) {
      if (record.g !== generation.data.walGeneration) continue; // already in the snapshot
      for (const op of record.ops) replay.write(op.p, op.v === undefined ? undefined : safeTablesIn(op.p, op.v));
      applied++;
    }
    if (tornTail) warn(`futrou-emulator: ignored an unfinished record at the end of ${logFile} (never acknowledged)`);
    if (applied > 0 && records.length > 0) warn(`futrou-emulator: replayed ${applied} logged commits from ${logFile}`);
  }

  withNewLimits(data);
  const quarantined = repairOwners(data, warn);
  if (quarantined.length > 0) {
    const aside = `${file}.quarantine-${Date.now()}.json`;
    writeFileSync(aside, JSON.stringify(quarantined, null, 2), { mode: 0o600 });
    warn(
      `futrou-emulator: ${quarantined.length} stored object(s) belong to no workspace and were moved to ${aside}: ` +
        quarantined.map((q) => `${q.kind} ${q.id}`).join(", "),
    );
  }
  const checked = StoreDataSchema.safeParse(data);
  if (!checked.success) throw new Error(`emulator data file ${file} is not usable: ${z.prettifyError(checked.error)}`);
  return { data: withSafeTables(checked.data), generation: generation.data.walGeneration };
}

/**
 * A file written before a kind or plan kind existed (Storage came with the newest API generation) gets an
 * empty table for the kind and the seeded plans for the plan kind; nothing already stored changes.
 */
function withNewKinds(raw: unknown): unknown {
  if (raw === null || typeof raw !== "object") return raw;
  const data = raw as { objects?: unknown; plans?: unknown };
  if (data.objects !== null && typeof data.objects === "object") {
    const objects = data.objects as Record<string, unknown>;
    for (const kind of Object.keys(COLLECTIONS)) if (!Object.hasOwn(objects, kind)) objects[kind] = {};
  }
  if (data.plans !== null && typeof data.plans === "object") {
    const plans = data.plans as Record<string, unknown>;
    const seeded = seedPlans();
    for (const kind of Object.keys(PLAN_COLLECTIONS) as PlanKind[]) {
      if (!Object.hasOwn(plans, kind)) plans[kind] = seeded[kind];
    }
  }
  return raw;
}

/** Workspaces stored before `storageLimit` existed get it, equal to their `volumesLimit` (its predecessor). */
function withNewLimits(data: StoreData): void {
  for (const workspace of Object.values(data.workspaces)) {
    if (typeof workspace.storageLimit !== "number") {
      workspace.storageLimit = typeof workspace.volumesLimit === "number" ? workspace.volumesLimit : DEFAULT_LIMIT;
    }
  }
}

/** A whole table written by a record keeps a null prototype. */
function safeTablesIn(path: readonly string[], value: unknown): unknown {
  return path.length === 1 && ["workspaces", "users", "tokens"].includes(path[0] ?? "")
    ? Object.assign(Object.create(null), value)
    : value;
}

function repairOwners(data: StoreData, warn: (message: string) => void) {
  const quarantined: Array<{ kind: Kind; id: string; entry: unknown }> = [];
  const known = (ws: unknown): ws is string => typeof ws === "string" && own(data.workspaces, ws) !== undefined;
  for (const kind of Object.keys(data.objects) as Kind[]) {
    for (const [id, entry] of Object.entries(data.objects[kind]) as Array<[string, Partial<Entry>]>) {
      if (known(entry.workspaceId) && entry.object?.id === id) continue;
      const owner = entry.object?.id === id ? ownerOf(data, entry) : undefined;
      if (owner && known(owner)) {
        entry.workspaceId = owner;
        warn(`futrou-emulator: ${kind} ${id} had no workspace; restored ${owner} from its fields`);
        continue;
      }
      quarantined.push({ kind, id, entry });
      delete data.objects[kind][id];
    }
  }
  return quarantined;
}

function ownerOf(data: StoreData, entry: Partial<Entry>): unknown {
  const fields = entry.object ?? {};
  if (typeof fields.workspaceId === "string") return fields.workspaceId;
  for (const [field, kind] of Object.entries(OWNER_HINTS)) {
    const parent = typeof fields[field] === "string" ? own(data.objects[kind], fields[field]) : undefined;
    if (parent?.workspaceId) return parent.workspaceId;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// Files

/** The file operations a journal needs; tests swap in one that fails on demand. */
export interface JournalFiles {
  /** Appends to the log and returns once the bytes are on disk (fdatasync). */
  append(text: string): Promise<void>;
  /** Empties the log, durably. */
  resetLog(): Promise<void>;
  /** Replaces the snapshot atomically and durably. */
  writeSnapshot(text: string): Promise<void>;
  close(): Promise<void>;
}

export class DiskFiles implements JournalFiles {
  private log: FileHandle | undefined;
  constructor(private readonly file: string) {
    mkdirSync(dirname(file), { recursive: true });
  }

  async append(text: string): Promise<void> {
    const log = await this.openLog();
    await log.appendFile(text);
    await log.datasync();
  }
  async resetLog(): Promise<void> {
    const log = await this.openLog();
    await log.truncate(0);
    await log.sync();
  }
  async writeSnapshot(text: string): Promise<void> {
    const tmp = `${this.file}.${process.pid}.tmp`;
    // Tokens and variable values live in the file: owner-only.
    const handle = await open(tmp, "w", 0o600);
    try {
      await handle.writeFile(text);
      await handle.sync();
    } catch (error) {
      await handle.close();
      await unlink(tmp).catch(() => {});
      throw error;
    }
    await handle.close();
    await rename(tmp, this.file);
    await syncDirectory(dirname(this.file));
  }
  async close(): Promise<void> {
    await this.log?.close();
    this.log = undefined;
  }

  private async openLog(): Promise<FileHandle> {
    if (!this.log) {
      this.log = await open(logFileOf(this.file), "a", 0o600);
      await syncDirectory(dirname(this.file)); // the log's directory entry must survive a crash too
    }
    return this.log;
  }
}

async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------------------------------------------
// The journal

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

export interface JournalOptions {
  compactAfterBytes?: number;
  files?: JournalFiles;
  /** Called after a failed write rolled the state back (e.g. to re-drive async state changes). */
  onRollback?: () => void;
  warn: (message: string) => void;
}

/** The last durable value of every unit, serialized, by `unitKey`: what a snapshot holds and a rollback restores. */
type Image = Map<string, { path: UnitPath; json: string }>;

export class Journal {
  private readonly image: Image = new Map();
  private logBytes = 0;
  private needsCompaction = true;
  private running = false;
  private waiting: Waiter[] = [];
  /** The write in flight; a read answered now waits for it, because it may have seen its changes. */
  private current: Promise<void> | undefined;
  private scheduled = false;
  private closed = false;
  private readonly files: JournalFiles;
  private readonly compactAfterBytes: number;

  private constructor(
    file: string,
    private readonly store: Store,
    private generation: number,
    private readonly opts: JournalOptions,
  ) {
    this.files = opts.files ?? new DiskFiles(file);
    this.compactAfterBytes = opts.compactAfterBytes ?? DEFAULT_COMPACT_AFTER_BYTES;
    for (const [path, value] of store.units()) this.image.set(unitKey(path), { path, json: JSON.stringify(value) });
    store.takeChanges();
  }

  /** Takes the store's current state as durable-to-be and writes it as the first snapshot. */
  static async open(file: string, store: Store, generation: number, opts: JournalOptions): Promise<Journal> {
    const journal = new Journal(file, store, generation, opts);
    await journal.compact();
    return journal;
  }

  /** Resolves once every change made so far is on disk; rejects with PersistenceError when it was rolled back. */
  commit(): Promise<void> {
    if (!this.store.dirty) return this.current ?? Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      if (!this.running) void this.run();
    });
  }

  /** Commits changes no request waits for (async state changes, in-process helpers) soon. */
  schedule(): void {
    if (this.scheduled || this.closed) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (this.store.dirty) {
        this.commit().catch((error: unknown) => this.opts.warn(`futrou-emulator: ${(error as Error).message}`));
      }
    });
  }

  /** Writes what is pending, compacts, closes the log. */
  async close(): Promise<void> {
    this.closed = true;
    await this.commit().catch((error: unknown) => this.opts.warn(`futrou-emulator: ${(error as Error).message}`));
    await this.compact().catch((error: unknown) =>
      this.opts.warn(`futrou-emulator: could not compact the data file on close: ${(error as Error).message}`),
    );
    await this.files.close();
  }

  private async run(): Promise<void> {
    this.running = true;
    try {
      while (this.waiting.length > 0 || this.store.dirty) {
        const batch = this.waiting.splice(0);
        const step = this.step();
        this.current = step;
        try {
          await step;
          for (const w of batch) w.resolve();
        } catch (error) {
          // Everything not yet durable was rolled back, including changes of requests queued meanwhile.
          for (const w of [...batch, ...this.waiting.splice(0)]) w.reject(error as Error);
        }
      }
    } finally {
      this.running = false;
      this.current = undefined;
    }
  }

  /** One commit: the changed units into one log record, fsynced. */
  private async step(): Promise<void> {
    const ops = this.diff(this.store.takeChanges());
    if (ops.length === 0) return;
    try {
      if (this.needsCompaction) await this.compact();
      const record = encodeRecord(this.generation, ops);
      await this.files.append(record);
      this.logBytes += Buffer.byteLength(record);
    } catch (error) {
      this.rollback(ops);
      // The log may end in part of a record: the next commit starts from a fresh snapshot and log.
      this.needsCompaction = true;
      const code = (error as NodeJS.ErrnoException).code;
      this.opts.warn(`futrou-emulator: could not write the data file: ${(error as Error).message}`);
      throw new PersistenceError(code ?? (error as Error).message);
    }
    for (const op of ops) {
      const key = unitKey(op.path);
      if (op.json === undefined) this.image.delete(key);
      else this.image.set(key, { path: op.path, json: op.json });
    }
    if (this.logBytes > this.compactAfterBytes) {
      await this.compact().catch((error: unknown) => {
        this.opts.warn(`futrou-emulator: compaction failed, will retry: ${(error as Error).message}`);
      });
    }
  }

  /** The units whose value differs from the durable image. */
  private diff(changes: UnitPath[] | "everything"): Op[] {
    const ops: Op[] = [];
    const consider = (path: UnitPath, value: unknown) => {
      const json = value === undefined ? undefined : JSON.stringify(value);
      if (json !== this.image.get(unitKey(path))?.json) ops.push({ path, json });
    };
    if (changes !== "everything") {
      for (const path of changes) consider(path, this.store.read(path));
      return ops;
    }
    const seen = new Set<string>();
    for (const [path, value] of this.store.units()) {
      seen.add(unitKey(path));
      consider(path, value);
    }
    for (const [key, { path }] of this.image) if (!seen.has(key)) ops.push({ path, json: undefined });
    return ops;
  }

  /** Puts back the durable value of every unit in `ops` and of every unit changed since they were taken. */
  private rollback(ops: Op[]): void {
    const later = this.store.takeChanges();
    const paths = later === "everything" ? this.diff("everything").map((op) => op.path) : later;
    for (const path of [...ops.map((op) => op.path), ...paths]) {
      const durable = this.image.get(unitKey(path));
      this.store.write(path, durable === undefined ? undefined : JSON.parse(durable.json));
    }
    this.opts.onRollback?.();
  }

  /** Writes the durable image as the next generation's snapshot and empties the log. */
  private async compact(): Promise<void> {
    const generation = this.generation + 1;
    await this.files.writeSnapshot(snapshotText(this.image, this.store.tablePaths(), generation));
    this.generation = generation; // from here on, records of older generations are ignored at load
    await this.files.resetLog();
    this.logBytes = 0;
    this.needsCompaction = false;
  }
}

type Node = Map<string, Node | string>;

/** The snapshot JSON assembled from the serialized units, without re-serializing them. */
function snapshotText(image: Image, tables: UnitPath[], generation: number): string {
  const root: Node = new Map();
  const at = (path: readonly string[]): Node => {
    let node = root;
    for (const step of path) {
      let next = node.get(step);
      if (typeof next !== "object") {
        next = new Map();
        node.set(step, next);
      }
      node = next;
    }
    return node;
  };
  for (const table of tables) at(table);
  for (const { path, json } of image.values()) at(path.slice(0, -1)).set(path[path.length - 1] ?? "", json);
  root.set("walGeneration", String(generation));
  const text = (node: Node): string =>
    `{${[...node].map(([key, v]) => `${JSON.stringify(key)}:${typeof v === "string" ? v : text(v)}`).join(",")}}`;
  return text(root);
}
