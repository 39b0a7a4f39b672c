/**
 * Invalid programs through the real engine: each fails at `pulumi preview` with the offending field named
 * (by the SDK, which checks the values the program knows with the provider's rules, or by the provider's
 * check for values known later), and not one request reaches the API. One small program
 * (test/e2e/programs/table) builds whatever stack config `resources` lists; the cases are each kind's
 * (`badInput`, provider/kinds/<kind>/cases.ts); two stacks, each with its own
 * emulator, take turns through the table so stats are per case.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { Kind } from "../../provider/api/contract";
import { type BadInputCase, FAKE_ID } from "../../provider/kinds/cases";
import { kinds, specFor } from "../../provider/registry";
import { type ProgramStack, programStack, writes } from "../e2e/engine";
import { casesOf } from "../kind-cases";

jest.setTimeout(900_000);

interface Case extends BadInputCase {
  kind: Kind;
}

/** Every registered kind's invalid programs (`badInput`, provider/kinds/<kind>/cases.ts). */
const CASES: Case[] = kinds().flatMap((kind) => casesOf(kind).badInput.map((c) => ({ kind, ...c })));

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const quiet = { onOutput: () => {} };
const resources = (kind: string, args: Record<string, unknown>) => ({
  value: JSON.stringify([{ kind, name: "subject", args }]),
});

