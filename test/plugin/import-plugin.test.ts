/**
 * `pulumi import` on the futrou plugin, as a user runs it: one object by type token and id, then several
 * from a `--file` (a DNS record by `<dnsId>/<recordId>` among them). The import reads each object once and
 * writes nothing; the program that declares them as they are then changes nothing; secret fields stay
 * secret; a field the API never returns is written by the next `up` only when the program sets it.
 */
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Cron, DnsRecord, DnsZone, Project, Serverlet, Storage, Volume } from "../../provider/kinds";
import { type ProgramStack, programStack, writes } from "../e2e/engine";

jest.setTimeout(900_000);

const quiet = { onOutput: () => {}, onEvent: (_: EngineEvent) => {} };

/** The pulumi CLI in the program's directory, with the stack's environment. */
async function pulumi(ps: ProgramStack, args: string[]): Promise<string> {
  const run = promisify(execFile);
  const { stdout, stderr } = await run("pulumi", [...args, "--stack", ps.stack.name, "--non-interactive"], {
    cwd: ps.dir,
    env: { ...process.env, ...ps.stack.workspace.envVars },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout + stderr;
}

describe("pulumi import on the futrou plugin", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: 50 });
    const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const workspaceId = emulator.workspaceId;
    // Made by hand (console, CLI, a script), long before anyone wrote a Pulumi program for them.
    ids.project = (
      await api.create("/projects", { name: "legacy-shop", displayName: "Legacy shop", workspaceId }, Project)
    ).id;
    ids.zone = (await api.create("/dns", { domain: "legacy-shop.example", workspaceId }, DnsZone)).id;
    const www = await api.create(
      `/dns/${ids.zone}/records`,
      { name: "www", type: "CNAME", value: "legacy-shop.example", ttl: 3600 },
      DnsRecord,
    );
    ids.record = `${ids.zone}/${www.id}`;
    ids.serverlet = (
      await api.create("/serverlets", { name: "legacy-api", image: "nginx:1.27", workspaceId }, Serverlet)
    ).id;
    ids.cron = (
      await api.create(
        "/crons",
        {
          name: "legacy-health",
          schedule: "*/10 * * * *",
          url: "https://legacy-shop.example/health",
          headers: { Authorization: "Bearer legacy-probe-secret" },
          workspaceId,
        },
        Cron,
      )
    ).id;
    ids.volume = (await api.create("/volumes", { name: "legacy-data", sizeGb: 50, workspaceId }, Volume)).id;
    ids.storage = (await api.create("/storages", { name: "legacy-files", workspaceId }, Storage)).id;
    ps = await programStack({
      program: "plugin-import",
      plugin: true,
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, FUTROU_POLL_INTERVAL_MS: "20" },
    });
  });
  afterAll(async () => {
    if (ps) await pulumi(ps, ["state", "unprotect", "--all", "--yes"]).catch(() => "");
    await ps?.dispose();
    await emulator?.close();
  });

  it("imports one object by type token and id, reading it and writing nothing", async () => {
    emulator.resetStats();
    const out = await pulumi(ps, [
      "import",
      "futrou:index:Project",
      "legacy",
      ids.project as string,
      "--yes",
      "--generate-code=false",
    ]);
    expect(out).toMatch(/=\s+futrou:index:Project legacy import/);
    expect(out).toMatch(/= 1 imported/);
    expect(writes(emulator.stats())).toBe(0);
    const project = (await ps.stack.exportStack()).deployment.resources?.find(
      (r: { type: string }) => r.type === "futrou:index:Project",
    );
    expect(project?.id).toBe(ids.project);
    expect(project?.protect).toBe(true);
    expect(project?.inputs).toMatchObject({ name: "legacy-shop", displayName: "Legacy shop" });
  });

  it("imports several from a --file, a DNS record by <dnsId>/<recordId> among them", async () => {
    const file = join(ps.dir, "import.json");
    const resources = [
      ["DnsZone", "zone", ids.zone],
      ["DnsRecord", "www", ids.record],
      ["Serverlet", "api", ids.serverlet],
      ["Cron", "health", ids.cron],
      ["Volume", "data", ids.volume],
      ["Storage", "files", ids.storage],
    ].map(([type, name, id]) => ({ type: `futrou:index:${type}`, name, id }));
    writeFileSync(file, JSON.stringify({ resources }));
    emulator.resetStats();
    const out = await pulumi(ps, ["import", "--file", file, "--yes", "--generate-code=false"]);
    expect(out).toMatch(/= 6 imported/);
    expect(writes(emulator.stats())).toBe(0);
    const record = (await ps.stack.exportStack()).deployment.resources?.find(
      (r: { type: string }) => r.type === "futrou:index:DnsRecord",
    );
    expect(record?.id).toBe(ids.record);
    expect(record?.inputs).toMatchObject({ dnsId: ids.zone, name: "www", type: "CNAME", ttl: 3600 });
    // The storage's plan was the API's choice: the import reads it, as an output the program need not set.
    const storage = (await ps.stack.exportStack()).deployment.resources?.find(
      (r: { type: string }) => r.type === "futrou:index:Storage",
    );
    expect(storage?.id).toBe(ids.storage);
    expect(storage?.outputs).toMatchObject({ name: "legacy-files", storagePlanId: expect.any(String) });
  });

  it("keeps secret fields secret: the cron's headers are not in the state file", async () => {
    const atRest = await ps.stateAtRest();
    expect(atRest).not.toContain("legacy-probe-secret");
    const cron = (await ps.stack.exportStack()).deployment.resources?.find(
      (r: { type: string }) => r.type === "futrou:index:Cron",
    );
    // Decrypted by the export, so the value was read back (and is secret at rest).
    expect(JSON.stringify(cron?.outputs?.headers)).toContain("4dabf18193072939515e22adb298388d");
  });

  it("the program that declares them as they are changes nothing and writes nothing", async () => {
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ same: 8 });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("a field the API never returns, set by the program, is written by the next up (one PATCH of it)", async () => {
    await ps.stack.setConfig("volumeProjectId", { value: ids.project as string });
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ same: 7, update: 1 });
    expect(emulator.stats().byRoute).toMatchObject({ "PATCH /volumes/{id}": 1 });
    expect(writes(emulator.stats())).toBe(1);
    emulator.resetStats();
    const again = await ps.stack.up(quiet);
    expect(again.summary.resourceChanges).toEqual({ same: 8 });
    expect(writes(emulator.stats())).toBe(0);
  });
});
