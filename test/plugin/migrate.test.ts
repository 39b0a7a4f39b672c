/**
 * Moving a stack made with the TypeScript SDK's dynamic providers to the futrou plugin, step by step as the
 * docs/modes.md's "Moving a stack from the dynamic providers to the plugin" says: the same program switched from
 * `pulumi-futrou` to the generated `@futrou/pulumi` (whose classes carry the aliases from the dynamic types),
 * its explicit provider aliased from `pulumi:providers:pulumi-nodejs`, one resource written against its type
 * token with the alias by hand. The TypeScript SDK moves the same stack with one setting and no program
 * change: `futrou:mode: plugin` (its classes then carry the aliases). Either way the move replaces nothing
 * and writes nothing to the API; a refresh then leaves no serialized provider code in the state.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { editProgram, type ProgramStack, programStack, writes } from "../e2e/engine";

jest.setTimeout(900_000);

const quiet = { onOutput: () => {}, onEvent: (_: EngineEvent) => {} };

/** The two ways a TypeScript program moves, each as the stack config it sets for the move. */
const ROUTES = [
  { route: "to the generated SDK (@futrou/pulumi)", key: "mode" },
  { route: "with pulumi-futrou itself (futrou:mode: plugin, no program change)", key: "futrou:mode" },
];

describe.each(ROUTES)("a dynamic-provider stack moves to the plugin $route", ({ key }) => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let ws2: { workspaceId: string; token: string };

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: 50 });
    ws2 = emulator.createWorkspace({ name: "partner" });
    ps = await programStack({
      program: "plugin-migrate",
      plugin: true,
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, FUTROU_POLL_INTERVAL_MS: "20" },
      config: {
        mode: { value: "dynamic" },
        apiKey: { value: "sk-migrate-secret", secret: true },
        ws2Token: { value: ws2.token, secret: true },
      },
    });
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ create: 12 }); // 10 resources, the explicit provider, the stack
    expect(await ps.stateAtRest()).toContain("pulumi-nodejs:dynamic/futrou:Serverlet");
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("the preview of the move changes nothing: no replacement, no update", async () => {
    await ps.stack.setConfig(key, { value: "plugin" });
    const preview = await ps.stack.preview(quiet);
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
  });

  it("the move writes nothing to the API, and the stack holds futrou: types afterwards", async () => {
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(Object.keys(up.summary.resourceChanges ?? {})).toEqual(["same"]);
    expect(writes(emulator.stats())).toBe(0);
    const resources: { type: string; urn: string }[] = (await ps.stack.exportStack()).deployment.resources ?? [];
    const types = resources.map((r) => r.type);
    expect(types.filter((t) => t.startsWith("futrou:index:"))).toHaveLength(10);
    expect(types.filter((t) => t.includes("pulumi-nodejs"))).toEqual([]);
    // The explicit provider, now of the futrou package; the rest are default providers (the generated SDK's
    // carry its version in their name, the resource written against the type token uses the unversioned one).
    const providers = resources.filter((r) => r.type.startsWith("pulumi:providers:"));
    expect(new Set(providers.map((r) => r.type))).toEqual(new Set(["pulumi:providers:futrou"]));
    expect(providers.map((r) => r.urn.split("::").pop()).filter((n) => !n?.startsWith("default"))).toEqual(["ws2"]);
  });

  it("a refresh leaves no serialized provider code in the state, and writes nothing", async () => {
    emulator.resetStats();
    const refresh = await ps.stack.refresh(quiet);
    expect(refresh.summary.result).toBe("succeeded");
    const atRest = await ps.stateAtRest();
    expect(atRest).not.toContain("__provider");
    expect(atRest).not.toContain("pulumi-nodejs");
    expect(atRest).not.toContain("sk-migrate-secret");
    expect(atRest).not.toContain("nightly-secret");
    expect(atRest).not.toContain(ws2.token);
    const up = await ps.stack.up(quiet);
    expect(Object.keys(up.summary.resourceChanges ?? {})).toEqual(["same"]);
    expect(writes(emulator.stats())).toBe(0);
  });

  it("going back to the dynamic providers is refused before anything changes, naming futrou:mode", async () => {
    await ps.stack.setConfig(key, { value: "dynamic" });
    emulator.resetStats();
    let output = "";
    await expect(ps.stack.up({ onOutput: (o) => (output += o) })).rejects.toThrow();
    expect(output).toContain("set futrou:mode to plugin again");
    expect(writes(emulator.stats())).toBe(0);
    const types: string[] = ((await ps.stack.exportStack()).deployment.resources ?? []).map(
      (r: { type: string }) => r.type,
    );
    expect(types.filter((t) => t.startsWith("futrou:index:"))).toHaveLength(10);
    // Back on the plugin: the one thing the refused run left, the dynamic host's provider it started, goes.
    await ps.stack.setConfig(key, { value: "plugin" });
    const back = await ps.stack.up(quiet);
    expect(back.summary.resourceChanges).toMatchObject({ same: 12 });
    expect(Object.keys(back.summary.resourceChanges ?? {}).filter((k) => k !== "same" && k !== "delete")).toEqual([]);
    expect(writes(emulator.stats())).toBe(0);
    const left: string[] = ((await ps.stack.exportStack()).deployment.resources ?? []).map(
      (r: { type: string }) => r.type,
    );
    expect(left.filter((t) => t.includes("pulumi-nodejs"))).toEqual([]);
    expect(Object.keys((await ps.stack.preview(quiet)).changeSummary)).toEqual(["same"]);
  });

  it("after the move, a change in the program updates objects through the plugin, the explicit provider's too", async () => {
    editProgram(ps, '{ displayName: "Partner" }', '{ displayName: "Partner, renamed" }');
    editProgram(ps, 'env: { MODE: "blue" }', 'env: { MODE: "green" }');
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ same: 10, update: 2 });
    expect(emulator.stats().byMethod).toMatchObject({ PATCH: 2 });
    expect(emulator.inventory(ws2.workspaceId).project).toEqual([
      expect.objectContaining({ displayName: "Partner, renamed" }),
    ]);
    expect(emulator.inventory(emulator.workspaceId).serverlet).toEqual([
      expect.objectContaining({ env: { MODE: "green" } }),
    ]);
    // Through the plugin: the state still holds no dynamic provider.
    expect(await ps.stateAtRest()).not.toContain("pulumi-nodejs:dynamic");
  });

  it("destroy deletes the moved objects in both workspaces", async () => {
    const destroy = await ps.stack.destroy(quiet);
    expect(destroy.summary.resourceChanges).toEqual({ delete: 12 });
    for (const workspace of [emulator.workspaceId, ws2.workspaceId]) {
      const left = Object.entries(emulator.inventory(workspace)).flatMap(([kind, objects]) =>
        (objects as { platform?: boolean }[]).filter((o) => !o.platform).map(() => kind),
      );
      expect({ workspace, left }).toEqual({ workspace, left: [] });
    }
  });
});
