/**
 * The create journal: one small local file per create, written and fsynced before the POST. When `pulumi up`
 * is killed during a create (or during a serverlet's readiness wait, or after the create returned but before
 * the engine recorded it), the next create of the same identity on this machine finds the entry and adopts
 * exactly the object the interrupted run made: the same kind, API, collection, project, stack and lookup
 * values, and an id that was not among the candidates that existed before the first POST (or the id itself,
 * once the POST had answered).
 *
 * An entry outlives its create until the engine is known to hold the object in a state (`confirm`):
 * - a later operation the engine gives the id to (diff, read, update, delete, in any run or stack) removes
 *   it: that id is in a state, so no create may adopt it;
 * - when the engine closes this process normally (its SIGINT, engine.ts), the creates this process returned
 *   were recorded by it: their entries are removed (`confirmReturned`). A killed engine never does that.
 * So a kill at any point leaves the entry, and the rerun's create adopts by id; a `pulumi up --replace` or a
 * tainted resource (no diff before their create) never meets an entry of the object the state holds.
 *
 * Where: `$FUTROU_JOURNAL_DIR`, else `~/.pulumi-futrou/journal` (directory 0700, files 0600). Another
 * machine (a CI runner) does not have it: docs/interrupted-runs.md says what to do there.
 * It holds no secret: names, keys and record values used to find the object again, ids, and keyed hashes
 * of the body's fields (to tell whether the program changed between the runs). A secret lookup value (and a
 * collection path holding one) reaches the journal as a digest (secrets.ts `Secrets.digest`); on disk it
 * is keyed too. Every hash written is an HMAC-SHA-256 under this machine's journal key (`journal.key` in
 * the journal directory, 32 random bytes, mode 0600, made once), so a file copied elsewhere cannot confirm
 * a guessed secret name or value offline. Entries written before the key existed (plain SHA-256, a salt
 * without the `k1:` mark) are still read and matched, and rewritten keyed when touched.
 */
import { createHash, createHmac, randomBytes } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { type FileHandle, mkdir, open, rename, unlink } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { z } from "zod";

export const ENV_JOURNAL_DIR = "FUTROU_JOURNAL_DIR";

/** The default directory, worked out once: every diff, read and delete asks (runtime.ts `seen`). */
let homeJournal: string | undefined;

export function journalDir(env: NodeJS.ProcessEnv = process.env): string {
  const set = env[ENV_JOURNAL_DIR];
  if (set) return set;
  homeJournal ??= join(homedir(), ".pulumi-futrou", "journal");
  return homeJournal;
}

export const JournalEntry = z.object({
  version: z.literal(1),
  /** For a human reading the directory: `project name="shop" at http://…/v2/projects`. */
  what: z.string(),
  /** The values that identify the create; the file name is a hash of them. */
  identity: z.array(z.unknown()),
  /** Ids of the objects that matched the lookup before the first POST: never ours. */
  before: z.array(z.string()),
  /** The new object's API id, once a POST answered (e.g. during a readiness wait). */
  id: z.string().optional(),
  /** `k1:<random>`: the fields are keyed (HMAC under the journal key); older entries: plain SHA-256. */
  salt: z.string(),
  /** Per body field: HMAC(key, salt, name, JSON value); in older entries sha256(salt, name, JSON value). */
  fields: z.record(z.string(), z.string()),
  startedAt: z.string(),
  /**
   * The API's clock when the first POST was sent (ISO), as its `Date` headers tell (FutrouClient.apiNow):
   * a rerun takes only a look-alike created after it (create.ts, step 3). Absent: no look-alike is proven ours.
   */
  apiAt: z.string().optional(),
  pid: z.number(),
});

/** An object as the confirmation index knows it: API URL, kind and API id (the identity's first two values). */
const objectKey = (apiUrl: unknown, kind: unknown, id: string): string => JSON.stringify([apiUrl, kind, id]);
const objectOf = (entry: JournalEntry): string | undefined =>
  entry.id === undefined ? undefined : objectKey(entry.identity[0], entry.identity[1], entry.id);

/**
 * Per journal directory, for this process: the entries that name an object (object key → file key), read with
 * one readdir on the first confirmation and kept current by this process's own writes and removals.
 */
const indexes = new Map<string, Map<string, string>>();
/** Entry files whose names this process made durable (directory fsynced after the rename); see `#syncNewName`. */
const durableNames = new Set<string>();
/** Per journal directory: the file keys of the creates this process returned to its engine. */
const returnedHere = new Map<string, Set<string>>();
/** Writes made by this process: each its own temporary file name. */
let writes = 0;
/**
 * Journal directories this process made (or found) with `mkdir`: later writes skip the call, which costs the
 * provider's thread about 1 ms per create (issue 38's profile). One removed meanwhile is made again (`#open`).
 */
