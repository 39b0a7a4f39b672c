/**
 * With a data file, state survives a restart and a crash: every acknowledged change is in the fsynced
 * log before the answer, the log is replayed over the snapshot at start, a write that cannot be made
 * durable is undone, and a damaged or odd file is repaired or refused with a clear message.
 */
import {
  appendFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DiskFiles, Journal, type JournalFiles, loadState, PersistenceError } from "../../emulator/persist";
import { emptyObjects, Store } from "../../emulator/store";
import { encodeRecord } from "../../emulator/wal";
import { eventually, start } from "./helpers";

const dir = mkdtempSync(join(tmpdir(), "futrou-emulator-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const fresh = (name: string) => join(dir, `${++n}-${name}`, "futrou.json");
const quietly = () => {};

/** A data file with one project "kept" in the default workspace, closed cleanly. */
async function seeded(): Promise<{ dataFile: string; projectId: string; workspaceId: string }> {
  const dataFile = fresh("seeded");
  const h = await start({ dataFile });
  const project = (await h.call("POST", "/projects", h.own({ name: "kept" }))).body;
  await h.emu.close();
  return { dataFile, projectId: project.id, workspaceId: h.emu.workspaceId };
}

test("objects, tokens and pending deploys survive a restart", async () => {
  const dataFile = join(dir, "state", "futrou.json");
  const first = await start({ dataFile, deployDelayMs: 60_000 });
  const project = (await first.call("POST", "/projects", first.own({ name: "kept" }))).body;
  await first.call("POST", "/variables", { key: "API_KEY", value: "v1", projectId: project.id });
  const serverlet = (await first.call("POST", "/serverlets", first.own({ name: "pending", image: "nginx" }))).body;
  const extra = first.emu.issueToken(first.emu.workspaceId);
  await first.emu.close();

  // No temp file left behind; close folded the log into the snapshot.
  expect(readdirSync(join(dir, "state")).sort()).toEqual(["futrou.json", "futrou.json.wal"]);
  expect(readFileSync(`${dataFile}.wal`, "utf8")).toBe("");

  const second = await start({ dataFile, deployDelayMs: 50 });
  try {
    expect(second.emu.token).toBe(first.emu.token);
    expect(second.emu.workspaceId).toBe(first.emu.workspaceId);
    const again = await second.call("GET", `/projects/${project.id}`);
    expect({ status: again.status, name: again.body.name }).toEqual({ status: 200, name: "kept" });
    expect((await second.call("GET", "/projects", undefined, extra)).status).toBe(200);
    expect(second.emu.inventory().variable[0]?.value).toBe("v1");
    // The deploy that was in flight when the first emulator stopped finishes in the second.
    await eventually(
      async () => (await second.call("GET", `/serverlets/${serverlet.id}`)).body.state,
      (s) => s === "running",
    );
  } finally {
    await second.emu.close();
  }
});

test("every acknowledged change is on disk when the answer arrives, without any close", async () => {
  const dataFile = fresh("acked");
  const h = await start({ dataFile });
  try {
    const created = await Promise.all(
      Array.from({ length: 25 }, (_, i) => h.call("POST", "/projects", h.own({ name: `p-${i}` }))),
    );
    expect(created.map((c) => c.status)).toEqual(Array(25).fill(201));
    const deleted = created[0]?.body.id;
    expect((await h.call("DELETE", `/projects/${deleted}`)).status).toBe(204);
    const token = (await h.admin("POST", "/tokens", { workspaceId: h.emu.workspaceId })).body.token;
    expect((await h.admin("DELETE", `/tokens/${token}`)).status).toBe(204);

    // What a restart after kill -9 would load right now: snapshot + log.
    const onDisk = loadState(dataFile, quietly)?.data;
    const ids = Object.keys(onDisk?.objects.project ?? {});
    expect(ids.sort()).toEqual(
      created
        .slice(1)
        .map((c) => c.body.id as string)
        .sort(),
    );
    expect(onDisk?.tokens[token]?.revoked).toBe(true);
  } finally {
    await h.emu.close();
  }
});

test("a record cut short by a crash (never acknowledged) is ignored; the rest is replayed", async () => {
  const dataFile = fresh("torn");
  const h = await start({ dataFile });
  const kept = (await h.call("POST", "/projects", h.own({ name: "acked" }))).body;
  const warnings: string[] = [];
  // The emulator is still running: its log holds the create. Add half a record, as a crash mid-write would.
  appendFileSync(`${dataFile}.wal`, '3f2a0c11 {"g":1,"ops":[{"p":["objects","project","x"],"v":{"wo');
  const onDisk = loadState(dataFile, (m) => warnings.push(m));
  expect(Object.keys(onDisk?.data.objects.project ?? {})).toEqual([kept.id]);
  expect(warnings.join("\n")).toContain("unfinished record");
  await h.emu.close();
});

test("a damaged record followed by intact ones is corruption: refused with a clear message", async () => {
  const { dataFile } = await seeded();
  const generation = JSON.parse(readFileSync(dataFile, "utf8")).walGeneration as number;
  writeFileSync(
    `${dataFile}.wal`,
    `deadbeef {"g":${generation},"ops":[]}\n${encodeRecord(generation, [{ path: ["seq"], json: "99" }])}`,
  );
  await expect(start({ dataFile })).rejects.toThrow(/corrupt at line 1/);
});

test("log records of an older generation (already in the snapshot) are not replayed again", async () => {
  const { dataFile, projectId } = await seeded();
  const generation = JSON.parse(readFileSync(dataFile, "utf8")).walGeneration as number;
  writeFileSync(
    `${dataFile}.wal`,
    encodeRecord(generation - 1, [{ path: ["objects", "project", projectId], json: undefined }]),
  );
  const h = await start({ dataFile });
  try {
    expect((await h.call("GET", `/projects/${projectId}`)).status).toBe(200);
  } finally {
    await h.emu.close();
  }
});

test("an object stored without a workspace is repaired from its fields or set aside; the emulator starts", async () => {
  const { dataFile, projectId, workspaceId } = await seeded();
  const data = JSON.parse(readFileSync(dataFile, "utf8"));
  const entry = data.objects.project[projectId];
  // What a token like `Bearer constructor` used to store: no workspace at all.
  data.objects.project[projectId] = { ...entry, workspaceId: undefined, object: { ...entry.object, workspaceId } };
  data.objects.project.orphan = {
    seq: 99,
    object: { ...entry.object, id: "orphan", name: "orphan", workspaceId: null },
  };
  writeFileSync(dataFile, JSON.stringify(data));
  writeFileSync(`${dataFile}.wal`, "");

  const h = await start({ dataFile });
  try {
    expect((await h.call("GET", `/projects/${projectId}`)).status).toBe(200);
    expect(h.emu.inventory().project.map((p) => p.id)).toEqual([projectId]);
    const aside = readdirSync(join(dataFile, "..")).filter((f) => f.includes("quarantine"));
    expect(aside).toHaveLength(1);
    expect(readFileSync(join(dataFile, "..", aside[0] ?? ""), "utf8")).toContain('"orphan"');
  } finally {
    await h.emu.close();
  }
});

test("a data file that is not the emulator's is refused at start", async () => {
  const dataFile = join(dir, "foreign.json");
  writeFileSync(dataFile, JSON.stringify({ hello: "world" }));
  await expect(start({ dataFile })).rejects.toThrow(/not usable/);
});

describe("a write that cannot be made durable", () => {
  /** Disk files that fail every append and snapshot while `broken` is set. */
  class FlakyFiles implements JournalFiles {
    broken = false;
    constructor(private readonly disk: JournalFiles) {}
    private check() {
      if (this.broken) throw Object.assign(new Error("ENOSPC: no space left on device, write"), { code: "ENOSPC" });
    }
    async append(text: string) {
      this.check();
      await this.disk.append(text);
    }
    resetLog = () => this.disk.resetLog();
    async writeSnapshot(text: string) {
      this.check();
      await this.disk.writeSnapshot(text);
    }
    close = () => this.disk.close();
  }

  test("is rolled back and reported; once the disk works again the next write lands", async () => {
    const dataFile = fresh("flaky");
    const seed = await start({ dataFile });
    await seed.emu.close();
    const loaded = loadState(dataFile, quietly);
    if (!loaded) throw new Error("no data");
    let rolledBack = 0;
    const store = new Store(loaded.data, () => {}, true);
    const files = new FlakyFiles(new DiskFiles(dataFile));
    const journal = await Journal.open(dataFile, store, loaded.generation, {
      files,
      onRollback: () => rolledBack++,
      warn: quietly,
    });
    const workspaceId = store.data.defaultWorkspaceId;
    const put = (id: string) => store.put("project", { workspaceId, seq: store.nextSeq(), object: { id, name: id } });

    files.broken = true;
    put("lost");
    await expect(journal.commit()).rejects.toBeInstanceOf(PersistenceError);
    expect(store.find("project", "lost")).toBeUndefined(); // undone in memory, as on disk
    expect(rolledBack).toBe(1);

    files.broken = false;
    put("landed");
    await journal.commit();
    const onDisk = loadState(dataFile, quietly)?.data.objects.project ?? {};
    expect(Object.keys(onDisk)).toEqual(["landed"]);
    await journal.close();
  });
});

test("a data file from before storages loads: the kind starts empty, its plans seeded, storageLimit = volumesLimit", async () => {
  const { dataFile, projectId, workspaceId } = await seeded();
  const old = JSON.parse(readFileSync(dataFile, "utf8"));
  delete old.objects.storage;
  delete old.plans.storage;
  for (const ws of Object.values(old.workspaces) as Array<Record<string, unknown>>) {
    delete ws.storageLimit;
    ws.volumesLimit = 7;
  }
  writeFileSync(dataFile, JSON.stringify(old));
  const h = await start({ dataFile });
  try {
    expect((await h.call("GET", `/projects/${projectId}`)).status).toBe(200);
    expect((await h.call("GET", "/storages/plans")).body.map((p: { name: string }) => p.name).sort()).toEqual([
      "pro",
      "standard",
      "starter",
    ]);
    expect((await h.call("POST", "/storages", { name: "new-kind", workspaceId })).status).toBe(201);
    expect(loadState(dataFile, quietly)?.data.workspaces[workspaceId]?.storageLimit).toBe(7);
  } finally {
    await h.emu.close();
  }
});

test("a store refuses an object without a known workspace, and finds nothing under prototype names", () => {
  const store = new Store(
    {
      version: 1,
      seq: 0,
      defaultWorkspaceId: "",
      defaultToken: "",
      workspaces: {},
      users: {},
      tokens: {},
      regions: [],
      plans: { serverlet: [], volume: [], dns: [], cron: [], proxy: [], storage: [] },
      objects: emptyObjects(),
    },
    () => {},
  );
  expect(() => store.put("project", { workspaceId: "constructor", seq: 1, object: { id: "p" } })).toThrow(
    /no known workspace/,
  );
  expect(store.find("project", "constructor")).toBeUndefined();
  expect(store.find("project", "__proto__")).toBeUndefined();
});

test("the data file and its log are owner-only", async () => {
  const { dataFile } = await seeded();
  for (const file of [dataFile, `${dataFile}.wal`]) {
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o077).toBe(0);
  }
});
