/**
 * The create journal keeps no digest a guess can be checked against (issue 35 point 8): a secret lookup
 * value and every body field are hashed with HMAC-SHA-256 under a per-machine key kept beside the journal
 * (mode 0600). Entries an older version wrote (plain SHA-256) are still found and matched.
 */
import { createHash } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CreateJournal,
  ENV_JOURNAL_DIR,
  fieldHashes,
  type JournalEntry,
  KEY_FILE,
  newSalt,
} from "../../provider/journal";
import { Secrets } from "../../provider/secrets";

const SECRET_KEY = "STRIPE_LIVE_KEY";
const SECRET_VALUE = "sk_live_guessable";

let dir: string;
let saved: string | undefined;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "futrou-journal-key-"));
  saved = process.env[ENV_JOURNAL_DIR];
  process.env[ENV_JOURNAL_DIR] = dir;
});
afterEach(() => {
  if (saved === undefined) delete process.env[ENV_JOURNAL_DIR];
  else process.env[ENV_JOURNAL_DIR] = saved;
  rmSync(dir, { recursive: true, force: true });
});

/** A variable whose key (its lookup value) and value are secrets, as create.ts writes its identity. */
const identity = [
  "http://127.0.0.1/v2",
  "variable",
  "/variables",
  "proj",
  "dev",
  {},
  { key: Secrets.digest(SECRET_KEY) },
];
const body = { key: SECRET_KEY, value: SECRET_VALUE };
const entry = (salt: string, ids: unknown[] = identity): JournalEntry => ({
  version: 1,
  what: "futrou:Variable key=[secret] at http://127.0.0.1/v2/variables",
  identity: ids,
  before: [],
  salt,
  fields: fieldHashes(body, salt),
  startedAt: "2026-11-27T00:00:00.000Z",
  pid: process.pid,
});
const plainSha256 = (...parts: string[]) => {
  const h = createHash("sha256");
  for (const p of parts) h.update(p).update("\0");
  return h.digest("hex");
};
const everything = () =>
  readdirSync(dir)
    .map((n) => `${n}\n${readFileSync(join(dir, n), "utf8")}`)
    .join("\n");

test("the key file is made once, mode 0600, beside the journal; no plain SHA-256 of a secret is on disk", async () => {
  const journal = new CreateJournal(dir);
  const salt = newSalt();
  await journal.write(entry(salt));

  expect(statSync(join(dir, KEY_FILE)).mode & 0o777).toBe(0o600);
  const disk = everything();
  // Neither the secret's digest as Secrets.digest makes it, nor the old salted field hashes, nor the values.
  const guesses = [
    createHash("sha256").update(JSON.stringify(SECRET_KEY)).digest("hex"),
    plainSha256(salt, "key", JSON.stringify(SECRET_KEY)),
    plainSha256(salt, "value", JSON.stringify(SECRET_VALUE)),
    SECRET_KEY,
    SECRET_VALUE,
  ];
  expect(guesses.filter((g) => disk.includes(g))).toEqual([]);
  // Still found again, and the same body still hashes the same: the journal works as before.
  const found = journal.read(identity);
  expect(found?.fields).toEqual(fieldHashes(body, salt));
  const key = readFileSync(join(dir, KEY_FILE), "utf8");
  await journal.write(entry(newSalt()));
  expect(readFileSync(join(dir, KEY_FILE), "utf8")).toBe(key);
});

test("another machine's key gives other hashes: a copied journal file confirms nothing without its key", () => {
  const salt = newSalt();
  const here = fieldHashes(body, salt);
  const elsewhere = mkdtempSync(join(tmpdir(), "futrou-journal-key-other-"));
  try {
    process.env[ENV_JOURNAL_DIR] = elsewhere;
    expect(fieldHashes(body, salt)).not.toEqual(here);
  } finally {
    rmSync(elsewhere, { recursive: true, force: true });
  }
});

test("an entry an older version wrote (plain digests) is still found and matched, then rewritten keyed", async () => {
  const journal = new CreateJournal(dir);
  const oldSalt = "0123456789abcdef0123456789abcdef";
  const old = entry(oldSalt);
  // Where and how an older version wrote it: the file name a hash of the plain identity.
  const oldFile = join(dir, `${plainSha256(JSON.stringify(identity)).slice(0, 40)}.json`);
  writeFileSync(oldFile, JSON.stringify(old), { mode: 0o600 });
  expect(old.fields.value).toBe(plainSha256(oldSalt, "value", JSON.stringify(SECRET_VALUE)));

  const found = journal.read(identity);
  expect(found?.fields).toEqual(fieldHashes(body, oldSalt));
  await journal.write({ ...(found as JournalEntry), id: "v1" });
  expect(readdirSync(dir).filter((n) => n.endsWith(".json"))).toHaveLength(1);
  expect(everything()).not.toContain(createHash("sha256").update(JSON.stringify(SECRET_KEY)).digest("hex"));
  expect(journal.read(identity)?.id).toBe("v1");
  journal.remove(identity);
  expect(journal.read(identity)).toBeUndefined();
});

test("a key file that holds no key: one line naming it, before anything is sent", () => {
  writeFileSync(join(dir, KEY_FILE), "not a key\n", { mode: 0o600 });
  const fresh = join(dir, "fresh");
  expect(() => new CreateJournal(fresh).keyOf(identity)).not.toThrow();
  expect(() => fieldHashes(body, newSalt())).toThrow(
    `futrou: cannot read the create journal's key ${join(dir, KEY_FILE)} (${KEY_FILE} is not 64 hexadecimal digits); nothing was created.`,
  );
});
