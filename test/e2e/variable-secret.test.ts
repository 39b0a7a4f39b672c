/**
 * A Variable's value is a secret only when the program makes it one or `isSecret` is true (issue 15,
 * point 4). Through the real engine: a plain value diffs like any field (`"on"` → `"off"` shows in the
 * preview) and is plain in the state; `isSecret: true` or a secret from the program keeps it encrypted in
 * the state and `[secret]` in previews. On the dynamic providers (the SDK wraps the value) and on the
 * `futrou` provider plugin (whose check hands the value back sealed when `isSecret` is true).
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Variable } from "../../provider/kinds";
import { type ProgramStack, programStack, type TableEntry, type TableStack, tableStack } from "./engine";

jest.setTimeout(600_000);

const variables = (flag: string, secretValue: string): TableEntry[] => [
  { kind: "project", name: "app", args: { name: "vars-app" } },
  { kind: "variable", name: "flag", args: { projectId: "ref:app", key: "FEATURE", value: flag } },
  {
    kind: "variable",
    name: "hidden",
    args: { projectId: "ref:app", key: "HIDDEN", value: secretValue, isSecret: true },
  },
  {
    kind: "variable",
    name: "password",
    args: { projectId: "ref:app", key: "PASSWORD", value: `pw-${secretValue}` },
    secret: ["value"],
  },
];

describe("a variable's value is secret only when the program or isSecret says so", () => {
  let emulator: RunningEmulator;
  let ps: TableStack;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    // (The list itself is secret config: the engine copies config into the state.)
    ps = await tableStack(emulator, "variables", variables("on", "first-hidden-value"), { secretConfig: true });
    await ps.stack.up({ onOutput: () => {} });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("a plain value is plain in the state; isSecret and program secrets are encrypted", async () => {
    const state = await ps.stateAtRest();
    expect(state).toMatch(/"value":\s*"on"/);
    expect(state).not.toContain("first-hidden-value");
    expect(state).not.toContain("pw-first-hidden-value");
  });

  it("a plain value change previews as a change of `value` with both values; secret ones stay [secret]", async () => {
    await ps.use(variables("off", "second-hidden-value"));
    let text = "";
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toMatchObject({ update: 3 });
    expect(text).toMatch(/\[urn=[^\]]*::flag\][\s\S]*?~ value\s*: "on" => "off"/);
    // (The engine shows a secret's change only as the resource's update: the values are never printed.)
    expect(text).toMatch(/\[urn=[^\]]*::hidden\][\s\S]*?value\s*: \[secret\]/);
    expect(text).not.toContain("second-hidden-value");
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.summary.resourceChanges).toMatchObject({ update: 3 });
    const stored = Object.fromEntries(emulator.inventory().variable.map((v) => [v.key, v.value]));
    expect(stored).toEqual({ FEATURE: "off", HIDDEN: "second-hidden-value", PASSWORD: "pw-second-hidden-value" });
    expect(await ps.stateAtRest()).not.toContain("second-hidden-value");
  });

  it("a value changed outside Pulumi (the API never returns it): refresh warns once, naming value", async () => {
    const flag = emulator.inventory().variable.find((v) => v.key === "FEATURE");
    const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    await api.patch(`/variables/${flag?.id}`, { value: "changed-outside" }, Variable);
    let text = "";
    const refresh = await ps.stack.refresh({ onOutput: (o) => (text += o) });
    // (The project, three variables and the stack: refresh changes none of them.)
    expect(refresh.summary.resourceChanges).toEqual({ same: 5 });
    expect(text).toMatch(
      /warning: futrou:Variable "FEATURE" \([0-9a-f-]+\) was changed outside Pulumi \(updatedAt \S+ → \S+\), but no field the API returns did: fields the API does not return may have changed: value\./,
    );
    // Only the variable that changed.
    expect(text).not.toMatch(/futrou:(Project|Variable "HIDDEN"|Variable "PASSWORD")[^\n]*was changed outside/);
    expect(text).not.toContain("changed-outside");
  });
});

describe("the same on the futrou provider plugin", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  /** The `secrets` program's cases (plugin resources as a generated SDK declares them), as secret config. */
  const cases = (flag: string, secretValue: string) => ({
    secret: true,
    value: JSON.stringify(
      [
        ["flag", "FEATURE", flag, {}, []],
        ["hidden", "HIDDEN", secretValue, { isSecret: true }, []],
        ["password", "PASSWORD", `pw-${secretValue}`, {}, ["value"]],
      ].map(([name, key, value, more, secret]) => ({
        type: "Variable",
        name,
        args: { workspaceId: emulator.workspaceId, key, value, ...(more as object) },
        secret,
      })),
    ),
  });

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    ps = await programStack({
      program: "secrets",
      stackName: "variables-plugin",
      plugin: true,
      env: { FUTROU_API_URL: emulator.url, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        plugin: { value: "true" },
        cases: cases("on", "first-hidden-value"),
      },
    });
    await ps.stack.up({ onOutput: () => {} });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("a plain value is plain in the state and diffs; isSecret and program secrets stay encrypted", async () => {
    const state = await ps.stateAtRest();
    expect(state).toMatch(/"value":\s*"on"/);
    expect(state).not.toContain("first-hidden-value");
    await ps.stack.setConfig("cases", cases("off", "second-hidden-value"));
    let text = "";
    const preview = await ps.stack.preview({ diff: true, onOutput: (o) => (text += o) });
    expect(preview.changeSummary).toMatchObject({ update: 3 });
    expect(text).toMatch(/\[urn=[^\]]*::flag\][\s\S]*?~ value\s*: "on" => "off"/);
    expect(text).toMatch(/\[urn=[^\]]*::hidden\][\s\S]*?value\s*: \[secret\]/);
    expect(text).not.toContain("second-hidden-value");
    await ps.stack.up({ onOutput: () => {} });
    const stored = Object.fromEntries(emulator.inventory().variable.map((v) => [v.key, v.value]));
    expect(stored).toEqual({ FEATURE: "off", HIDDEN: "second-hidden-value", PASSWORD: "pw-second-hidden-value" });
    const after = await ps.stateAtRest();
    expect(after).toMatch(/"value":\s*"off"/);
    expect(after).not.toContain("second-hidden-value");
  });
});
