/**
 * Drift as users meet it, through the real engine: CI deploys the image outside Pulumi (`ignoreChanges`),
 * someone scales a serverlet or grows a volume in the console. After `pulumi refresh` the engine must see
 * what is really there: ignored fields stay as deployed, the preview names the drifted field, a change to
 * fields the API does not return is warned about, and a volume grown outside is a normal diff that the drift
 * check lists with the rest, whose shrink back `pulumi up` refuses before any request (issue 15, point 5).
 * Both modes run the same cases: the dynamic providers and the provider plugin share the kit.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Serverlet, Volume } from "../../provider/kinds";
import { type ProgramStack, programStack, writes } from "./engine";

jest.setTimeout(600_000);

/** The property lines `pulumi preview --diff` prints (`~ image: … => …`, `- cpu: 250`, `+ name: …`). */
const propertyLines = (text: string): string[] => text.split("\n").filter((l) => /^\s+[~+-] \w+\s*: /.test(l));

/** The same program on each mode: the dynamic providers (TypeScript) and the plugin (Pulumi YAML). */
const MODES = [
  ["the dynamic providers", { program: "drift", plugin: false }],
  ["the provider plugin", { program: "drift-yaml", plugin: true }],
] as const;

describe.each(MODES)("drift through the real engine, on %s", (_mode, { program, plugin }) => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let api: FutrouClient;
  let appId: string;
  let volumeId: string;
  const quiet = { onOutput: () => {}, onEvent: (_: EngineEvent) => {} };

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: 100 });
    api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    ps = await programStack({
      program,
      plugin,
      env: { FUTROU_API_URL: emulator.url },
      config: { "futrou:apiToken": { value: emulator.token, secret: true } },
    });
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ create: 3 });
    appId = String(up.outputs.appId?.value);
    volumeId = String(up.outputs.volumeId?.value);
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("a refresh of an untouched stack changes nothing and writes nothing", async () => {
    emulator.resetStats();
    const refresh = await ps.stack.refresh(quiet);
    expect(refresh.summary.resourceChanges).toEqual({ same: 3 });
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ same: 3 });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("after a refresh, preview --diff shows only what the program changes: no removal of what the API chose (cpu, ram)", async () => {
    // The serverlet leaves cpu and ram to the API, whose answers carry them: outputs, never inputs.
    expect(emulator.inventory().serverlet[0]).toMatchObject({ cpu: expect.any(Number), ram: expect.any(Number) });
    await ps.stack.refresh(quiet);
    let untouched = "";
    await ps.stack.preview({ diff: true, expectNoChanges: true, onOutput: (o) => (untouched += o) });
    expect(propertyLines(untouched)).toEqual([]);
    await ps.stack.setConfig("maxInstances", { value: "3" });
    let text = "";
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    await ps.stack.removeConfig("maxInstances");
    expect(preview.changeSummary).toMatchObject({ update: 1, same: 2 });
    expect(propertyLines(text)).toEqual([expect.stringMatching(/~ maxInstances\s*: 2 => 3/)]);
  });

  it("an ignored field deployed by CI survives refresh and up", async () => {
    await api.patch(`/serverlets/${appId}`, { image: "ghcr.io/acme/app:1.1-ci" }, Serverlet);
    await ps.stack.refresh(quiet);
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ same: 3 });
    expect(writes(emulator.stats())).toBe(0);
    expect((await api.get(`/serverlets/${appId}`, Serverlet)).image).toBe("ghcr.io/acme/app:1.1-ci");
  });

  it("after refresh finds drift, preview --diff names the drifted field", async () => {
    await api.patch(`/serverlets/${appId}`, { maxInstances: 7 }, Serverlet);
    await ps.stack.refresh(quiet);
    let text = "";
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toMatchObject({ update: 1, same: 2 });
    expect(text).toMatch(/maxInstances\s*:\s*7\s*=>\s*2/);
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect((await api.get(`/serverlets/${appId}`, Serverlet)).maxInstances).toBe(2);
  });

  it("a change outside Pulumi to fields the API does not return makes refresh warn once, naming them", async () => {
    await api.patch(`/serverlets/${appId}`, { env: { INJECTED: "1" } }, Serverlet);
    const warned = new RegExp(
      `warning: futrou:Serverlet "app-[a-z0-9]{7}" \\(${appId}\\) was changed outside Pulumi \\(updatedAt \\S+ → \\S+\\), ` +
        "but no field the API returns did: fields the API does not return may have changed: " +
        "serverletPlanId, projectId, env, volumes, mounts, ports, scaling, arch\\.",
    );
    // The nightly drift check passes (nothing it can compare changed) but says so.
    let text = "";
    await ps.stack.preview({ refresh: true, expectNoChanges: true, onOutput: (o) => (text += o) });
    expect(text).toMatch(warned);
    // `preview --refresh` saves nothing: a refresh says it again, and records the new updatedAt.
    text = "";
    const refresh = await ps.stack.refresh({ onOutput: (o) => (text += o) });
    expect(refresh.summary.resourceChanges).toEqual({ same: 3 });
    expect(text).toMatch(warned);
    expect(text).not.toMatch(/futrou:Volume[^\n]*was changed outside Pulumi/);
    // The refresh recorded the new updatedAt: the next one has nothing to say.
    let again = "";
    await ps.stack.refresh({ onOutput: (o) => (again += o) });
    expect(again).not.toContain("was changed outside Pulumi");
  });

  it("a volume grown outside Pulumi is a normal diff: the drift check lists it with all other drift, up refuses the shrink", async () => {
    await api.patch(`/volumes/${volumeId}`, { sizeGb: 50 }, Volume);
    await api.patch(`/serverlets/${appId}`, { maxInstances: 5 }, Serverlet);
    emulator.resetStats();
    let text = "";
    // The nightly drift check: refresh, then a preview that must show no changes.
    const failure = await ps.stack
      .preview({ refresh: true, expectNoChanges: true, diff: true, onOutput: (o) => (text += o) })
      .then(
        () => "",
        (e: unknown) => String(e),
      );
    expect(failure).toMatch(/no changes were expected for preview but changes were proposed/);
    expect(text).toMatch(/sizeGb\s*:\s*50\s*=>\s*10/);
    expect(text).toMatch(/maxInstances\s*:\s*5\s*=>\s*2/);
    // (With `--diff`, the engine prints warnings on stderr, which the failure carries.)
    expect(failure).toMatch(
      /warning: futrou:Volume "data-[a-z0-9]{7}": sizeGb: cannot shrink a volume from 50 to 10 GB: volumes can only grow .*Its sizeGb is 50, changed outside Pulumi \(found by refresh\): `pulumi up` refuses this update; set sizeGb to 50 in the program to keep it\./,
    );
    expect(writes(emulator.stats())).toBe(0);
    // (`preview --refresh` does not save what it found; a refresh does.)
    await ps.stack.refresh(quiet);
    await expect(ps.stack.up(quiet)).rejects.toThrow(
      /futrou:Volume "data-[a-z0-9]{7}" \([0-9a-f-]+\): sizeGb: cannot shrink a volume from 50 to 10 GB.*nothing was changed: set sizeGb to 50 in the program/,
    );
    expect((await api.get(`/volumes/${volumeId}`, Volume)).sizeGb).toBe(50);
    // Growing the program to the real size makes it agree again.
    await ps.stack.setConfig("sizeGb", { value: "50" });
    const up = await ps.stack.up(quiet);
    expect(up.summary.result).toBe("succeeded");
    expect((await api.get(`/serverlets/${appId}`, Serverlet)).maxInstances).toBe(2);
    expect((await api.get(`/volumes/${volumeId}`, Volume)).sizeGb).toBe(50);
  });
});

