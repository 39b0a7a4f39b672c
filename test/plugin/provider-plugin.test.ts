/**
 * Provider settings and conventions on the futrou plugin, through the real engine: an explicit provider
 * with a second workspace's token (resources and lookups there, token secret), a bad setting failing at
 * preview by name, a rotated token updating the provider in place, auto-names the same in preview and up,
 * kept across a refresh (their marker in the inputs only) and required when `pulumi:autonaming` disables
 * them, and `customTimeouts.create` bounding the wait.
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack, writes } from "../e2e/engine";

jest.setTimeout(900_000);

const quiet = { onOutput: () => {}, onEvent: (_: EngineEvent) => {} };

describe("provider settings on the futrou plugin", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let ws2: { workspaceId: string; token: string };
  let previewedName: string | undefined;

  beforeAll(async () => {
    // A deploy slower than any test: the serverlet with customTimeouts.create = 2s never becomes running.
    emulator = await startEmulator({ deployDelayMs: 600_000, quiet: true });
    ws2 = emulator.createWorkspace({ name: "partner" });
    ps = await programStack({
      program: "plugin-provider",
      plugin: true,
      env: { FUTROU_API_URL: emulator.url, FUTROU_POLL_INTERVAL_MS: "20" },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        ws2Token: { value: ws2.token, secret: true },
      },
    });
    let text = "";
    await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    previewedName = /\bname\s*:\s*"(shop-[a-z0-9]{7})"/.exec(text)?.[1];
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("the auto-name the preview shows is the one up creates", async () => {
    expect(previewedName).toBeDefined();
    const up = await ps.stack.up(quiet);
    expect(up.outputs.shopName?.value).toBe(previewedName);
  });

  it("an explicit provider with a second workspace's token creates and looks up there", async () => {
    const outputs = await ps.stack.outputs();
    expect(emulator.inventory(ws2.workspaceId).project.map((p) => p.name)).toEqual(["partner-site"]);
    expect(emulator.inventory(emulator.workspaceId).project.map((p) => p.name)).toEqual([previewedName]);
    expect(outputs.foundId?.value).toBe(outputs.partnerId?.value);
    expect(await ps.stateAtRest()).not.toContain(ws2.token);
  });

  it("a provider setting of the wrong kind fails at preview, naming it", async () => {
    await ps.stack.setConfig("ws2ReadyTimeout", { value: "soon" });
    await expect(ps.stack.preview(quiet)).rejects.toThrow(
      /readyTimeoutSeconds.*must be a positive number, got "soon"/s,
    );
    await ps.stack.removeConfig("ws2ReadyTimeout");
  });

  it("a rotated token updates the provider in place: nothing is replaced or written", async () => {
    await ps.stack.setConfig("ws2Token", { value: emulator.issueToken(ws2.workspaceId), secret: true });
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(Object.keys(up.summary.resourceChanges ?? {}).filter((op) => op !== "same" && op !== "update")).toEqual([]);
    expect(writes(emulator.stats())).toBe(0);
  });

  it("an auto-name's marker lives in the inputs only, and a refresh keeps it there", async () => {
    await ps.stack.refresh(quiet);
    const { resources = [] } = (await ps.stack.exportStack()).deployment as {
      resources?: { type: string; inputs?: Record<string, unknown>; outputs?: Record<string, unknown> }[];
    };
    const named = resources.filter((r) => r.type === "futrou:index:Project" && r.inputs?.__autoName !== undefined);
    expect(named.map((r) => r.outputs?.name)).toEqual([previewedName]);
    expect(named.map((r) => r.inputs?.__autoName)).toEqual([previewedName]);
    expect(
      resources.filter((r) => r.outputs?.__autoName !== undefined || r.outputs?.__logicalName !== undefined),
    ).toEqual([]);
  });

  it("with pulumi:autonaming disabled a new resource needs a name; existing ones keep theirs", async () => {
    await ps.stack.setConfig("pulumi:autonaming.mode", { value: "disabled" }, true);
    await ps.stack.setConfig("extra", { value: "true" });
    await expect(ps.stack.preview(quiet)).rejects.toThrow(
      /name.*is required \(pulumi:autonaming mode is "disabled"\)/s,
    );
    await ps.stack.removeConfig("extra");
    const preview = await ps.stack.preview(quiet);
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
    // And go on keeping them: an up records them as auto-named again, so the next run agrees.
    const up = await ps.stack.up(quiet);
    expect(Object.keys(up.summary.resourceChanges ?? {})).toEqual(["same"]);
    expect(Object.keys((await ps.stack.preview(quiet)).changeSummary)).toEqual(["same"]);
    await ps.stack.removeConfig("pulumi:autonaming");
  });

  it("customTimeouts.create bounds the wait for a serverlet to run", async () => {
    await ps.stack.setConfig("serverlet", { value: "true" });
    let out = "";
    await expect(ps.stack.up({ onOutput: (o) => (out += o) })).rejects.toThrow();
    expect(out).toMatch(/still deploying after 2 s \(customTimeouts\.create\)/);
    // The object exists: the engine recorded it, and the next run without it deletes it.
    await ps.stack.setConfig("serverlet", { value: "false" });
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toMatchObject({ delete: 1 });
  });
});
