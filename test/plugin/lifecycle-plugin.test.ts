/**
 * A TypeScript program on the `futrou` provider plugin, through the real engine: every kind as
 * `futrou:index:<Type>`, the lifecycle (up, no-change up, out-of-band edit, refresh, repair), previews that
 * name exactly the changed fields (update, replace, replaceOnChanges), secrets that stay secret in the
 * state, no serialized code in the state, and a destroy with the npm package gone from the program.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Serverlet } from "../../provider/kinds";
import { type ProgramStack, programStack, writes } from "../e2e/engine";

jest.setTimeout(900_000);

const quiet = { onOutput: () => {}, onEvent: (_: EngineEvent) => {} };

/** The resources of a stack export, by logical name. */
function resourcesOf(deployment: {
  resources?: unknown[];
}): Map<string, { type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }> {
  const all = (deployment.resources ?? []) as {
    urn: string;
    type: string;
    inputs?: Record<string, unknown>;
    outputs?: Record<string, unknown>;
  }[];
  return new Map(all.map((r) => [r.urn.split("::").at(-1) as string, r]));
}

const HEADER = /: \((same|update|replace|create|delete|create-replacement|delete-replaced|import)\)\s*$/;

/** The lines `pulumi preview --diff` prints for one resource: its header, id/urn and property lines. */
function diffBlock(text: string, type: string, name: string): string {
  const lines = text.split("\n");
  const start = lines.findIndex(
    (l, i) =>
      HEADER.test(l) &&
      l.includes(`futrou:index:${type}:`) &&
      lines.slice(i + 1, i + 4).some((u) => u.includes(`futrou:index:${type}::${name}]`)),
  );
  if (start < 0) return "";
  const end = lines.findIndex((l, i) => i > start && (HEADER.test(l) || /^Resources:/.test(l)));
  return lines.slice(start, end < 0 ? undefined : end).join("\n");
}

/** The property lines of a block (`~ image: … => …`, `+ name: …`). */
const propertyLines = (block: string): string[] => block.split("\n").filter((l) => /^\s+[~+-] \w+\s*: /.test(l));

describe("a TypeScript program on the futrou plugin", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let api: FutrouClient;
  let appId: string;

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: 50 });
    api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    ps = await programStack({
      program: "plugin",
      plugin: true,
      env: { FUTROU_API_URL: emulator.url, FUTROU_POLL_INTERVAL_MS: "20" },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        apiKey: { value: "sk-live-plugin-secret", secret: true },
      },
    });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("creates every kind as futrou:index:<Type>, with no code and no plain secret in the state", async () => {
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ create: 11 }); // 10 resources and the stack
    appId = String(up.outputs.appId?.value);
    expect(up.outputs.appState?.value).toBe("running");
    const deployment = (await ps.stack.exportStack()).deployment;
    const types = [...resourcesOf(deployment).values()].map((r) => r.type).sort();
    expect(types).toEqual([
      "futrou:index:Cron",
      "futrou:index:DnsRecord",
      "futrou:index:DnsZone",
      "futrou:index:Project",
      "futrou:index:Proxy",
      "futrou:index:Serverlet",
      "futrou:index:Storage",
      "futrou:index:Variable",
      "futrou:index:Variable",
      "futrou:index:Volume",
      "pulumi:providers:futrou",
      "pulumi:pulumi:Stack",
    ]);
    const atRest = await ps.stateAtRest();
    expect(atRest).not.toContain("__provider");
    expect(atRest).not.toContain("pulumi-nodejs");
    expect(atRest).not.toContain("require(");
    // The program's secret (a config secret), a kind's secret field (cron headers) and the token.
    expect(atRest).not.toContain("sk-live-plugin-secret");
    expect(atRest).not.toContain("probe-header-token");
    expect(atRest).not.toContain(emulator.token);
    const apiKey = resourcesOf(deployment).get("api-key");
    expect(apiKey?.inputs?.__secrets).toEqual(["value"]);
  });

  it("a second up changes nothing and writes nothing", async () => {
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ same: 11 });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("refresh shows an out-of-band edit, and up repairs it", async () => {
    await api.patch(`/serverlets/${appId}`, { maxInstances: 7 }, Serverlet);
    const refresh = await ps.stack.refresh(quiet);
    expect(refresh.summary.resourceChanges).toMatchObject({ update: 1 });
    let text = "";
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toMatchObject({ update: 1 });
    expect(text).toMatch(/maxInstances\s*:\s*7\s*=>\s*2/);
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect((await api.get(`/serverlets/${appId}`, Serverlet)).maxInstances).toBe(2);
  });

  it("preview --diff names exactly the changed field of an update", async () => {
    await ps.stack.setConfig("image", { value: "ghcr.io/acme/app:1.1" });
    let text = "";
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toMatchObject({ update: 1 });
    const block = diffBlock(text, "Serverlet", "app");
    expect(block).toMatch(/~ futrou:index:Serverlet: \(update\)/);
    expect(block).toMatch(/~ image\s*:\s*"ghcr.io\/acme\/app:1.0"\s*=>\s*"ghcr.io\/acme\/app:1.1"/);
    // Only that field: no output-only field (state, instances), no other input.
    expect(propertyLines(block)).toHaveLength(1);
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
  });

  it("preview --diff names the field that replaces, and only it", async () => {
    await ps.stack.setConfig("region", { value: "eu-west" });
    let text = "";
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toMatchObject({ replace: 1 });
    const block = diffBlock(text, "Serverlet", "app");
    expect(block).toMatch(/\+-futrou:index:Serverlet: \(replace\)/);
    expect(block).toMatch(/~ regionId\s*:/);
    expect(propertyLines(block)).toHaveLength(1);
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    appId = String(up.outputs.appId?.value);
  });

  it("replaceOnChanges replaces on a change the provider updates in place", async () => {
    await ps.stack.setConfig("mode", { value: "green" });
    let text = "";
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toMatchObject({ replace: 1 });
    const block = diffBlock(text, "Serverlet", "app");
    expect(block).toMatch(/\+-futrou:index:Serverlet: \(replace\)/);
    expect(block).toMatch(/~ env\s*:/);
    // Only that field: env alone at the top level, and inside it only the entry that changed.
    const lines = propertyLines(block);
    const depth = (l: string) => l.search(/\S/);
    const top = Math.min(...lines.map(depth));
    const names = (ls: string[]) => ls.map((l) => l.trim().split(/\s*:/)[0]);
    expect(names(lines.filter((l) => depth(l) === top))).toEqual(["~ env"]);
    expect(names(lines.filter((l) => depth(l) > top))).toEqual(["~ MODE"]);
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toMatchObject({ replace: 1 });
    expect(String(up.outputs.appId?.value)).not.toBe(appId);
  });

  it("destroys with the npm package removed from the program's directory", async () => {
    rmSync(join(ps.dir, "node_modules"), { force: true });
    const destroy = await ps.stack.destroy(quiet);
    expect(destroy.summary.result).toBe("succeeded");
    const left = emulator.inventory();
    expect(left.serverlet).toHaveLength(0);
    expect(left.project).toHaveLength(0);
    expect(left.dnsRecord.filter((r) => !r.platform)).toHaveLength(0);
  });
});
