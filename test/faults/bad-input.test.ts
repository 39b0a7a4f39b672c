/**
 * Invalid programs through the real engine: each fails at `pulumi preview` with the offending field named
 * (by the SDK, which checks the values the program knows with the provider's rules, or by the provider's
 * check for values known later), and not one request reaches the API. One small program
 * (test/e2e/programs/table) builds whatever stack config `resources` lists; two stacks, each with its own
 * emulator, take turns through the table so stats are per case.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import type { Kind } from "../../provider/api/contract";
import { kinds, specFor } from "../../provider/registry";
import { type ProgramStack, programStack, writes } from "../e2e/engine";

jest.setTimeout(900_000);

/** Parents are literal fake ids: check fails before anything would look them up. */
const FAKE = "7f0c6c1e-0000-4000-8000-00000000fa4e";

interface Case {
  kind: string;
  args: Record<string, unknown>;
  /** The property the failure must name. */
  field: string;
  what: string;
}

const rec = (args: Record<string, unknown>) => ({ dnsId: FAKE, name: "www", type: "A", value: "192.0.2.1", ...args });
const cron = (args: Record<string, unknown>) => ({ schedule: "*/5 * * * *", url: "https://example.com/", ...args });
const proxy = (args: Record<string, unknown>) => ({ domain: "app.example.com", target: "10.0.0.1", ...args });

