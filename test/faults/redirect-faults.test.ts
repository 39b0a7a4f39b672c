/**
 * An API that redirects, through the real engine, in both modes (issue 35, reproductions 1 and 2). Before,
 * the client took any status below 400 for success: every PATCH answered 302 with an empty body made
 * `pulumi up` report `~ 2 updated` while the API kept the old values, and every DELETE answered 307 made
 * `destroy` report `- 3 deleted` while every object stayed. Now a redirect is an error naming the object,
 * the request and the Location; the API and the state agree, and nothing is lost once the redirects stop.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack } from "../e2e/engine";

jest.setTimeout(600_000);

/** Another origin: the provider must never send anything there (the emulator's answer fault says so). */
const ELSEWHERE = "https://elsewhere.invalid/v2/moved";

interface StateResource {
  type: string;
  id?: string;
  outputs?: Record<string, unknown>;
}

describe.each([
  { mode: "dynamic", plugin: false },
  { mode: "plugin", plugin: true },
])("redirects in $mode mode", ({ mode, plugin }) => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  const program = (displayName: string, sizeGb: number) => ({
    value: JSON.stringify([
      { kind: "project", name: "shop", args: { name: `${mode}-shop`, displayName } },
      { kind: "volume", name: "data", args: { name: `${mode}-data`, sizeGb } },
    ]),
  });
  /** The resources of the state that are the API's objects. */
  const held = async (): Promise<StateResource[]> =>
    ((await ps.stack.exportStack()).deployment.resources ?? []).filter(
      (r: StateResource) => !r.type.startsWith("pulumi:"),
    );
  const apiValues = () => ({
    displayName: emulator.inventory().project.map((p) => p.displayName),
    sizeGb: emulator.inventory().volume.map((v) => v.sizeGb),
  });
  const stateValues = async () => {
    const resources = await held();
    const of = (type: RegExp) => resources.filter((r) => type.test(r.type)).map((r) => r.outputs ?? {});
    return {
      displayName: of(/Project$/).map((o) => o.displayName),
      sizeGb: of(/Volume$/).map((o) => o.sizeGb),
    };
  };
  /** The errors the engine's diagnostics give for a redirect: one line per failed resource. */
  const redirectErrors = (output: string) =>
    output
      .slice(output.indexOf("Diagnostics:"))
      .split("\n")
      .filter((l) => /^\s+error: .*redirect to/.test(l))
      .map((l) => l.trim());
  /**
   * The engine's diagnostics for the API's objects, without the stack's own: with continueOnError the Node
   * program reports each failed registration as an unhandled exception with the Pulumi SDK's stack trace,
   * which is the program's doing, not the provider's.
   */
  const resourceDiagnostics = (output: string) =>
    output
      .slice(output.indexOf("Diagnostics:"))
      .split(/\n(?= {2}\S[^\n]*\):\n)/)
      .filter((section) => !/^ {2}pulumi:pulumi:Stack /.test(section))
      .join("\n");
  /** `error: futrou:Project "<name>" (<id>): 302 Found — redirect to <Location>, not followed (PATCH /projects/<id>): …` */
  const told = (kind: string, name: string, status: string, method: string, collection: string) =>
    new RegExp(
      `^error: futrou:${kind} "${name}" \\(([0-9a-f-]+)\\): ${status} — redirect to ${ELSEWHERE.replace(/[./]/g, "\\$&")}, ` +
        `not followed \\(${method} /${collection}/\\1\\): the provider follows no redirect .*; if the API has moved, set FUTROU_API_URL \\(environment\\) to its new address$`,
    );

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    ps = await programStack({
      program: "table",
      stackName: `redirects-${mode}`,
      plugin,
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: { "futrou:mode": { value: mode }, resources: program("Old", 10) },
    });
    await ps.stack.up({ onOutput: () => {} });
  });
  afterAll(async () => {
    emulator?.setFaults({ answers: [] });
    await ps?.dispose();
    await emulator?.close();
  });

  it("every PATCH answered 302 elsewhere: up fails naming each object and the redirect; API and state keep the old values", async () => {
    emulator.setFaults({
      answers: [{ method: "PATCH", fault: { kind: "redirect", status: 302, location: ELSEWHERE } }],
    });
    await ps.stack.setConfig("resources", program("New", 20));
    emulator.resetStats();
    let output = "";
    // The two updates are independent; without continueOnError the engine may stop before it starts the
    // second once the first has failed, which is the engine's choice, not the provider's.
    await expect(ps.stack.up({ continueOnError: true, onOutput: (o) => (output += o) })).rejects.toThrow();
    // Each object's PATCH was sent once: not retried, not followed.
    expect(emulator.stats().byMethod.PATCH).toBe(2);
    const errors = redirectErrors(output);
    expect(errors).toHaveLength(2);
    expect(
      errors.filter((l) => told("Project", `${mode}-shop`, "302 Found", "PATCH", "projects").test(l)),
    ).toHaveLength(1);
    expect(errors.filter((l) => told("Volume", `${mode}-data`, "302 Found", "PATCH", "volumes").test(l))).toHaveLength(
      1,
    );
    expect(output).not.toMatch(/API may have changed/);
    expect(resourceDiagnostics(output)).not.toMatch(/at .*\.(js|ts):\d+/);
    expect(apiValues()).toEqual({ displayName: ["Old"], sizeGb: [10] });
    expect(await stateValues()).toEqual({ displayName: ["Old"], sizeGb: [10] });
    // The update is still pending: the next preview says so.
    const preview = await ps.stack.preview({ onOutput: () => {} });
    expect(preview.changeSummary).toMatchObject({ update: 2 });

    // Once the API stops redirecting, the same program applies.
    emulator.setFaults({ answers: [] });
    await ps.stack.up({ onOutput: () => {} });
    expect(apiValues()).toEqual({ displayName: ["New"], sizeGb: [20] });
    expect(await stateValues()).toEqual({ displayName: ["New"], sizeGb: [20] });
  });

  it("every DELETE answered 307: destroy fails naming each object; all stay in the API and in the state until it stops", async () => {
    emulator.setFaults({
      answers: [{ method: "DELETE", fault: { kind: "redirect", status: 307, location: ELSEWHERE } }],
    });
    const before = (await held()).map((r) => r.id).sort();
    let output = "";
    await expect(ps.stack.destroy({ continueOnError: true, onOutput: (o) => (output += o) })).rejects.toThrow();
    const errors = redirectErrors(output);
    expect(errors).toHaveLength(2);
    const redirect = "307 Temporary Redirect";
    expect(errors.filter((l) => told("Project", `${mode}-shop`, redirect, "DELETE", "projects").test(l))).toHaveLength(
      1,
    );
    expect(errors.filter((l) => told("Volume", `${mode}-data`, redirect, "DELETE", "volumes").test(l))).toHaveLength(1);
    expect({ projects: emulator.inventory().project.length, volumes: emulator.inventory().volume.length }).toEqual({
      projects: 1,
      volumes: 1,
    });
    expect((await held()).map((r) => r.id).sort()).toEqual(before);

    emulator.setFaults({ answers: [] });
    await ps.stack.destroy({ onOutput: () => {} });
    expect({ projects: emulator.inventory().project, volumes: emulator.inventory().volume }).toEqual({
      projects: [],
      volumes: [],
    });
    expect(await held()).toEqual([]);
  });
});
