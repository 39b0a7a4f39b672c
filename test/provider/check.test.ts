/**
 * Bad inputs fail in check — what `pulumi preview` prints — with the field named, before any request.
 */

import type { dynamic } from "@pulumi/pulumi";
import type { RunningEmulator } from "../../emulator";
import type { Kind } from "../../provider/api/contract";
import { makeProvider, UNKNOWN } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { type Props, type Provider, startHarness } from "./harness";

let emulator: RunningEmulator;
let provider: (kind: Kind) => Provider;
beforeAll(async () => {
  ({ emulator, provider } = await startHarness());
});
afterAll(() => emulator.close());

const zone = "6f0c1a2e-0000-4000-8000-000000000001";
const record = (r: Props): Props => ({ dnsId: zone, name: "www", type: "A", value: "203.0.113.10", ...r });

const bad: Array<{ what: string; kind: Kind; news: Props; olds?: Props; field: string; reason: RegExp }> = [
  {
    what: "cron expression invalid",
    kind: "cron",
    news: { name: "c", schedule: "61 * * * *", url: "https://x.io" },
    field: "schedule",
    reason: /cron expression.*minute/,
  },
  {
    what: "A record with an IPv6 value",
    kind: "dnsRecord",
    news: record({ value: "2001:db8::1" }),
    field: "value",
    reason: /IPv4/,
  },
  {
    what: "AAAA record with an IPv4 value",
    kind: "dnsRecord",
    news: record({ type: "AAAA" }),
    field: "value",
    reason: /IPv6/,
  },
  {
    what: "a priority on an A record",
    kind: "dnsRecord",
    news: record({ type: "A", value: "192.0.2.1", priority: 10 }),
    field: "priority",
    reason: /only applies to MX and SRV/,
  },
  {
    what: "priority above the CLI's range",
    kind: "dnsRecord",
    news: record({ type: "MX", value: "mx.example.com", priority: 65536 }),
    field: "priority",
    reason: /0 to 65535/,
  },
  {
    what: "CNAME at the apex",
    kind: "dnsRecord",
    news: record({ name: "@", type: "CNAME", value: "example.net" }),
    field: "name",
    reason: /apex/,
  },
  { what: "TTL below 0", kind: "dnsRecord", news: record({ ttl: -1 }), field: "ttl", reason: /0 to 2147483647/ },
  {
    what: "TTL above 2^31-1",
    kind: "dnsRecord",
    news: record({ ttl: 2 ** 31 }),
    field: "ttl",
    reason: /0 to 2147483647/,
  },
  { what: "record without a zone", kind: "dnsRecord", news: record({ dnsId: "" }), field: "dnsId", reason: /DNS zone/ },
  {
    what: "proxy port 0",
    kind: "proxy",
    news: { domain: "a.example.com", target: "b.internal", port: 0 },
    field: "port",
    reason: /1 to 65535/,
  },
  {
    what: "proxy port 70000",
    kind: "proxy",
    news: { domain: "a.example.com", target: "b.internal", port: 70_000 },
    field: "port",
    reason: /1 to 65535/,
  },
  {
    what: "unknown proxy type",
    kind: "proxy",
    news: { domain: "a.example.com", target: "b.internal", type: "quic" },
    field: "type",
    reason: /http.*tcp.*udp/,
  },
  {
    what: "volume size below 0",
    kind: "volume",
    news: { name: "v", sizeGb: -1 },
    field: "sizeGb",
    reason: /0 or more/,
  },
  {
    what: "volume shrink",
    kind: "volume",
    olds: { name: "v", sizeGb: 20 },
    news: { name: "v", sizeGb: 10 },
    field: "sizeGb",
    reason: /cannot shrink a volume from 20 to 10 GB/,
  },
  {
    what: "serverlet minInstances > maxInstances",
    kind: "serverlet",
    news: { name: "s", image: "nginx", minInstances: 3, maxInstances: 2 },
    field: "minInstances",
    reason: /must not exceed maxInstances/,
  },
  {
    what: "empty name",
    kind: "serverlet",
    news: { name: "", image: "nginx" },
    field: "name",
    reason: /must not be empty/,
  },
  { what: "over-long name", kind: "volume", news: { name: "v".repeat(256) }, field: "name", reason: /255/ },
  { what: "storage without a name", kind: "storage", news: { name: "" }, field: "name", reason: /must not be empty/ },
  {
    what: "empty storage plan id",
    kind: "storage",
    news: { name: "s", storagePlanId: "" },
    field: "storagePlanId",
    reason: /./,
  },
  {
    what: "storage public not a boolean",
    kind: "storage",
    news: { name: "s", public: "yes" },
    field: "public",
    reason: /boolean/,
  },
  {
    what: "a volume input on a storage",
    kind: "storage",
    news: { name: "s", sizeGb: 10 },
    field: "sizeGb",
    reason: /is not a Storage input/,
  },
  {
    what: "project name not a slug",
    kind: "project",
    news: { name: "My Project" },
    field: "name",
    reason: /lowercase/,
  },
  {
    what: "variable with no scope",
    kind: "variable",
    news: { key: "K", value: "v" },
    field: "workspaceId",
    reason: /exactly one.*got none/,
  },
  {
    what: "variable with two scopes",
    kind: "variable",
    news: { key: "K", value: "v", workspaceId: "w", projectId: "p" },
    field: "projectId",
    reason: /exactly one.*workspaceId, projectId/,
  },
  {
    what: "unknown input",
    kind: "project",
    news: { name: "p", colour: "red" },
    field: "colour",
    reason: /not a Project input/,
  },
  {
    what: "an architecture the API does not publish",
    kind: "serverlet",
    news: { name: "s", image: "nginx", arch: "x86" },
    field: "arch",
    reason: /amd64.*arm64/,
  },
  {
    what: "a relative mount path",
    kind: "serverlet",
    news: { name: "s", image: "nginx", mounts: { data: "st-1" } },
    field: "mounts",
    reason: /absolute/,
  },
  {
    what: "a path mounted by volumes and mounts",
    kind: "serverlet",
    news: { name: "s", image: "nginx", volumes: [{ volumeId: "v", mountPath: "/d" }], mounts: { "/d": "st-1" } },
    field: "mounts",
    reason: /mounted by volumes too/,
  },
  {
    what: "a known scaling key out of its range",
    kind: "serverlet",
    news: { name: "s", image: "nginx", scaling: { cpuPercent: 0, targetRps: 50 } },
    field: "scaling",
    reason: /1 to 100/,
  },
  {
    what: "a scaling value that is not a number",
    kind: "serverlet",
    news: { name: "s", image: "nginx", scaling: { targetRps: "fast" } },
    field: "scaling",
    reason: /number/,
  },
  {
    what: "a rule method in capitals (the API publishes lowercase)",
    kind: "proxy",
    news: { domain: "a.example.com", target: "b.internal", rules: [{ if: { method: "GET" } }] },
    field: "rules",
    reason: /get.*post/,
  },
  {
    what: "a rule port 0",
    kind: "proxy",
    // biome-ignore lint/suspicious/noThenProperty: types.go's proxy Rule is literally `{if, then}`
    news: { domain: "a.example.com", target: "b.internal", rules: [{ if: { port: 0 }, then: [] }] },
    field: "rules",
    reason: /1 to 65535/,
  },
  {
    // The engine prints the named input's value beside the reason: a nested path has none (`value {<nil>}`).
    what: "nested field, named by its top-level input with the path leading the reason",
    kind: "serverlet",
    news: { name: "s", image: "nginx", volumes: [{ volumeId: "v", mountPath: "data" }] },
    field: "volumes",
    reason: /^volumes\[0\]\.mountPath: .*absolute path/,
  },
  {
    what: "an environment variable name (no raw `Invalid key in record`)",
    kind: "serverlet",
    news: { name: "s", image: "nginx", env: { "bad-key": "x" } },
    field: "env",
    reason: /^key "bad-key": environment variable names must be letters, digits and '_'$/,
  },
  {
    what: "a wrong type, in words",
    kind: "volume",
    news: { name: "v", sizeGb: "big" },
    field: "sizeGb",
    reason: /^must be a number \(got a string\)$/,
  },
  {
    what: "a port of 0, in words",
    kind: "serverlet",
    news: { name: "s", image: "nginx", ports: [{ port: 0 }] },
    field: "ports",
    reason: /^ports\[0\]\.port: /,
  },
  // Parent ids become path segments (a record's zone) or are looked up by path (a variable's project when a
  // refresh meets a 404): a value that is not an id the API issued would name another path.
  {
    what: "a record's zone id `..`",
    kind: "dnsRecord",
    news: record({ dnsId: ".." }),
    field: "dnsId",
    reason: /not "\.\."/,
  },
  {
    what: "a record's zone id `.`",
    kind: "dnsRecord",
    news: record({ dnsId: "." }),
    field: "dnsId",
    reason: /dot segment/,
  },
  {
    what: "a record's zone id with a `/`",
    kind: "dnsRecord",
    news: record({ dnsId: `${zone}/x` }),
    field: "dnsId",
    reason: /never contain "\/"/,
  },
  {
    what: "a variable's project id `..`, percent-encoded",
    kind: "variable",
    news: { key: "K", value: "v", projectId: "%2e%2e" },
    field: "projectId",
    reason: /never contain "%"/,
  },
  {
    what: "a variable's serverlet id with a newline",
    kind: "variable",
    news: { key: "K", value: "v", serverletId: "s-1\n" },
    field: "serverletId",
    reason: /never contain whitespace/,
  },
  {
    what: "a workspace id over 256 characters",
    kind: "project",
    news: { name: "p", workspaceId: "w".repeat(257) },
    field: "workspaceId",
    reason: /at most 256 characters/,
  },
  {
    what: "a mounted storage id `..`",
    kind: "serverlet",
    news: { name: "s", image: "nginx", mounts: { "/data": ".." } },
    field: "mounts",
    reason: /^mounts\["?\/data"?\]?.*dot segment|dot segment/,
  },
  {
    what: "a mounted volume id with a `?`",
    kind: "serverlet",
    news: { name: "s", image: "nginx", volumes: [{ volumeId: "v?x=1", mountPath: "/d" }] },
    field: "volumes",
    reason: /^volumes\[0\]\.volumeId: .*never contain "\?"/,
  },
  {
    what: "a variable value over 65,536 characters",
    kind: "variable",
    news: { key: "K", value: "x".repeat(65_537), projectId: zone },
    field: "value",
    reason: /at most 65536 characters/,
  },
  {
    what: "a control character in a display name",
    kind: "project",
    news: { name: "p", displayName: "Shop\u0007" },
    field: "displayName",
    reason: /control characters \(found U\+0007\)/,
  },
  {
    what: "a line break in a display name",
    kind: "project",
    news: { name: "p", displayName: "Shop\nFront" },
    field: "displayName",
    reason: /control characters \(found U\+000A\)/,
  },
  {
    what: "a NUL in a variable's description",
    kind: "variable",
    news: { key: "K", value: "v", projectId: zone, description: "a\u0000b" },
    field: "description",
    reason: /control characters \(found U\+0000\)/,
  },
  {
    what: "an escape character in a serverlet's name",
    kind: "serverlet",
    news: { name: "web\u001b[31m", image: "nginx" },
    field: "name",
    reason: /control characters/,
  },
  {
    what: "a volume of 1e308 GB",
    kind: "volume",
    news: { name: "v", sizeGb: 1e308 },
    field: "sizeGb",
    reason: /at most 1048576 GB/,
  },
  // What the API refuses and preview used to pass (issue 35): the limits are in contract.ts, with their evidence.
  {
    what: "a volume of 1.5 GB",
    kind: "volume",
    news: { name: "v", sizeGb: 1.5 },
    field: "sizeGb",
    reason: /^must be a whole number of GB$/,
  },
  { what: "a volume of -0 GB", kind: "volume", news: { name: "v", sizeGb: -0 }, field: "sizeGb", reason: /not -0/ },
  {
    what: "a 100 KB TXT value",
    kind: "dnsRecord",
    news: record({ type: "TXT", value: "v=spf1 ".padEnd(100_000, "x") }),
    field: "value",
    reason: /^must be at most 4096 characters$/,
  },
  {
    what: "a 5,000-character image",
    kind: "serverlet",
    news: { name: "s", image: `registry.example.com/${"a".repeat(5000)}` },
    field: "image",
    reason: /^must be at most 512 characters$/,
  },
  {
    what: "a 100 KB cron URL",
    kind: "cron",
    news: { name: "c", schedule: "* * * * *", url: `https://example.com/?q=${"x".repeat(100_000)}` },
    field: "url",
    reason: /^must be at most 8000 characters$/,
  },
];

