/**
 * Upgrading the package under a stack changes nothing: stacks made by earlier versions of this package,
 * recorded as fixtures (test/fixtures/upgrade/<commit>-<mode>/, made by scripts/record-upgrade-fixture.sh),
 * are taken over by today's package with no program change. Each fixture's emulator data file is restored
 * into today's emulator and its state imported into a fresh local backend; then `pulumi preview
 * --expect-no-changes` passes (a CI drift gate stays green after an upgrade), `pulumi up` sends the API no
 * write, and a refresh leaves the state in today's form with nothing to change. Both modes: the dynamic
 * providers (6921b48, before `forceDestroy` existed; its `__provider` module string is an earlier one) and
 * the provider plugin (b0da540, the first commit with `futrou:mode: plugin`).
 */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Deployment, EngineEvent } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { Props } from "../../provider/spec";
import { type ProgramStack, programStack, repoRoot } from "./engine";

jest.setTimeout(600_000);

const FIXTURES = join(repoRoot, "test", "fixtures", "upgrade");

interface Fixture {
  commit: string;
  mode: "dynamic" | "plugin";
  program: string;
  stack: string;
  config: Record<string, { value: string; secret?: boolean }>;
}

const fixtures = readdirSync(FIXTURES)
  .sort()
  .map((name) => ({
    name,
    ...(JSON.parse(readFileSync(join(FIXTURES, name, "fixture.json"), "utf8")) as Fixture),
  }));

type State = { deployment: { resources?: { type: string; inputs?: Props; outputs?: Props }[] } };

/** A state as a version that predates a field would have written it: the field in no input and no output. */
const without =
  (type: string, field: string) =>
  (state: State): State => {
    for (const r of state.deployment.resources ?? []) {
      if (r.type !== type) continue;
      delete r.inputs?.[field];
      delete r.outputs?.[field];
    }
    return state;
  };

/**
 * A state as the versions between 97e5df6 and issue 38 wrote it: every Futrou resource with the whole list
 * of the inputs check knew of (`__given`) in its inputs and its outputs, where today's writes only the
 * exceptions (provider/kit/given.ts). The fixture's inputs are what that check returned.
 */
const withWholeGiven = (state: State): State => {
  for (const r of state.deployment.resources ?? []) {
    if (!/^(futrou:index:|pulumi-nodejs:dynamic)/.test(r.type) || !r.inputs || !r.outputs) continue;
    const given = Object.keys(r.inputs)
      .filter((k) => !k.startsWith("__"))
      .sort();
    r.inputs.__given = given;
    r.outputs.__given = given;
  }
  return state;
};

/**
 * Every recorded fixture as it is, and with the whole `__given` of the versions before issue 38; on the
 * plugin one stack older than the plugin can be: the zone's `forceDestroy` (added with a default before
 * the plugin existed) taken out of the b0da540 state.
 */
const cases = [
  ...fixtures.map((fixture) => ({ label: fixture.name, fixture, edit: (state: State) => state })),
  ...fixtures.map((fixture) => ({ label: `${fixture.name} with the whole __given`, fixture, edit: withWholeGiven })),
  ...fixtures
    .filter((f) => f.mode === "plugin")
    .map((fixture) => ({
      label: `${fixture.name} without the zone's forceDestroy (a plugin stack made before the field existed)`,
      fixture,
      edit: without("futrou:index:DnsZone", "forceDestroy"),
    })),
];

const quiet = { onOutput: () => {}, onEvent: (_: EngineEvent) => {} };

/** The API writes in the emulator's request counts, by route (`POST /dns`: 1); empty when there are none. */
function writeRoutes(emulator: RunningEmulator): Record<string, number> {
  return Object.fromEntries(
    Object.entries(emulator.stats().byRoute).filter(([route]) => /^(POST|PATCH|PUT|DELETE) /.test(route)),
  );
}

describe.each(cases)("a stack made by $label, taken over by today's package", ({ fixture, edit }) => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let scratch: string;

  beforeAll(async () => {
    // The API as it was when the old package finished its up: the objects its state names, nothing else.
    scratch = mkdtempSync(join(tmpdir(), "pulumi-futrou-upgrade-"));
    const dataFile = join(scratch, "emulator.json");
    copyFileSync(join(FIXTURES, fixture.name, "emulator.json"), dataFile);
    emulator = await startEmulator({ dataFile, deployDelayMs: 50, quiet: true });
    const token = emulator.issueToken(emulator.workspaceId);
    ps = await programStack({
      program: fixture.program,
      stackName: fixture.stack,
      plugin: fixture.mode === "plugin",
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: token, FUTROU_POLL_INTERVAL_MS: "20" },
      config: fixture.config,
    });
    const state = JSON.parse(readFileSync(join(FIXTURES, fixture.name, "state.json"), "utf8")) as State;
    await ps.stack.importStack(edit(state) as Deployment);
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("pulumi preview --expect-no-changes passes", async () => {
    let text = "";
    const preview = await ps.stack
      .preview({ expectNoChanges: true, diff: true, onOutput: (o) => (text += o) })
      .catch((e: unknown) => {
        throw new Error(`the preview after the upgrade proposed changes:\n${text}\n${String(e)}`);
      });
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
  });

  it("pulumi up changes nothing and sends no POST, PATCH or DELETE", async () => {
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(Object.keys(up.summary.resourceChanges ?? {})).toEqual(["same"]);
    expect(writeRoutes(emulator)).toEqual({});
  });

  it("after the up, which saved today's state, the next preview still has nothing to change", async () => {
    const preview = await ps.stack.preview({ expectNoChanges: true, ...quiet });
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
  });

  it("a refresh keeps the state today's: __given only where its short forms cannot say it; nothing to change", async () => {
    await ps.stack.refresh(quiet);
    const state = (await ps.stack.exportStack()) as unknown as State;
    const ours = (state.deployment.resources ?? []).filter((r) =>
      /^(futrou:index:|pulumi-nodejs:dynamic)/.test(r.type),
    );
    expect(ours.length).toBeGreaterThan(0);
    /** The whole list where every name it holds is in the bag: what the short forms leave out. */
    const needless = (bag: Props | undefined) => {
      const given = bag?.__given;
      return Array.isArray(given) && given.every((k) => bag?.[k] !== undefined);
    };
    expect(ours.filter((r) => needless(r.inputs) || needless(r.outputs)).map((r) => r.type)).toEqual([]);
    // The plugin keeps an auto-name's marker in the inputs only: a refresh moves it there, never loses it.
    const plugin = ours.filter((r) => r.type.startsWith("futrou:index:"));
    expect(plugin.filter((r) => r.outputs?.__autoName !== undefined).map((r) => r.type)).toEqual([]);
    const recorded = (JSON.parse(readFileSync(join(FIXTURES, fixture.name, "state.json"), "utf8")) as State).deployment
      .resources;
    const marked = (rs: State["deployment"]["resources"] = []) =>
      rs.filter((r) => r.type.startsWith("futrou:index:") && r.inputs?.__autoName !== undefined).map((r) => r.type);
    expect(marked(ours)).toEqual(marked(recorded));
    if (fixture.mode === "plugin") expect(marked(ours).length).toBeGreaterThan(0);
    // The dynamic providers' resources loaded their provider through the module string the state holds (an
    // earlier version's, until an update writes today's), and the preview through the program's.
    const preview = await ps.stack.preview({ expectNoChanges: true, ...quiet });
    expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
  });
});
