/**
 * Per test file: one canned API (fresh routes and request log per test); per test, a private create journal,
 * so an object one test created (its entry kept until an engine confirms it) is never adopted by the next.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { CannedApi } from "./api";

export function cannedApi(): CannedApi {
  const api = new CannedApi();
  let journal = "";
  const saved = process.env.FUTROU_JOURNAL_DIR;
  beforeAll(async () => {
    await api.start();
  });
  afterAll(async () => {
    await api.stop();
    if (saved === undefined) delete process.env.FUTROU_JOURNAL_DIR;
    else process.env.FUTROU_JOURNAL_DIR = saved;
  });
  beforeEach(() => {
    journal = mkdtempSync(join(tmpdir(), "futrou-contract-"));
    process.env.FUTROU_JOURNAL_DIR = journal;
    api.reset();
  });
  afterEach(() => rmSync(journal, { recursive: true, force: true }));
  return api;
}
