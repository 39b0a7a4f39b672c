/**
 * Whatever the program marks secret never appears in plain text, whatever field it is in (issue 19), with
 * the real engine. For every input of every registered kind (secret-cases.ts), a resource makes that one
 * input secret, with a valid value and with an invalid one (and, for a unique field, a value the API says
 * is taken). Then every text the engine printed or stored is searched for every secret value:
 *
 * - `pulumi preview --diff` of each group of check failures (a failed check stops a preview at the first
 *   resource, so the invalid inputs of a kind share one resource: one preview per kind, plus one per
 *   cross-field rule and one for inputs the kit refuses to take as secrets);
 * - `pulumi up --continue-on-error` of every other case at once (the valid ones are created; the ones the
 *   API refuses fail on their own), a `preview --diff` and an `up` that change every valid secret (updates
 *   and replacements), a `refresh` and a `destroy`;
 * - the error texts, the provider's own log lines (`FUTROU_DEBUG=1`: the host's error reports with stack
 *   traces, docs/design-notes.md's recommendation for debugging), `pulumi stack export`, and the state file at rest.
 *
 * A plain control value is searched for in the same texts and must be found, so the search can fail.
 * Both ways in run the same cases: the SDK's dynamic providers (the SDK tells the provider which inputs
 * were secret in `__secrets`) and the `futrou` provider plugin (the engine sends secrets as such).
 *
 * The outputs every kind always keeps secret (test/oracle/secret-replace.ts `secretOutputs`: its secret fields
 * and the outputs only the create answers, such as an API token's bearer value, which no input holds) are read
 * from the state with `pulumi stack export --show-secrets` (never kept as a text), must be encrypted in it, and
 * are then searched for like the secret inputs.
 */
import { execFileSync } from "node:child_process";
import { z } from "zod";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { COLLECTIONS } from "../../provider/api/contract";
import { providerFor } from "../../provider/index";
import { kinds, specFor } from "../../provider/registry";
import type { Props } from "../../provider/spec";
import { ORACLES } from "../oracle/oracles";
import { FIELD_RULES } from "../oracle/secret-replace";
import { type ProgramStack, programStack } from "./engine";
import { type Case, casesFor, changed, checkGroups, type Fixtures, merged } from "./secret-cases";

jest.setTimeout(1_800_000);

interface Text {
  what: string;
  text: string;
}

