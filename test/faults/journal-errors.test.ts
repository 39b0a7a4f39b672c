/**
 * The create journal's failures, each one line that says what happened to the object (its id once the API
 * gave one), which directory or setting to change, and how the rerun recovers (issue 27, "Why" point 6).
 * A path through a regular file is real; a read-only directory and a full disk are the file system's
 * answers (EROFS, ENOSPC) to one call, injected.
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CreateJournal, type JournalEntry } from "../../provider/journal";

/** The modules themselves (not an import's copy of them), so a spy replaces the call the journal makes. */
const fs = require("node:fs") as typeof import("node:fs");
const fsp = require("node:fs/promises") as typeof import("node:fs/promises");

let scratch: string;
beforeEach(() => {
  scratch = mkdtempSync(join(tmpdir(), "futrou-journal-errors-"));
});
afterEach(() => {
  jest.restoreAllMocks();
  rmSync(scratch, { recursive: true, force: true });
});

const identity = ["http://127.0.0.1/v2", "serverlet", "/serverlets", "app", "{}", "{}"];
const entry = (id?: string): JournalEntry => ({
  version: 1,
  what: 'futrou:Serverlet name="api" at http://127.0.0.1/v2/serverlets',
  identity,
  before: [],
  salt: "s",
  fields: {},
  startedAt: "2026-11-26T00:00:00.000Z",
  pid: process.pid,
  ...(id ? { id } : {}),
});
const fsError = (code: string, text: string, call: string, path: string) =>
  Object.assign(new Error(`${code}: ${text}, ${call} '${path}'`), { code });

test("a journal path through a regular file: one line before anything is sent, naming the directory and the setting", () => {
  const file = join(scratch, "a-file");
  writeFileSync(file, "");
  const journal = new CreateJournal(join(file, "journal"));
  expect(() => journal.read(identity)).toThrow(
    `futrou: cannot read the create journal in ${file}/journal (ENOTDIR: not a directory); nothing was created. ` +
      `Make ${file}/journal a writable directory, or set FUTROU_JOURNAL_DIR to one, and run \`pulumi up\` again.`,
  );
});

test("the directory turned read-only during the readiness wait: the serverlet exists, with its id, and the rerun adopts it", async () => {
  const journal = new CreateJournal(scratch);
  await journal.write(entry("srv-42"));
  jest.spyOn(fs, "unlinkSync").mockImplementation((path) => {
    throw fsError("EROFS", "read-only file system", "unlink", String(path));
  });
  let message = "";
  try {
    journal.remove(identity);
  } catch (e) {
    message = (e as Error).message;
  }
  expect(message).toBe(
    `futrou: cannot remove an entry of the create journal in ${scratch} (EROFS: read-only file system); ` +
      'futrou:Serverlet name="api" at http://127.0.0.1/v2/serverlets was created (id srv-42), but the stack does not ' +
      `record it yet. Make ${scratch} writable again (keep it: FUTROU_JOURNAL_DIR, else ~/.pulumi-futrou/journal) ` +
      "and run `pulumi up` again: it adopts srv-42 from the entry.",
  );
  jest.restoreAllMocks();
  // The entry is still there for the rerun.
  expect(journal.read(identity)?.id).toBe("srv-42");
});

test("a full disk: the write fails saying whether the object exists, and leaves no temporary file", async () => {
  const journal = new CreateJournal(scratch);
  await journal.write(entry());
  // The temporary file is open (empty) when the disk refuses the bytes.
  const open = fsp.open;
  jest.spyOn(fsp, "open").mockImplementation(async (...args: Parameters<typeof open>) => {
    const handle = await open(...args);
    jest.spyOn(handle, "writeFile").mockRejectedValue(fsError("ENOSPC", "no space left on device", "write", ""));
    return handle;
  });
  await expect(journal.write(entry())).rejects.toThrow(
    /^futrou: cannot write the create journal in \S+ \(ENOSPC: no space left on device\); nothing was created\. Make /,
  );
  await expect(journal.write(entry("srv-43"))).rejects.toThrow(
    /\(ENOSPC: no space left on device\); futrou:Serverlet name="api" at \S+ was created \(id srv-43\), but the stack does not record it yet\. .*it adopts srv-43 from the entry\.$/,
  );
  // The refused writes' temporary files were made (and are gone now).
  expect(fsp.open).toHaveBeenCalled();
  jest.restoreAllMocks();
  expect(readdirSync(scratch).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  // The entry written before the POST is unharmed: the rerun finds it.
  expect(journal.read(identity)).toMatchObject({ before: [] });
});

test("a journal directory removed between two writes is made again by the second", async () => {
  const dir = join(scratch, "journal");
  const journal = new CreateJournal(dir);
  await journal.write(entry());
  rmSync(dir, { recursive: true, force: true });
  await journal.write(entry("srv-44"));
  expect(journal.read(identity)?.id).toBe("srv-44");
});