describe("check rejects bad input before any request", () => {
  test.each(bad)("$what → $field", async ({ kind, news, olds, field, reason }) => {
    const before = emulator.stats().total;
    const p = provider(kind);
    const result = await p.raw.check!(olds ? p.stored(olds) : {}, news);
    expect(result.failures).toContainEqual({ property: field, reason: expect.stringMatching(reason) });
    expect(emulator.stats().total).toBe(before);
  });
});

describe("check normalizes good input", () => {
  test("fills the API defaults, so removing an input reverts it to the default", async () => {
    const { inputs } = await provider("proxy").raw.check!({}, { domain: "a.example.com", target: "b.internal" });
    expect(inputs).toMatchObject({ port: 80, type: "http", strategy: "round-robin", verifyTls: true, projectId: null });
  });

  test("applies nested defaults (a mounted volume is read-write unless told)", async () => {
    const { inputs } = await provider("serverlet").raw.check!(
      {},
      { name: "s", image: "nginx", volumes: [{ volumeId: "v", mountPath: "/data" }], ports: [{ port: 80 }] },
    );
    expect(inputs).toMatchObject({ volumes: [{ readOnly: false }], ports: [{ protocol: "http" }] });
  });

  test("ids the API chooses (plan, region, arch) are left out when unset or null: never a diff against its choice", async () => {
    const { inputs } = await provider("serverlet").raw.check!(
      {},
      { name: "s", image: "nginx", serverletPlanId: null, regionId: null, arch: null },
    );
    for (const k of ["serverletPlanId", "regionId", "arch"]) expect(inputs).not.toHaveProperty(k);
    const proxy = await provider("proxy").raw.check!({}, { domain: "a.example.com", target: "b.internal" });
    expect(proxy.inputs).not.toHaveProperty("proxyPlanId");
    expect(proxy.inputs).not.toHaveProperty("regionId");
  });

  test("scaling takes any numbers (the newest API's map); no mounts, rules or scaling are null", async () => {
    const { inputs } = await provider("serverlet").raw.check!(
      {},
      { name: "s", image: "nginx", scaling: { minReplicas: 2, targetCpu: 0.7 }, mounts: {} },
    );
    expect(inputs).toMatchObject({ scaling: { minReplicas: 2, targetCpu: 0.7 }, mounts: null });
    const proxy = await provider("proxy").raw.check!({}, { domain: "a.example.com", target: "b", rules: [] });
    expect(proxy.inputs).toMatchObject({ rules: null });
  });

  test("a value not known until apply is not judged at preview", async () => {
    const result = await provider("dnsRecord").raw.check!({}, record({ dnsId: UNKNOWN, value: UNKNOWN }));
    expect(result.failures).toBeUndefined();
    expect(result.inputs).toMatchObject({ dnsId: UNKNOWN, value: UNKNOWN, ttl: 300 });
  });

  test("a volume may grow", async () => {
    const p = provider("volume");
    const result = await p.raw.check!(p.stored({ name: "v", sizeGb: 10 }), { name: "v", sizeGb: 11 });
    expect(result.failures).toBeUndefined();
  });

  test("the dynamic-provider host refuses a resource the plugin manages (a stack cannot move back)", async () => {
    // Old inputs written by the plugin carry no provider module: the host could not refresh or destroy it.
    const p = provider("volume");
    const news = { name: "v", sizeGb: 10, __provider: "exports.handler=()=>…" };
    const result = await p.raw.check!({ name: "v", sizeGb: 10, workspaceId: "w1" }, news);
    expect(result.failures).toEqual([{ property: "", reason: expect.stringContaining("set futrou:mode to plugin") }]);
    // The plugin's own check (the same kit, its adapter) takes them as they are.
    const onPlugin = makeProvider(specFor("volume"), { acceptsSecrets: true });
    await onPlugin.configure?.({ config: { get: () => undefined } as unknown as dynamic.Config });
    const plugin = await onPlugin.check({ name: "v", sizeGb: 10, workspaceId: "w1" }, { ...news, workspaceId: "w1" });
    expect(plugin.failures ?? []).toEqual([]);
  });
});