const madeDirs = new Set<string>();
export type JournalEntry = z.infer<typeof JournalEntry>;

const sha256 = (...parts: string[]): string => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex");
};

/** An HMAC-SHA-256 of the parts under `key`, hex. */
const hmac = (key: Buffer, ...parts: string[]): string => {
  const h = createHmac("sha256", key);
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex");
};

/** Marks a salt whose field hashes are keyed: an older entry's salt lacks it. */
const KEYED_SALT = "k1:";

/**
 * Keyed, salted hashes of each field of a body: equal values, equal hashes; nothing readable, nothing a guess
 * can be checked against without the journal key (`journalKey`, of the default journal directory). A salt
 * without the `k1:` mark is an older entry's: its plain SHA-256 hashes are computed the old way to compare.
 */
export function fieldHashes(body: Record<string, unknown>, salt: string): Record<string, string> {
  const hash = salt.startsWith(KEYED_SALT)
    ? (k: string, v: string) => hmac(journalKey(journalDir()), salt, k, v)
    : (k: string, v: string) => sha256(salt, k, v);
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, hash(k, JSON.stringify(v) ?? "")]));
}

export const newSalt = (): string => `${KEYED_SALT}${randomBytes(16).toString("hex")}`;

/** The journal key's file in a journal directory. */
export const KEY_FILE = "journal.key";
const keys = new Map<string, Buffer>();

/**
 * The secret the journal in `dir` keys its hashes with: read from `journal.key` there, or made once (32
 * random bytes, hex; mode 0600, written in full and fsynced, then linked into place so that a concurrent
 * process never reads half a key and two processes never keep different keys). A failure is one line before
 * anything is sent.
 */
export function journalKey(dir: string): Buffer {
  const known = keys.get(dir);
  if (known) return known;
  const file = join(dir, KEY_FILE);
  try {
    let key = readKey(file);
    if (!key) {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
      const tmp = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
      const fd = openSync(tmp, "wx", 0o600);
      try {
        writeSync(fd, `${randomBytes(32).toString("hex")}\n`);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      try {
        linkSync(tmp, file);
      } catch (e) {
        // Another process made it first: its key is the one.
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      } finally {
        unlinkSync(tmp);
      }
      syncDirNow(dir);
      key = readKey(file);
      if (!key) throw new Error(`${KEY_FILE} is not 64 hexadecimal digits`);
    }
    keys.set(dir, key);
    return key;
  } catch (e) {
    throw new Error(
      `futrou: cannot read the create journal's key ${file} (${reason(e)}); nothing was created. ${cure(dir)}`,
    );
  }
}

/** The key in `file`, undefined when there is none yet; a file that holds no key is an error. */
function readKey(file: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw e;
  }
  const hex = text.trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`${KEY_FILE} is not 64 hexadecimal digits`);
  return Buffer.from(hex, "hex");
}

/** A secret's digest as secrets.ts `Secrets.digest` writes it, which the journal keys before writing. */
const DIGEST = /^sha256:([0-9a-f]{64})$/;

export class CreateJournal {
  constructor(readonly dir: string = journalDir()) {}