describe("errors users read", () => {
  it("a refresh that fails prints one line per resource: no stack trace, no second copy", async () => {
    const emulator = await startEmulator({ deployDelayMs: 50, quiet: true });
    const ps = await programStack({
      program: "drift",
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token },
    });
    try {
      await ps.stack.up({ onOutput: () => {} });
      emulator.setFaults({ rate500: 1 });
      let text = "";
      await expect(ps.stack.refresh({ onOutput: (o) => (text += o) })).rejects.toThrow();
      emulator.setFaults({ rate500: 0 });
      const diagnostics = text.slice(text.indexOf("Diagnostics:"));
      expect(diagnostics).toMatch(/futrou:Serverlet \(app\):\n\s+error: 500 Internal Server Error — injected fault/);
      expect(diagnostics).toMatch(/futrou:Volume \(data\):\n\s+error: 500 Internal Server Error — injected fault/);
      expect(text).not.toMatch(/^\s+at /m); // no JS stack frames
      expect(text).not.toContain("FutrouApiError: 500"); // the host's own `${e}: ${e.stack}` print is gone
    } finally {
      await ps.dispose();
      await emulator.close();
    }
  });
});

describe("the API token in verbose engine logs", () => {
  it("a token passed as FUTROU_API_TOKEN is in no line of `pulumi up -v=9 --logtostderr`", async () => {
    const emulator = await startEmulator({ deployDelayMs: 50 });
    const ps = await programStack({
      program: "drift",
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token },
    });
    try {
      let log = "";
      const collect = (s: string) => {
        log += s;
      };
      const up = await ps.stack.up({ logVerbosity: 9, logToStdErr: true, onOutput: collect, onError: collect });
      expect(up.summary.resourceChanges).toEqual({ create: 3 });
      expect(log).toContain("Configure()"); // the verbose log is really there (it names the provider's Configure call)
      expect(log).not.toContain(emulator.token);
      expect(log).not.toContain(emulator.token.slice(37)); // nor the secret half of `<id>-<secret>`
    } finally {
      await ps.dispose();
      await emulator.close();
    }
  });
});