/** What one engine run printed: stdout, stderr and, if it failed, the error's text. */
async function run(
  what: string,
  op: (opts: { onOutput: (s: string) => void; onError: (s: string) => void }) => Promise<unknown>,
) {
  let text = "";
  const collect = (s: string) => {
    text += s;
  };
  const error = await op({ onOutput: collect, onError: collect }).then(
    () => undefined,
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
  return { what, text: error === undefined ? text : `${text}\n${error}`, failed: error !== undefined };
}

/** Where a needle shows up in a text: as is (any case); a number only as a whole number. */
function find(text: string, needle: string): number {
  if (!/^\d+$/.test(needle)) return text.toLowerCase().indexOf(needle.toLowerCase());
  return text.search(new RegExp(`(?<![0-9A-Za-z.])${needle}(?![0-9A-Za-z.])`));
}

const resourceOf = (state: unknown, name: string): { inputs: Props; outputs: Props } | undefined =>
  (state as { deployment: { resources: { urn: string; inputs: Props; outputs: Props }[] } }).deployment.resources.find(
    (r) => r.urn.endsWith(`::${name}`),
  );

const isCiphertext = (v: unknown) => typeof v === "object" && v !== null && "ciphertext" in v;

/** The kind of a resource's type token (`futrou:index:ApiToken`, `pulumi-nodejs:dynamic/futrou:ApiToken`). */
const kindOfType = (type: string) => kinds().find((k) => type.endsWith(`:${specFor(k).typeName}`));

/** One resource of the program: its SDK class, logical name, args, and the args to wrap in `pulumi.secret`. */
type Resource = Pick<Case, "typeName" | "name" | "args"> & { secret: string[] };

const asConfig = (resources: readonly Resource[]) => ({
  // Stored encrypted: the values under test are in no plain-text file of the stack.
  value: JSON.stringify(resources.map(({ typeName, name, args, secret }) => ({ type: typeName, name, args, secret }))),
  secret: true,
});

/** The two ways in (ARCHITECTURE.md): the SDK's dynamic providers, and the `futrou` provider plugin. */
const MODES = [
  ["dynamic providers", false],
  ["the futrou provider plugin", true],
] as const;

describe.each(MODES)("a value the program marks secret never appears in plain text (%s)", (_, plugin) => {
  let emulator: RunningEmulator;
  let fixtures: Fixtures;
  let cases: Case[];
  let control: Resource;
  const lanes: ProgramStack[] = [];
  const texts: Text[] = [];

  const stack = async (name: string) =>
    programStack({
      program: "secrets",
      stackName: name,
      plugin,
      env: { FUTROU_API_URL: emulator.url, FUTROU_DEBUG: "1", PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        plugin: { value: String(plugin) },
        cases: asConfig([]),
      },
    });

  /** `pulumi stack export` (no --show-secrets) and the state file at rest, both kept as texts. */
  async function exported(ps: ProgramStack, what: string): Promise<unknown> {
    const text = execFileSync("pulumi", ["stack", "export", "--stack", ps.stack.name], {
      cwd: ps.dir,
      env: { ...process.env, ...ps.stack.workspace.envVars },
      encoding: "utf8",
    });
    texts.push(
      { what: `stack export after ${what}`, text },
      { what: `state at rest after ${what}`, text: await ps.stateAtRest() },
    );
    return JSON.parse(text);
  }

  /** The values of the state's always-secret outputs, gathered by `secretOutputsIn` for the final search. */
  const secretOutputs = new Set<string>();

  /**
   * Every always-secret output the state holds (`<resource>.<output>`), with whether the plain export holds it
   * encrypted. Its value is read with `pulumi stack export --show-secrets` (never kept as a text) and kept for
   * the final search.
   */
  function secretOutputsIn(ps: ProgramStack, exportedState: unknown): Record<string, boolean> {
    const shown = execFileSync("pulumi", ["stack", "export", "--show-secrets", "--stack", ps.stack.name], {
      cwd: ps.dir,
      env: { ...process.env, ...ps.stack.workspace.envVars },
      encoding: "utf8",
    });
    type Resources = { deployment: { resources: { urn: string; type: string; outputs?: Props }[] } };
    const held: Record<string, boolean> = {};
    for (const r of (JSON.parse(shown) as Resources).deployment.resources) {
      const kind = kindOfType(r.type);
      const name = r.urn.split("::").pop() as string;
      for (const field of kind ? Object.keys(FIELD_RULES[kind].secretOutputs) : []) {
        const value = r.outputs?.[field];
        if (value === undefined || value === null) continue;
        // A secret shown: `{<signature>: …, plaintext: "<JSON>"}`.
        const plain = typeof value === "object" && "plaintext" in value ? JSON.parse(String(value.plaintext)) : value;
        if (typeof plain === "string" && plain.length >= 6) secretOutputs.add(plain);
        held[`${name}.${field}`] = isCiphertext(resourceOf(exportedState, name)?.outputs[field]);
      }
    }
    return held;
  }

  /** Whether every always-secret output held is encrypted; `<resource>.<output>` of each that is not. */
  const notEncrypted = (held: Record<string, boolean>) =>
    Object.entries(held)
      .filter(([, encrypted]) => !encrypted)
      .map(([output]) => output);

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true, deployDelayMs: 20 });
    const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const otherWorkspaceId = emulator.addWorkspace(emulator.token).workspaceId;
    const zone = await api.create(
      COLLECTIONS.dnsZone,
      { domain: "zone.example.net", workspaceId: emulator.workspaceId },
      z.looseObject({ id: z.string() }),
    );
    const user = () => emulator.createWorkspace().userId;
    fixtures = { api, workspaceId: emulator.workspaceId, otherWorkspaceId, zoneId: zone.id, user };
    cases = await casesFor(fixtures);
    control = {
      typeName: "Project",
      name: "control",
      args: { name: "control-project", displayName: "ctlplainvalue1", workspaceId: emulator.workspaceId },
      secret: [],
    };
    lanes.push(await stack("checks-a"), await stack("checks-b"));
  });

  afterAll(async () => {
    for (const ps of lanes) await ps.dispose();
    await emulator?.close();
  });

  test("every input of every kind has its cases, and each passes or fails the kit's check as meant", async () => {
    const covered = new Set(cases.map((c) => `${c.kind}.${c.field}.${c.variant}`));
    expect(cases.filter((c) => c.variant === "valid")).toHaveLength(
      cases.filter((c) => c.variant === "invalid").length,
    );
    expect(covered.size).toBe(cases.length);
    expect(cases.length).toBeGreaterThan(150);
    // Before the engine runs: the check the engine will call, so a case that fails for the wrong reason is
    // named here rather than found missing later.
    const settings: Record<string, string> = { "futrou:apiUrl": emulator.url, "futrou:apiToken": emulator.token };
    const failing: Record<string, boolean> = {};
    for (const c of cases) {
      const provider = providerFor(c.kind);
      await provider.configure?.({ config: { get: (k: string) => settings[k] } } as never);
      const result = await provider.check?.({}, { ...c.args, __secrets: [c.field] });
      failing[c.name] = (result?.failures ?? []).length > 0;
    }
    expect(failing).toEqual(Object.fromEntries(cases.map((c) => [c.name, c.fails === "check"])));
  });

  test("check failures: each secret input is named in the reason, its value nowhere", async () => {
    const queue = checkGroups(cases);
    const outcomes: Record<string, { failed: boolean; named: string[] }> = {};
    await Promise.all(
      lanes.map(async (ps) => {
        for (let group = queue.shift(); group; group = queue.shift()) {
          const resource = merged(group);
          await ps.stack.setConfig("cases", asConfig([resource]));
          const result = await run(`preview --diff of ${resource.name}`, (o) => ps.stack.preview({ ...o, diff: true }));
          texts.push(result);
          outcomes[resource.name] = {
            failed: result.failed,
            // The reason says which input failed without printing it: `<field> (secret): …`.
            named: group
              .map((c) => c.field)
              .filter((f) => new RegExp(`has a problem: ${f}(\\[\\d+\\]|\\.[^ ]+)* \\(secret\\): `).test(result.text)),
          };
        }
      }),
    );
    const expected = Object.fromEntries(
      checkGroups(cases).map((g) => [merged(g).name, { failed: true, named: g.map((c) => c.field) }]),
    );
    expect(outcomes).toEqual(expected);
  });

  let main: ProgramStack;
  let state: unknown;

  test("up: valid secrets are created and stored encrypted; the API's refusals fail on their own", async () => {
    main = lanes[0] as ProgramStack;
    const applied = cases.filter((c) => c.fails !== "check");
    await main.stack.setConfig("cases", asConfig([...applied.map((c) => ({ ...c, secret: [c.field] })), control]));
    const up = await run("up", (o) => main.stack.up({ ...o, continueOnError: true }));
    texts.push(up);
    state = await exported(main, "up");
    // Every object made holds the outputs only its create answered; every always-secret output is encrypted.
    const held = secretOutputsIn(main, state);
    const fromCreate = applied
      .filter((c) => c.fails !== "api")
      .flatMap((c) => Object.keys(ORACLES[c.kind].fromCreate ?? {}).map((field) => `${c.name}.${field}`));
    expect(fromCreate.filter((output) => !(output in held))).toEqual([]);
    expect(notEncrypted(held)).toEqual([]);
    const outcome = (c: Case) => {
      const r = resourceOf(state, c.name);
      return {
        stored: r !== undefined,
        encrypted: r !== undefined && isCiphertext(r.inputs[c.field]) && isCiphertext(r.outputs[c.field]),
        declared: r?.inputs.__secrets,
        failedAlone: new RegExp(`\\(${c.name}\\):\\s*\\n\\s*error: `).test(up.text),
      };
    };
    expect(Object.fromEntries(applied.map((c) => [c.name, outcome(c)]))).toEqual(
      Object.fromEntries(
        applied.map((c) => [
          c.name,
          c.fails === "api"
            ? { stored: false, encrypted: false, declared: undefined, failedAlone: true }
            : { stored: true, encrypted: true, declared: [c.field], failedAlone: false },
        ]),
      ),
    );
  });

  test("a second up changes every valid secret (updates and replacements); refresh and destroy", async () => {
    const next = await changed(
      fixtures,
      cases.filter((c) => c.fails !== "check"),
    );
    const controlNext = { ...control, args: { ...control.args, displayName: "ctlplainvalue2" } };
    await main.stack.setConfig("cases", asConfig([...next.map((c) => ({ ...c, secret: [c.field] })), controlNext]));
    const preview = await run("preview --diff of the changes", (o) => main.stack.preview({ ...o, diff: true }));
    texts.push(preview);
    // The diff shows the plain control's change, and a change of every valid secret without its value.
    expect(preview.text).toContain("ctlplainvalue2");
    const up = await run("second up", (o) => main.stack.up({ ...o, continueOnError: true }));
    texts.push(up);
    const after = await exported(main, "the second up");
    // A replacement's outputs only the create answers are the new object's, encrypted too.
    expect(notEncrypted(secretOutputsIn(main, after))).toEqual([]);
    const stale = next
      .filter((c) => c.variant === "valid")
      .filter((c) => !isCiphertext(resourceOf(after, c.name)?.outputs[c.field]))
      .map((c) => c.name);
    expect(stale).toEqual([]);
    texts.push(await run("refresh", (o) => main.stack.refresh(o)));
    await exported(main, "refresh");
    texts.push(await run("destroy", (o) => main.stack.destroy(o)));
    cases = [...cases, ...next];
  });

  test("no secret value in any output, diff, error, log line, export or state at rest; the plain control is in each", () => {
    const leaks = cases.flatMap((c) =>
      c.needles.flatMap((needle) =>
        texts
          .map((t) => ({ t, at: find(t.text, needle) }))
          .filter(({ at }) => at >= 0)
          .map(({ t, at }) => `${c.name}: "${needle}" in ${t.what}: …${t.text.slice(Math.max(0, at - 120), at + 60)}…`),
      ),
    );
    const outputLeaks = [...secretOutputs].flatMap((value) =>
      texts.filter((t) => find(t.text, value) >= 0).map((t) => `an always-secret output in ${t.what}`),
    );
    expect([...new Set([...leaks, ...outputLeaks])]).toEqual([]);
    // The search sees plain values where they are: the control's value is in the state and in the output.
    const withControl = (what: RegExp) => texts.filter((t) => what.test(t.what) && t.text.includes("ctlplainvalue"));
    expect(withControl(/^state at rest/).length).toBeGreaterThan(0);
    expect(withControl(/^stack export/).length).toBeGreaterThan(0);
    expect(withControl(/^preview --diff of the changes/).length).toBe(1);
  });
});