  /** The file name of an identity: a hash, so no value appears in a directory listing. */
  keyOf(identity: readonly unknown[]): string {
    return sha256(JSON.stringify(this.#sealed(identity))).slice(0, 40);
  }

  /**
   * The identity as it is written: each secret digest in it (`sha256:<hex>`) replaced by an HMAC under this
   * directory's key, so the file holds nothing a guess can be checked against. A sealed identity stays as is.
   */
  #sealed(identity: readonly unknown[]): unknown[] {
    const seal = (v: unknown): unknown => {
      if (typeof v === "string") {
        const digest = DIGEST.exec(v)?.[1];
        return digest === undefined ? v : `hmac-sha256:${hmac(journalKey(this.dir), "identity", digest)}`;
      }
      if (Array.isArray(v)) return v.map(seal);
      if (v !== null && typeof v === "object")
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, seal(x)]));
      return v;
    };
    return identity.map(seal);
  }

  /** Where an older version wrote this identity's entry (plain digests), when that differs from its key now. */
  #legacyKey(identity: readonly unknown[]): string | undefined {
    const key = sha256(JSON.stringify(identity)).slice(0, 40);
    return key === this.keyOf(identity) ? undefined : key;
  }

  read(identity: readonly unknown[]): JournalEntry | undefined {
    const sealed = this.#sealed(identity);
    const legacy = this.#legacyKey(identity);
    // An entry written before the journal was keyed is still found (and its plain identity still matches).
    for (const [key, want] of [
      [this.keyOf(identity), sealed],
      ...(legacy === undefined ? [] : [[legacy, identity] as const]),
    ] as const) {
      let text: string;
      try {
        text = readFileSync(this.#file(key), "utf8");
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") continue;
        // Before anything is sent (a journal path through a regular file: ENOTDIR).
        throw new Error(
          `futrou: cannot read the create journal in ${this.dir} (${reason(e)}); nothing was created. ${cure(this.dir)}`,
        );
      }
      const parsed = JournalEntry.safeParse(safeJson(text));
      // A torn or foreign file is no evidence of anything: ignore it (the next write replaces it).
      if (parsed.success && JSON.stringify(parsed.data.identity) === JSON.stringify(want)) return parsed.data;
    }
    return undefined;
  }

  /**
   * Durable before it settles: written to a temporary file, fsynced, renamed over, directory fsynced. The file
   * operations run off the event loop (libuv's pool), so the fsyncs of concurrent creates overlap instead of
   * stopping the host in turn; a temporary name per write keeps two writes of one identity apart.
   */
  async write(given: JournalEntry): Promise<void> {
    const entry = { ...given, identity: this.#sealed(given.identity) };
    const file = this.#file(this.keyOf(entry.identity));
    const tmp = `${file}.${process.pid}.${++writes}.tmp`;
    try {
      const handle = await this.#open(tmp);
      try {
        await handle.writeFile(`${JSON.stringify(entry, null, 1)}\n`);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await rename(tmp, file);
      await this.#syncNewName(file);
      // An older version's entry of this identity is now this one.
      const legacy = this.#legacyKey(given.identity);
      if (legacy !== undefined) this.#unlink(legacy);
      const object = objectOf(entry);
      if (object !== undefined) indexes.get(this.dir)?.set(object, this.keyOf(entry.identity));
    } catch (e) {
      // A full disk leaves no empty temporary file behind.
      await unlink(tmp).catch(() => {
        // not created, or the directory refuses: nothing more to clean
      });
      // Before the POST nothing exists; with an id, the object does, and the entry written before its POST
      // (still there) lets the rerun adopt it.
      const what =
        entry.id === undefined
          ? "nothing was created"
          : `${entry.what} was created (id ${entry.id}), but the stack does not record it yet`;
      throw new Error(
        `futrou: cannot write the create journal in ${this.dir} (${reason(e)}); ${what}. ${cure(this.dir, entry.id)}`,
      );
    }
  }

  /** A new temporary file for a write: the directory made once per process, again if it went meanwhile. */
  async #open(tmp: string): Promise<FileHandle> {
    if (!madeDirs.has(this.dir)) {
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      madeDirs.add(this.dir);
    }
    try {
      return await open(tmp, "w", 0o600);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT") throw e;
      madeDirs.delete(this.dir);
      await mkdir(this.dir, { recursive: true, mode: 0o700 });
      madeDirs.add(this.dir);
      return await open(tmp, "w", 0o600);
    }
  }

  remove(identity: readonly unknown[]): void {
    this.#unlink(this.keyOf(identity));
    const legacy = this.#legacyKey(identity);
    if (legacy !== undefined) this.#unlink(legacy);
  }

  /**
   * The create returned its object to the engine: the entry stays until the engine is known to have recorded
   * it (a later operation names the id, or the engine closes this process normally: `confirmReturned`).
   */
  returned(identity: readonly unknown[]): void {
    let keys = returnedHere.get(this.dir);
    if (!keys) {
      keys = new Set();
      returnedHere.set(this.dir, keys);
    }
    keys.add(this.keyOf(identity));
  }

  /**
   * The engine gave this object's id to an operation: it is in a state, so its entry (if any) goes. One
   * readdir per process and directory, then a map lookup; best effort (an entry left behind only keeps an
   * object that exists from being created twice).
   */
  confirm(apiUrl: string, kind: string, id: string): void {
    const index = this.#index();
    const key = index.get(objectKey(apiUrl, kind, id));
    if (key === undefined) return;
    index.delete(objectKey(apiUrl, kind, id));
    try {
      // Only if the file still names that object (another create of the identity may have replaced it).
      const text = readFileSync(this.#file(key), "utf8");
      const parsed = JournalEntry.safeParse(safeJson(text));
      if (parsed.success && objectOf(parsed.data) === objectKey(apiUrl, kind, id)) this.#unlink(key);
    } catch {
      // gone already, or unreadable: nothing to confirm
    }
  }

  /**
   * The engine closes this process normally: every create this process returned was recorded in the state.
   * Their entries go (never called when the engine was killed: engine.ts).
   */
  static confirmReturned(): void {
    for (const [dir, keys] of returnedHere) {
      const journal = new CreateJournal(dir);
      for (const key of keys) {
        try {
          journal.#unlink(key);
        } catch {
          // best effort: the next operation that names the id removes it
        }
      }
      keys.clear();
    }
  }

  #index(): Map<string, string> {
    let index = indexes.get(this.dir);
    if (index) return index;
    index = new Map();
    indexes.set(this.dir, index);
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith(".json"));
    } catch {
      return index;
    }
    for (const n of names) {
      try {
        const parsed = JournalEntry.safeParse(safeJson(readFileSync(join(this.dir, n), "utf8")));
        const object = parsed.success ? objectOf(parsed.data) : undefined;
        if (object !== undefined) index.set(object, n.slice(0, -".json".length));
      } catch {
        // removed meanwhile
      }
    }
    return index;
  }

  #unlink(key: string): void {
    try {
      // No fsync of the directory: a removal undone by a power loss leaves the entry as a kill before the
      // removal does (the next operation that names the id removes it: `confirm`). Saves one fsync per create.
      durableNames.delete(this.#file(key));
      unlinkSync(this.#file(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === "ENOENT") return;
      // The entry stays, and with it what the rerun needs to adopt the object (e.g. the directory turned
      // read-only during a serverlet's readiness wait): say that the object exists, and its id.
      let entry: JournalEntry | undefined;
      try {
        const parsed = JournalEntry.safeParse(safeJson(readFileSync(this.#file(key), "utf8")));
        entry = parsed.success ? parsed.data : undefined;
      } catch {
        entry = undefined;
      }
      const what =
        entry?.id !== undefined
          ? `${entry.what} was created (id ${entry.id}), but the stack does not record it yet`
          : `the entry of ${entry?.what ?? "a create"} stays`;
      throw new Error(
        `futrou: cannot remove an entry of the create journal in ${this.dir} (${reason(e)}); ${what}. ${cure(this.dir, entry?.id)}`,
      );
    }
    const index = indexes.get(this.dir);
    if (index) for (const [object, k] of index) if (k === key) index.delete(object);
    returnedHere.get(this.dir)?.delete(key);
  }

  /** Every readable entry (tests, and a human checking what is pending). */
  entries(): JournalEntry[] {
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith(".json"));
    } catch {
      return [];
    }
    return names.flatMap((n) => {
      const parsed = JournalEntry.safeParse(safeJson(readFileSync(join(this.dir, n), "utf8")));
      return parsed.success ? [parsed.data] : [];
    });
  }

  #file(key: string): string {
    return join(this.dir, `${key}.json`);
  }

  /**
   * After a rename: the directory is fsynced when this process has not yet made the file's name durable. A
   * rewrite of an entry this process wrote (the POST's id added to it) renames a fsynced file over one whose
   * name is durable: a power loss leaves the one or the other, and either lets the rerun adopt the object
   * (without the id, by the lookup that excludes `before`). Saves one fsync per create.
   */
  async #syncNewName(file: string): Promise<void> {
    if (durableNames.has(file)) return;
    await syncDir(this.dir);
    durableNames.add(file);
  }
}

/** What to do about a journal directory that cannot be used; with an id, how the object is then adopted. */
function cure(dir: string, id?: string): string {
  const where = `${ENV_JOURNAL_DIR}, else ~/.pulumi-futrou/journal`;
  return id === undefined
    ? `Make ${dir} a writable directory, or set ${ENV_JOURNAL_DIR} to one, and run \`pulumi up\` again.`
    : `Make ${dir} writable again (keep it: ${where}) and run \`pulumi up\` again: it adopts ${id} from the entry.`;
}

/** The key's link made durable, before the first entry is written (made once per machine: synchronous). */
function syncDirNow(dir: string): void {
  const fd = openSync(dir, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

async function syncDir(dir: string): Promise<void> {
  const handle = await open(dir, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** `EROFS: read-only file system`: the error's code and text without the path (the message names the directory). */
function reason(e: unknown): string {
  // Not `instanceof Error`: errors of node's own modules may come from another realm (a test runner's).
  const own = (e as { message?: unknown } | null)?.message;
  const message = typeof own === "string" ? own : String(e);
  return message.split(/, (?:open|unlink|mkdir|rename|write|fsync|scandir|close) '/)[0] ?? message;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
