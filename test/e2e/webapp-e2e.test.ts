/**
 * The webapp example through the real engine against the emulator: what a user sees in CI (`pulumi up`)
 * and when catching drift (`pulumi refresh`).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { DnsRecord, DnsZone, Serverlet } from "../../provider/kinds";
import { editProgram, type ProgramStack, programStack, writes } from "./engine";

jest.setTimeout(600_000);

const DB_PASSWORD = "correct-horse-battery-staple-7731";

describe("examples/webapp end to end", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  /** Everything the engine printed and every engine event, across all operations. */
  const transcript: string[] = [];
  const collect = {
    onOutput: (out: string) => transcript.push(out),
    onEvent: (event: EngineEvent) => transcript.push(JSON.stringify(event)),
  };

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: 200 });
    ps = await programStack({
      program: "examples/webapp",
      env: { FUTROU_API_URL: emulator.url },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        dbPassword: { value: DB_PASSWORD, secret: true },
      },
    });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("creates every resource on the first up", async () => {
    const up = await ps.stack.up(collect);
    expect(up.summary.result).toBe("succeeded");
    // stack + project, volume, serverlet, 2 variables, proxy, zone, 4 records, cron
    expect(up.summary.resourceChanges).toEqual({ create: 13 });
    expect(up.outputs.serverletState?.value).toBe("running");
    const inv = emulator.inventory();
    // The zone also holds the SOA and NS records the platform made: they are not the stack's.
    expect(inv.dnsRecord.filter((r) => !r.platform)).toHaveLength(4);
    expect(inv.dnsRecord.filter((r) => r.platform).map((r) => r.type)).toEqual(expect.arrayContaining(["SOA", "NS"]));
    expect(inv.variable).toHaveLength(2);
  });

  it("a second up reports no changes and makes no API writes", async () => {
    emulator.resetStats();
    const up = await ps.stack.up(collect);
    expect(up.summary.resourceChanges).toEqual({ same: 13 });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("a refresh of the untouched stack reports no changes, and the up after it none either", async () => {
    emulator.resetStats();
    const refresh = await ps.stack.refresh(collect);
    expect(refresh.summary.resourceChanges).toEqual({ same: 13 });
    const up = await ps.stack.up(collect);
    expect(up.summary.resourceChanges).toEqual({ same: 13 });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("one changed field is exactly one update", async () => {
    editProgram(ps, "maxInstances: 3", "maxInstances: 4");
    const up = await ps.stack.up(collect);
    expect(up.summary.resourceChanges).toEqual({ update: 1, same: 12 });
    expect(emulator.inventory().serverlet[0]?.maxInstances).toBe(4);
  });

  it("a changed replace field is exactly one replace, and the old object is gone", async () => {
    const before = emulator.inventory().variable.map((v) => v.key);
    editProgram(ps, 'key: "DB_HOST"', 'key: "DATABASE_HOST"');
    const up = await ps.stack.up(collect);
    expect(up.summary.resourceChanges).toEqual({ replace: 1, same: 12 });
    const after = emulator.inventory().variable.map((v) => v.key);
    expect(before.sort()).toEqual(["DB_HOST", "DB_PASSWORD"]);
    expect(after.sort()).toEqual(["DATABASE_HOST", "DB_PASSWORD"]);
  });

  it("refresh catches drift made through the API, and the next up repairs it", async () => {
    const client = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const [app] = await client.list("/serverlets", Serverlet);
    const [zone] = await client.list("/dns", DnsZone);
    if (!app || !zone) throw new Error("the stack's serverlet or zone is missing");
    const image = app.image;
    await client.patch(`/serverlets/${app.id}`, { image: `${image}-hotfix` }, Serverlet);
    const records = await client.list(`/dns/${zone.id}/records`, DnsRecord);
    const www = records.find((r) => r.name === "www");
    if (!www) throw new Error("the stack's www record is missing");
    await client.delete(`/dns/${zone.id}/records/${www.id}`);

    const refresh = await ps.stack.refresh(collect);
    expect(refresh.summary.resourceChanges).toEqual({ update: 1, delete: 1, same: 11 });

    const repair = await ps.stack.up(collect);
    expect(repair.summary.resourceChanges).toEqual({ update: 1, create: 1, same: 11 });
    const repaired = await client.get(`/serverlets/${app.id}`, Serverlet);
    expect(repaired.image).toBe(image);
    const restored = await client.list(`/dns/${zone.id}/records`, DnsRecord);
    expect(restored.filter((r) => r.name === "www")).toHaveLength(1);

    emulator.resetStats();
    const third = await ps.stack.up(collect);
    expect(third.summary.resourceChanges).toEqual({ same: 13 });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("a bad input fails preview with the field named and touches nothing", async () => {
    editProgram(ps, "minInstances: 1,", "minInstances: 9,");
    emulator.resetStats();
    const failed = ps.stack.preview(collect);
    await expect(failed).rejects.toThrow(/minInstances/);
    expect(writes(emulator.stats())).toBe(0);
    editProgram(ps, "minInstances: 9,", "minInstances: 1,");
  });

  it("keeps the API token and the secret value out of state and logs", async () => {
    const state = await ps.stateAtRest();
    const resources: Array<{ type: string; outputs?: Record<string, unknown> }> =
      JSON.parse(state).checkpoint.latest.resources;
    expect(resources.filter((r) => r.type === "pulumi-nodejs:dynamic/futrou:Variable")).toHaveLength(2);
    expect(state).not.toContain(emulator.token);
    expect(state).not.toContain(DB_PASSWORD);
    expect(state).toContain("ciphertext"); // the secret value and the token's config are there, encrypted
    // The serialized providers carry no secret: one short line that names the kind.
    const providers = new Set(resources.map((r) => r.outputs?.__provider).filter((p) => p !== undefined));
    expect(providers.size).toBe(8);
    for (const p of providers) expect(String(p).length).toBeLessThan(300);
    const logs = transcript.join("\n");
    expect(logs.length).toBeGreaterThan(1000);
    expect(logs).not.toContain(emulator.token);
    expect(logs).not.toContain(DB_PASSWORD);
  });

  it("records where each resource is declared in the program (source positions survive the SDK's stack savings)", async () => {
    const state = JSON.parse(await ps.stateAtRest());
    const resources: Array<{ type: string; sourcePosition?: string }> = state.checkpoint.latest.resources;
    const serverlet = resources.find((r) => r.type === "pulumi-nodejs:dynamic/futrou:Serverlet");
    const lines = readFileSync(join(ps.dir, "index.ts"), "utf8").split("\n");
    const declared = lines.findIndex((l) => l.includes("new futrou.Serverlet(")) + 1;
    expect(declared).toBeGreaterThan(0);
    expect(serverlet?.sourcePosition).toMatch(new RegExp(`^project:///index\\.ts#${declared},\\d+$`));
  });

  it("destroy leaves nothing of the stack in the emulator (the zone's platform records go with the zone)", async () => {
    const destroy = await ps.stack.destroy(collect);
    expect(destroy.summary.result).toBe("succeeded");
    const inv = emulator.inventory();
    for (const [kind, objects] of Object.entries(inv)) {
      expect({ kind, left: objects.length }).toEqual({ kind, left: 0 });
    }
  });
});