describe("auto-naming", () => {
  test("`<logical name>-<7 random chars>`, stable across check calls with the old inputs", async () => {
    const p = provider("serverlet");
    const first = await p.check({}, { image: "nginx", __logicalName: "My_Api" });
    expect(first.name).toMatch(/^my-api-[a-z0-9]{7}$/);
    const again = await p.check(first, { image: "nginx:2", __logicalName: "My_Api" });
    expect(again.name).toBe(first.name);
  });

  test("a fresh check (replacement, new stack) draws a new name; an explicit name wins", async () => {
    const p = provider("volume");
    const a = await p.check({}, { __logicalName: "data" });
    const b = await p.check({}, { __logicalName: "data" });
    expect(a.name).not.toBe(b.name);
    expect((await p.check(a, { name: "mine", __logicalName: "data" })).name).toBe("mine");
  });

  test("a name given before is not reused once the program drops it", async () => {
    const p = provider("project");
    const named = await p.check({}, { name: "explicit" });
    expect((await p.check(named, { __logicalName: "proj" })).name).toMatch(/^proj-[a-z0-9]{7}$/);
  });
});

describe("an import id that is not one of the kind's ids is refused at check, before any request", () => {
  const cases: Array<{ kind: Kind; importId: string; reason: RegExp }> = [
    { kind: "dnsRecord", importId: `${zone}/..`, reason: /recordId must be an id the API issued, not "\.\."/ },
    { kind: "dnsRecord", importId: `${zone}/.`, reason: /recordId .*not "\."/ },
    { kind: "dnsRecord", importId: `../${zone}`, reason: /dnsId .*not "\.\."/ },
    { kind: "dnsRecord", importId: `${zone}/%2e%2e`, reason: /recordId .*never contain "%"/ },
    { kind: "dnsRecord", importId: `${zone}/rec-1?x`, reason: /recordId .*never contain "\?"/ },
    { kind: "dnsRecord", importId: zone, reason: /expected <dnsId>\/<recordId> \(2 parts/ },
    { kind: "project", importId: ".", reason: /projectId .*not "\."/ },
    { kind: "project", importId: "..", reason: /projectId .*not "\.\."/ },
    { kind: "project", importId: "p-1/..", reason: /expected <projectId> \(1 part/ },
    { kind: "dnsZone", importId: "z-1#frag", reason: /dnsId .*never contain "#"/ },
  ];
  test.each(cases)("$kind import $importId", async ({ kind, importId, reason }) => {
    const before = emulator.stats().total;
    const news = kind === "dnsRecord" ? record({}) : kind === "dnsZone" ? { domain: "shop.example" } : { name: "p" };
    const owner = kind === "dnsRecord" ? {} : { workspaceId: "w-1" };
    const result = await provider(kind).raw.check!({}, { ...news, ...owner, __import: importId });
    expect(result.failures).toEqual([
      { property: "", reason: expect.stringMatching(new RegExp(`^import: malformed id .*${reason.source}`)) },
    ]);
    expect(emulator.stats().total).toBe(before);
  });
});

test("a secret variable value over 65,536 characters fails check, its value never shown", async () => {
  const value = `s3cr3t-${"x".repeat(65_536)}`;
  const result = await provider("variable").raw.check!({}, { key: "K", value, isSecret: true, projectId: zone });
  expect(result.failures).toEqual([{ property: "", reason: "value (secret): must have at most 65536 characters" }]);
  expect(JSON.stringify(result)).not.toContain("s3cr3t");
});
