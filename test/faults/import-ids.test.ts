/**
 * An import whose id is not one of the kind's ids, through the real engine, in both modes (the dynamic
 * providers and the futrou plugin, the same `table` program): the `import` resource option and, on the
 * plugin, `pulumi import`. Each is refused before any request; afterwards the stack's state holds no resource
 * with that id, and `pulumi destroy` sends no DELETE: the zone the id's `..` would have named, and the record
 * in it, are still there. (Before, `<zoneId>/..` was read as the zone, adopted, and destroyed with it.)
 */
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { DnsRecord, DnsZone, Project } from "../../provider/kinds";
import { type ProgramStack, programStack } from "../e2e/engine";

jest.setTimeout(600_000);

const quiet = { onOutput: () => {} };

/** The pulumi CLI in the program's directory, with the stack's environment; its output, and whether it failed. */
async function pulumi(ps: ProgramStack, args: string[]): Promise<{ failed: boolean; output: string }> {
  const run = promisify(execFile);
  return run("pulumi", [...args, "--stack", ps.stack.name, "--non-interactive", "--yes"], {
    cwd: ps.dir,
    env: { ...process.env, ...ps.stack.workspace.envVars },
    maxBuffer: 16 * 1024 * 1024,
  }).then(
    ({ stdout, stderr }) => ({ failed: false, output: stdout + stderr }),
    (e: { stdout?: string; stderr?: string }) => ({ failed: true, output: `${e.stdout ?? ""}${e.stderr ?? ""}` }),
  );
}

/** The ids of the resources in the stack's state (providers and the stack itself have none of the API's). */
async function stateIds(ps: ProgramStack): Promise<string[]> {
  const resources: { id?: string; type: string }[] = (await ps.stack.exportStack()).deployment.resources ?? [];
  return resources.filter((r) => !r.type.startsWith("pulumi:")).map((r) => r.id ?? "");
}

describe.each([
  { mode: "dynamic", plugin: false },
  { mode: "plugin", plugin: true },
])("a malformed import id in $mode mode", ({ mode, plugin }) => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let zone: string;
  let project: string;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const workspaceId = emulator.workspaceId;
    // Made outside this stack: a zone holding a record someone relies on, and a project.
    zone = (await api.create("/dns", { domain: `${mode}-shop.example`, workspaceId }, DnsZone)).id;
    await api.create(`/dns/${zone}/records`, { name: "mail", type: "A", value: "192.0.2.25" }, DnsRecord);
    project = (await api.create("/projects", { name: `${mode}-shop`, workspaceId }, Project)).id;
    ps = await programStack({
      program: "table",
      stackName: `import-ids-${mode}`,
      plugin,
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: { "futrou:mode": { value: mode }, resources: { value: "[]" } },
    });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  const record = () => ({ dnsId: zone, name: "www", type: "CNAME", value: "shop.example", ttl: 3600 });

  it("the import option is refused naming import, with no request; the state holds nothing of it", async () => {
    const cases = [
      { kind: "dnsRecord", args: record(), id: `${zone}/..` },
      { kind: "dnsRecord", args: record(), id: `${zone}/%2e%2e` },
      { kind: "project", args: { name: `${mode}-shop` }, id: ".." },
    ];
    for (const c of cases) {
      const entry = { kind: c.kind, name: "adopted", args: c.args, opts: { import: c.id } };
      await ps.stack.setConfig("resources", { value: JSON.stringify([entry]) });
      emulator.resetStats();
      let output = "";
      await expect(ps.stack.up({ onOutput: (o) => (output += o) })).rejects.toThrow();
      expect(output).toContain(`"adopted": import: malformed id ${JSON.stringify(c.id)}`);
      expect(output).not.toMatch(/\bat .*\.js:\d+/); // one line, no stack trace
      expect(emulator.stats().total).toBe(0);
      expect(await stateIds(ps)).toEqual([]);
    }
  });

  if (plugin) {
    it("pulumi import is refused naming the id, with no request; the state holds nothing of it", async () => {
      const imports = [
        ["futrou:index:DnsRecord", "www", `${zone}/..`],
        ["futrou:index:DnsRecord", "www", `${zone}/.`],
        ["futrou:index:Project", "shop", "."],
      ];
      for (const [type, name, id] of imports) {
        emulator.resetStats();
        const run = await pulumi(ps, ["import", type as string, name as string, id as string]);
        expect(run).toMatchObject({ failed: true });
        expect(run.output).toContain(`malformed id ${JSON.stringify(id)}`);
        expect(run.output).toContain("Nothing was sent to the API");
        expect(emulator.stats().total).toBe(0);
        expect(await stateIds(ps)).toEqual([]);
      }
    });
  }

  it("pulumi destroy then sends no DELETE: the zone, its record and the project are still there", async () => {
    emulator.resetStats();
    await ps.stack.setConfig("resources", { value: "[]" });
    const destroy = await ps.stack.destroy(quiet);
    expect(destroy.summary.result).toBe("succeeded");
    expect(emulator.stats().byMethod.DELETE ?? 0).toBe(0);
    const inventory = emulator.inventory();
    expect(inventory.dnsZone.map((z) => z.id)).toEqual([zone]);
    expect(inventory.dnsRecord.filter((r) => r.dnsId === zone && r.name === "mail")).toHaveLength(1);
    expect(inventory.project.map((p) => p.id)).toEqual([project]);
  });
});

describe("a malformed import id in a YAML program (the `import` option, read by the plugin)", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let zone: string;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    zone = (await api.create("/dns", { domain: "yaml-shop.example", workspaceId: emulator.workspaceId }, DnsZone)).id;
    await api.create(`/dns/${zone}/records`, { name: "mail", type: "A", value: "192.0.2.25" }, DnsRecord);
    ps = await programStack({
      program: "import-yaml",
      plugin: true,
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token },
      config: { zoneId: { value: zone } },
    });
    // YAML's `import` option takes only a literal: written into the working copy as a user would.
    const file = join(ps.dir, "Pulumi.yaml");
    writeFileSync(
      file,
      readFileSync(file, "utf8").replace("import: IMPORT_ID", `import: ${JSON.stringify(`${zone}/..`)}`),
    );
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("up fails naming the id, with no request; the state holds nothing of it; destroy sends no DELETE", async () => {
    emulator.resetStats();
    let output = "";
    const error = await ps.stack.up({ onOutput: (o) => (output += o) }).then(
      () => "",
      (e: unknown) => (e instanceof Error ? e.message : String(e)),
    );
    output += error;
    expect(output).toContain(`malformed id ${JSON.stringify(`${zone}/..`)}`);
    expect(output).toContain("Nothing was sent to the API");
    expect(emulator.stats().total).toBe(0);
    expect(await stateIds(ps)).toEqual([]);
    const destroy = await ps.stack.destroy(quiet);
    expect(destroy.summary.result).toBe("succeeded");
    expect(emulator.stats().byMethod.DELETE ?? 0).toBe(0);
    expect(emulator.inventory().dnsZone.map((z) => z.id)).toEqual([zone]);
    expect(emulator.inventory().dnsRecord.filter((r) => r.dnsId === zone && r.name === "mail")).toHaveLength(1);
  });
});