describe("invalid programs fail at preview, naming the field, with no API request", () => {
  const lanes: { emulator: RunningEmulator; ps: ProgramStack }[] = [];

  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const emulator = await startEmulator({ quiet: true });
      const ps = await programStack({
        program: "table",
        stackName: `bad-${i}`,
        // The program is type-checked by `make lint` (tsconfig.programs.json); here it only needs to run.
        env: { FUTROU_API_URL: emulator.url, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
        config: { "futrou:apiToken": { value: emulator.token, secret: true }, resources: resources("project", {}) },
      });
      lanes.push({ emulator, ps });
    }
  });
  afterAll(async () => {
    for (const { emulator, ps } of lanes) {
      await ps.dispose();
      await emulator.close();
    }
  });

  it(`the table covers every kind with at least 30 cases (${CASES.length})`, () => {
    expect(CASES.length).toBeGreaterThanOrEqual(30);
    expect(new Set(CASES.map((c) => c.kind))).toEqual(new Set(kinds()));
  });

  it("each case fails preview with its field named; the emulator sees zero requests", async () => {
    // A few previews of many cases, each case its own resource: the SDK checks each resource as the program
    // registers it, so one failing case never hides another (the engine's own check would stop at the first).
    // Batched by size: the stack config is one command-line argument of `pulumi config set`.
    const lane = lanes[0];
    if (!lane) throw new Error("no stack");
    const { emulator, ps } = lane;
    const name = (i: number) => `case-${i}`;
    const batches: { kind: string; name: string; args: Record<string, unknown> }[][] = [[]];
    CASES.forEach((c, i) => {
      const last = batches[batches.length - 1] as { kind: string; name: string; args: Record<string, unknown> }[];
      const item = { kind: c.kind, name: name(i), args: c.args };
      if (last.length > 0 && JSON.stringify([...last, item]).length > 60_000) batches.push([item]);
      else last.push(item);
    });
    let diagnostics = "";
    emulator.resetStats();
    for (const batch of batches) {
      await ps.stack.setConfig("resources", { value: JSON.stringify(batch) });
      let text = "";
      await expect(ps.stack.preview({ onOutput: (o) => (text += o) })).rejects.toThrow();
      diagnostics += text.slice(text.indexOf("Diagnostics:"));
    }
    const lines = diagnostics.split("\n");
    const outcomes = Object.fromEntries(
      CASES.map((c, i) => {
        // One line naming the resource and the field, never the engine's generic wording.
        const type = specFor(c.kind).typeName;
        const named = new RegExp(`futrou:${type} "${name(i)}": ${literal(c.field)}[:.[]`);
        const line = lines.find((l) => l.includes(`futrou:${type} "${name(i)}":`)) ?? "";
        const fieldNamed = named.test(line) && !/has a problem|\{<nil>\}|Invalid key in record/.test(line);
        return [`${c.kind}: ${c.what}`, { fieldNamed }];
      }),
    );
    expect(outcomes).toEqual(Object.fromEntries(CASES.map((c) => [`${c.kind}: ${c.what}`, { fieldNamed: true }])));
    expect(batches.length).toBeLessThan(CASES.length / 4);
    expect(emulator.stats().total).toBe(0);
  });

  it("shrinking an existing volume fails preview on sizeGb, with no API request", async () => {
    const lane = lanes[0];
    if (!lane) throw new Error("no stack");
    const { emulator, ps } = lane;
    await ps.stack.setConfig("resources", resources("volume", { sizeGb: 20 }));
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ create: 2 });
    await ps.stack.setConfig("resources", resources("volume", { sizeGb: 10 }));
    emulator.resetStats();
    await expect(ps.stack.preview(quiet)).rejects.toThrow(/property sizeGb value .* has a problem: cannot shrink/);
    expect(emulator.stats().total).toBe(0);
    expect(emulator.inventory().volume.map((v) => v.sizeGb)).toEqual([20]);
  });

  it("one preview reports every invalid resource, one line per problem; none is registered, nothing written", async () => {
    const lane = lanes[1];
    if (!lane) throw new Error("no stack");
    const { emulator, ps } = lane;
    await ps.stack.setConfig("resources", {
      value: JSON.stringify([
        { kind: "project", name: "fine", args: {} },
        { kind: "volume", name: "small", args: { sizeGb: -1 } },
        { kind: "serverlet", name: "web", args: { image: "nginx", cpu: 0.5, ports: [{ port: 0 }] } },
        { kind: "dnsRecord", name: "www", args: { dnsId: FAKE_ID, name: "www", type: "A", value: "300.1.2.3" } },
      ]),
    });
    emulator.resetStats();
    let text = "";
    await expect(ps.stack.preview({ onOutput: (o) => (text += o) })).rejects.toThrow();
    const problems = text
      .slice(text.indexOf("Diagnostics:"))
      .split("\n")
      .filter((l) => /^\s+(error: )?futrou:/.test(l))
      .map((l) => l.replace(/^\s+(error: )?/, ""));
    expect(problems).toEqual([
      'futrou:Volume "small": sizeGb: must be 0 or more GB',
      'futrou:Serverlet "web": cpu: must be a whole number',
      'futrou:Serverlet "web": ports[0].port: must be from 1 to 65535',
      expect.stringMatching(/^futrou:DnsRecord "www": value: /),
    ]);
    expect(text).not.toMatch(/has a problem|\{<nil>\}|Invalid key in record|\bat .*\.js:\d+|PromiseRejection/);
    // (The valid project is checked: its workspace is looked up. Nothing is written.)
    expect(writes(emulator.stats())).toBe(0);
  });

  it("values the program does not know yet: a secret is named, never shown; a nested field beside an id is named by its input", async () => {
    const lane = lanes[1];
    if (!lane) throw new Error("no stack");
    const { ps } = lane;
    await ps.stack.setConfig("resources", {
      value: JSON.stringify([{ kind: "project", name: "p", args: { name: "Not A Slug 77" }, secret: ["name"] }]),
    });
    let text = "";
    await expect(ps.stack.preview({ onOutput: (o) => (text += o) })).rejects.toThrow();
    expect(text).toMatch(/futrou:Project resource 'p' has a problem: name \(secret\): must be lowercase/);
    expect(text).not.toContain("Not A Slug 77");
    // A nested problem in an input that holds an id (an Output): named by its top-level input, never `{<nil>}`.
    await ps.stack.setConfig("resources", { value: JSON.stringify([{ kind: "volume", name: "v", args: {} }]) });
    await ps.stack.up(quiet);
    await ps.stack.setConfig("resources", {
      value: JSON.stringify([
        { kind: "volume", name: "v", args: {} },
        { kind: "serverlet", name: "s", args: { image: "nginx", volumes: [{ volumeId: "ref:v", mountPath: "data" }] } },
      ]),
    });
    text = "";
    await expect(ps.stack.preview({ onOutput: (o) => (text += o) })).rejects.toThrow();
    expect(text).toMatch(/property volumes value .* has a problem: volumes\[0\]\.mountPath: .*absolute path/);
    expect(text).not.toContain("{<nil>}");
  });
});
