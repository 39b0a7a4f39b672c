/**
 * The same program, one resource of every kind, through the real engine against the emulator in each API
 * generation's shapes: `up` → a no-change `up` → `refresh` → an `up` after it → `destroy`, with no API
 * write between the first `up` and `destroy`. Once on the dynamic providers (TypeScript, every-kind), once
 * on the provider plugin (Pulumi YAML, every-kind-yaml: the same resources and outputs), and once the
 * TypeScript program's own classes on the plugin (every-kind with `futrou:mode: plugin`).
 */
import type { EngineEvent } from "@pulumi/pulumi/automation";
import { type Generation, type RunningEmulator, startEmulator } from "../../emulator";
import { kinds } from "../../provider/registry";
import { eventually } from "../emulator/helpers";
import { type ProgramStack, programStack, writes } from "./engine";

jest.setTimeout(900_000);

/** The stack and one object of every registered kind (the every-kind programs hold one of each). */
const RESOURCES = 1 + kinds().length;

type Mode = "dynamic providers" | "the plugin" | "the plugin through pulumi-futrou";
const PROGRAMS: Record<Mode, { program: string; plugin: boolean; sdkMode?: "plugin" }> = {
  "dynamic providers": { program: "every-kind", plugin: false },
  "the plugin": { program: "every-kind-yaml", plugin: true },
  "the plugin through pulumi-futrou": { program: "every-kind", plugin: true, sdkMode: "plugin" },
};

const GENERATIONS: Array<[Generation, Record<string, unknown>, boolean]> = [
  // The older API answers `state`/`status` and keeps mounts, rules and arch as applied; no plan is answered.
  ["2026-08-02", { appState: "running", proxyStatus: "pending" }, false],
  // The newest answers `status` (read as the state), `isVerified`, and the plan it chose.
  ["2026-08-30", { appState: "ready", proxyVerified: false }, true],
];

describe.each(
  (Object.keys(PROGRAMS) as Mode[]).flatMap((mode) => GENERATIONS.map(([g, o, p]) => [g, mode, o, p] as const)),
)("every kind against the %s generation on %s", (generation, mode, outputs, planAnswered) => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  const quiet = { onOutput: () => {}, onEvent: (_: EngineEvent) => {} };

  beforeAll(async () => {
    emulator = await startEmulator({ generation, deployDelayMs: 200, quiet: true });
    const { program, plugin, sdkMode } = PROGRAMS[mode];
    ps = await programStack({
      program,
      plugin,
      stackName: `gen-${generation}`,
      env: { FUTROU_API_URL: emulator.url },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        dbPassword: { value: "correct-horse-battery-staple", secret: true },
        // A user who exists besides the token's own (the owner of another workspace): a member's user.
        otherUserId: { value: emulator.createWorkspace().userId },
        ...(sdkMode ? { "futrou:mode": { value: sdkMode } } : {}),
      },
    });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("up creates every resource and waits for the serverlet to be ready", async () => {
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ create: RESOURCES });
    const values = Object.fromEntries(Object.entries(up.outputs).map(([k, v]) => [k, v.value]));
    expect(values).toMatchObject(outputs);
    expect(values.filesPlanId).toEqual(expect.any(String));
    // The serverlet's plan is the API's choice: an output only where the API answers it.
    expect(typeof (values.appPlanId ?? undefined)).toBe(planAnswered ? "string" : "undefined");
    // On the plugin: its type tokens, no serialized code, and the program's secret only encrypted.
    const atRest = await ps.stateAtRest();
    expect(atRest.includes("futrou:index:Serverlet")).toBe(PROGRAMS[mode].plugin);
    expect(atRest.includes("__provider")).toBe(!PROGRAMS[mode].plugin);
    expect(atRest).not.toContain("correct-horse-battery-staple");
    expect(atRest).not.toContain(emulator.token);
  });

  it("a second up, a refresh and the up after it change nothing and write nothing", async () => {
    // Proxies settle (pending → active) after the deploy delay: a refresh before that would see the change.
    await eventually(
      async () => emulator.inventory().proxy.map((p) => p.status),
      (statuses) => statuses.length > 0 && statuses.every((s) => s === "active"),
    );
    emulator.resetStats();
    expect((await ps.stack.up(quiet)).summary.resourceChanges).toEqual({ same: RESOURCES });
    expect((await ps.stack.refresh(quiet)).summary.resourceChanges).toEqual({ same: RESOURCES });
    expect((await ps.stack.up(quiet)).summary.resourceChanges).toEqual({ same: RESOURCES });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("destroy deletes every object of the stack", async () => {
    const destroy = await ps.stack.destroy(quiet);
    expect(destroy.summary.resourceChanges).toEqual({ delete: RESOURCES });
    const left = Object.entries(emulator.inventory(emulator.workspaceId))
      .map(([kind, objects]) => [kind, objects.filter((o) => !o.platform).length] as const)
      .filter(([, n]) => n > 0);
    expect(left).toEqual([]);
  });
});
