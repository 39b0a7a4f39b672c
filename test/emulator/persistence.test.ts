/** With a data file, state survives a restart: same token, same objects, write-only values kept. */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eventually, start } from "./helpers";

const dir = mkdtempSync(join(tmpdir(), "futrou-emulator-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("objects, tokens and pending deploys survive a restart", async () => {
  const dataFile = join(dir, "state", "futrou.json");
  const first = await start({ dataFile, deployDelayMs: 60_000 });
  const project = (await first.call("POST", "/projects", { name: "kept" })).body;
  await first.call("POST", "/variables", { key: "API_KEY", value: "v1", projectId: project.id });
  const serverlet = (await first.call("POST", "/serverlets", { name: "pending", image: "nginx" })).body;
  const extra = first.emu.issueToken(first.emu.workspaceId);
  await first.emu.close();

  expect(existsSync(dataFile)).toBe(true);
  // No temp file left behind; close folded the log into the snapshot.
  expect(readdirSync(join(dir, "state")).sort()).toEqual(["futrou.json", "futrou.json.wal"]);
  expect(readFileSync(`${dataFile}.wal`, "utf8")).toBe("");
  expect(() => JSON.parse(readFileSync(dataFile, "utf8"))).not.toThrow();

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

test("a data file that is not the emulator's is refused at start", async () => {
  const dataFile = join(dir, "foreign.json");
  writeFileSync(dataFile, JSON.stringify({ hello: "world" }));
  await expect(start({ dataFile })).rejects.toThrow(/not usable/);
});
