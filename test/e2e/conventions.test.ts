// biome-ignore-all lint/suspicious/noTemplateCurlyInString: pulumi:autonaming patterns are written ${...} in plain strings
/**
 * Pulumi conventions through the real engine (test/e2e/programs/conventions): auto-names that preview and
 * up agree on and that follow `pulumi:autonaming`; `Project.get` and `getProjectOutput`; an explicit
 * `futrou.Provider` with a second workspace's token (a secret in the state, never plain text); a custom
 * create timeout that fires; and, with the package gone from the program's node_modules, a destroy that
 * says how to fix it.
 */
import { mkdirSync, readdirSync, readlinkSync, renameSync, rmSync, symlinkSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Project } from "../../provider/kinds";
import { type ProgramStack, programStack } from "./engine";

jest.setTimeout(300_000);

describe("conventions end to end", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let ws2: { workspaceId: string; token: string };
  let existing: { id: string; name: string };

  beforeAll(async () => {
    // A deploy slower than any test: the serverlet with customTimeouts.create = 2s never becomes running.
    emulator = await startEmulator({ deployDelayMs: 600_000, quiet: true });
    ws2 = emulator.createWorkspace({ name: "second" });
    const client = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const made = await client.create("/projects", { name: "made-by-hand", workspaceId: emulator.workspaceId }, Project);
    existing = { id: made.id, name: "made-by-hand" };
    ps = await programStack({
      program: "conventions",
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token },
      config: {
        existingId: { value: existing.id },
        ws2Token: { value: ws2.token, secret: true },
      },
    });
    await ps.stack.setConfig("pulumi:autonaming.pattern", { value: "${name}-${stack}-${hex(6)}" }, true);
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  let previewText = "";
  let outputs: Record<string, unknown> = {};

  it("preview shows the auto-name that up then creates, made by the pulumi:autonaming pattern", async () => {
    await ps.stack.preview({ diff: true, onOutput: (s) => (previewText += s) });
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.summary.result).toBe("succeeded");
    outputs = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value]));
    expect(outputs.mainName).toMatch(/^main-test-[0-9a-f]{6}$/);
    expect(previewText).toContain(String(outputs.mainName));
    const inv = emulator.inventory();
    expect(inv.project?.map((p) => p.name)).toContain(outputs.mainName);
  });

  it("keeps the name on the next up (nothing to change)", async () => {
    const preview = await ps.stack.preview({ onOutput: () => {} });
    expect(preview.changeSummary.create ?? 0).toBe(0);
    expect(preview.changeSummary.update ?? 0).toBe(0);
  });

  it("Project.get reads an existing project by id, and getProjectOutput finds it by name", () => {
    expect(outputs.seenName).toBe(existing.name);
    expect(outputs.seenWorkspace).toBe(emulator.workspaceId);
    expect(outputs.foundId).toBe(existing.id);
  });

  it("an explicit provider with a second workspace's token creates and looks up there", async () => {
    expect(outputs.otherWorkspace).toBe(ws2.workspaceId);
    const inWs2 = await new FutrouClient({ baseUrl: emulator.url, token: ws2.token }).list("/projects", Project);
    expect(inWs2.map((p) => p.id)).toContain(outputs.otherFoundId);
    expect(inWs2.map((p) => p.name)).toEqual(["other-ws"]);
  });

  it("the second token is a secret in the state, never plain text", async () => {
    const state = await ps.stateAtRest();
    expect(state).not.toContain(ws2.token);
    expect(state).not.toContain(emulator.token);
    expect(state).toContain("pulumi:providers:pulumi-nodejs::ws2");
  });

  it("customTimeouts.create bounds the wait for a serverlet to run", async () => {
    await ps.stack.setConfig("slow", { value: "true" });
    let out = "";
    await expect(ps.stack.up({ onOutput: (s) => (out += s) })).rejects.toThrow();
    expect(out).toMatch(/customTimeouts\.create/);
    // The serverlet exists and the engine keeps it in the state (it is removed with the stack).
    expect(emulator.inventory().serverlet).toHaveLength(1);
    await ps.stack.removeConfig("slow");
  });

  it("without the package in the program's node_modules, destroy fails naming the missing package", async () => {
    const link = join(ps.dir, "node_modules");
    const target = readlinkSync(link);
    const bare = `${link}.without-futrou`;
    // The program's node_modules, minus pulumi-futrou (as after `npm uninstall pulumi-futrou`).
    mkdirSync(bare);
    for (const entry of readdirSync(target)) {
      if (entry !== "pulumi-futrou") symlinkSync(join(target, entry), join(bare, entry));
    }
    unlinkSync(link);
    renameSync(bare, link);
    let out = "";
    try {
      await expect(ps.stack.destroy({ onOutput: (s) => (out += s) })).rejects.toThrow();
      expect(out).toMatch(/Cannot find module 'pulumi-futrou\/dist\/provider'/);
    } finally {
      rmSync(link, { recursive: true, force: true });
      symlinkSync(target, link, "dir");
    }
  });
});