const CASES: Case[] = [
  // project
  { what: "empty name", kind: "project", args: { name: "" }, field: "name" },
  { what: "name over 255 characters", kind: "project", args: { name: "p".repeat(256) }, field: "name" },
  { what: "empty display name", kind: "project", args: { displayName: "" }, field: "displayName" },
  { what: "an input the kind does not have", kind: "project", args: { colour: "blue" }, field: "colour" },
  {
    what: "a control character in the display name",
    kind: "project",
    args: { displayName: "Shop\u0007" },
    field: "displayName",
  },
  // variable
  { what: "no scope", kind: "variable", args: { key: "A", value: "1" }, field: "workspaceId" },
  {
    what: "two scopes",
    kind: "variable",
    args: { key: "A", value: "1", projectId: FAKE, serverletId: FAKE },
    field: "serverletId",
  },
  {
    what: "key starting with a digit",
    kind: "variable",
    args: { key: "1A", value: "1", projectId: FAKE },
    field: "key",
  },
  { what: "empty key", kind: "variable", args: { key: "", value: "1", projectId: FAKE }, field: "key" },
  {
    what: "a value over 65,536 characters",
    kind: "variable",
    args: { key: "A", value: "v".repeat(65_537), projectId: FAKE },
    field: "value",
  },
  { what: "a project id `..`", kind: "variable", args: { key: "A", value: "1", projectId: ".." }, field: "projectId" },
  // DNS zone
  { what: "domain with a space", kind: "dnsZone", args: { domain: "not a domain" }, field: "domain" },
  // DNS record
  { what: "A record with a bad IPv4", kind: "dnsRecord", args: rec({ value: "300.1.2.3" }), field: "value" },
  {
    what: "AAAA record with an IPv4",
    kind: "dnsRecord",
    args: rec({ type: "AAAA", value: "192.0.2.1" }),
    field: "value",
  },
  {
    what: "CNAME at the apex",
    kind: "dnsRecord",
    args: rec({ name: "@", type: "CNAME", value: "example.com" }),
    field: "name",
  },
  {
    what: "MX priority above 65535",
    kind: "dnsRecord",
    args: rec({ type: "MX", value: "mail.example.com", priority: 70000 }),
    field: "priority",
  },
  {
    what: "TXT with a priority",
    kind: "dnsRecord",
    args: rec({ type: "TXT", value: "hello", priority: 1 }),
    field: "priority",
  },
  {
    what: "SRV value not weight port target",
    kind: "dnsRecord",
    args: rec({ type: "SRV", value: "sip", priority: 1 }),
    field: "value",
  },
  {
    what: "CAA value without a tag",
    kind: "dnsRecord",
    args: rec({ type: "CAA", value: "letsencrypt.org" }),
    field: "value",
  },
  { what: "negative TTL", kind: "dnsRecord", args: rec({ ttl: -1 }), field: "ttl" },
  { what: "TTL above 2^31-1", kind: "dnsRecord", args: rec({ ttl: 2 ** 31 }), field: "ttl" },
  { what: "unknown record type", kind: "dnsRecord", args: rec({ type: "SPF" }), field: "type" },
  {
    what: "a 100 KB TXT value",
    kind: "dnsRecord",
    args: rec({ type: "TXT", value: "x".repeat(100_000) }),
    field: "value",
  },
  // A zone id that is a dot segment would send the record's requests to another path (`/dns/<zone>/..`).
  { what: "zone id `..`", kind: "dnsRecord", args: rec({ dnsId: ".." }), field: "dnsId" },
  { what: "zone id `.`", kind: "dnsRecord", args: rec({ dnsId: "." }), field: "dnsId" },
  // cron
  { what: "cron expression with 3 fields", kind: "cron", args: cron({ schedule: "* * *" }), field: "schedule" },
  { what: "cron minute 61", kind: "cron", args: cron({ schedule: "61 * * * *" }), field: "schedule" },
  { what: "non-http URL", kind: "cron", args: cron({ url: "ftp://example.com/x" }), field: "url" },
  {
    what: "a 100 KB URL",
    kind: "cron",
    args: cron({ url: `https://example.com/${"x".repeat(100_000)}` }),
    field: "url",
  },
  { what: "unknown HTTP method", kind: "cron", args: cron({ method: "FETCH" }), field: "method" },
  // proxy
  { what: "port 0", kind: "proxy", args: proxy({ port: 0 }), field: "port" },
  { what: "unknown proxy type", kind: "proxy", args: proxy({ type: "sctp" }), field: "type" },
  { what: "empty strategy", kind: "proxy", args: proxy({ strategy: "" }), field: "strategy" },
  { what: "target with a bad port", kind: "proxy", args: proxy({ target: "web:99999" }), field: "target" },
  // volume
  { what: "negative size", kind: "volume", args: { sizeGb: -1 }, field: "sizeGb" },
  { what: "empty volume type", kind: "volume", args: { type: "" }, field: "type" },
  { what: "a size of 1e308 GB", kind: "volume", args: { sizeGb: 1e308 }, field: "sizeGb" },
  { what: "a size of 1.5 GB", kind: "volume", args: { sizeGb: 1.5 }, field: "sizeGb" },
  // storage
  { what: "empty storage name", kind: "storage", args: { name: "" }, field: "name" },
  { what: "empty storage plan id", kind: "storage", args: { storagePlanId: "" }, field: "storagePlanId" },
  { what: "public not a boolean", kind: "storage", args: { public: "yes" }, field: "public" },
  { what: "a volume's size on a storage", kind: "storage", args: { sizeGb: 10 }, field: "sizeGb" },
  // serverlet
  {
    what: "min above max instances",
    kind: "serverlet",
    args: { image: "nginx", minInstances: 3, maxInstances: 2 },
    field: "minInstances",
  },
  { what: "image with a space", kind: "serverlet", args: { image: "nginx latest" }, field: "image" },
  { what: "a 5,000-character image", kind: "serverlet", args: { image: "a".repeat(5000) }, field: "image" },
  {
    what: "a mounted storage id `..`",
    kind: "serverlet",
    args: { image: "nginx", mounts: { "/data": ".." } },
    field: "mounts",
  },
  { what: "cpu in cores, not millicores", kind: "serverlet", args: { image: "nginx", cpu: 0.5 }, field: "cpu" },
  { what: "cpu above 32000 millicores", kind: "serverlet", args: { image: "nginx", cpu: 64000 }, field: "cpu" },
  { what: "ram below 32 MiB", kind: "serverlet", args: { image: "nginx", ram: 16 }, field: "ram" },
  {
    what: "more than 1000 instances",
    kind: "serverlet",
    args: { image: "nginx", maxInstances: 1001 },
    field: "maxInstances",
  },
  // Named by the top-level input (the engine prints its value; for a nested path it printed `{<nil>}`), the
  // nested path leading the reason.
  { what: "port 0", kind: "serverlet", args: { image: "nginx", ports: [{ port: 0 }] }, field: "ports" },
  {
    what: "an environment variable name with a dash",
    kind: "serverlet",
    args: { image: "nginx", env: { "LOG-LEVEL": "x" } },
    field: "env",
  },
];

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
        const type = specFor(c.kind as Kind).typeName;
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
        { kind: "dnsRecord", name: "www", args: { dnsId: FAKE, name: "www", type: "A", value: "300.1.2.3" } },
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
