// biome-ignore-all lint/suspicious/noTemplateCurlyInString: pulumi:autonaming patterns are written ${...} in plain strings
/**
 * The SDK's halves of Pulumi's conventions, without the engine: auto-names (deterministic, following
 * `pulumi:autonaming`), `customTimeouts` as milliseconds, the Node.js version check, and the lookups for
 * existing objects against the emulator (exact match, paging, several workspaces).
 */
import * as pulumi from "@pulumi/pulumi";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { DnsZone, Project, Storage, Volume } from "../../provider/kinds";
import { volume } from "../../provider/kinds/volume/spec";
import { type AutonamingConfig, identityName, isAutoNameShaped, type NameContext } from "../../provider/naming";
import { atLeast, MIN_NODE_VERSION, nodeVersionProblem } from "../../provider/nodeVersion";
import * as futrou from "../../sdk";
import { resetAutonamingCache, resourceArgs } from "../../sdk/resource";
import { durationMs, timeoutsMs } from "../../sdk/timeouts";

const ctx = (over: Partial<NameContext> = {}): NameContext => ({
  organization: "acme",
  project: "shop",
  stack: "dev",
  type: "pulumi-nodejs:dynamic/futrou:Volume",
  shortType: "futrou:Volume",
  parents: [],
  logicalName: "data",
  config: (key) => ({ region: "eu-central" })[key],
  ...over,
});
const nameOf = (config: AutonamingConfig | undefined, over?: Partial<NameContext>) => {
  const named = identityName(config, ctx(over));
  if ("disabled" in named) throw new Error("disabled");
  return named.name;
};

describe("auto-names", () => {
  test("default: <logical name>-<7 characters>, the same in every run (preview and up agree)", () => {
    const a = nameOf(undefined);
    expect(a).toMatch(/^data-[a-z0-9]{7}$/);
    expect(nameOf(undefined)).toBe(a);
    expect(nameOf({ mode: "default" })).toBe(a);
  });

  test("differs per stack, project, type, parent and logical name (two stacks never collide)", () => {
    const a = nameOf(undefined);
    for (const over of [
      { stack: "prod" },
      { project: "blog" },
      { type: "pulumi-nodejs:dynamic/futrou:Project" },
      { parents: ["my:Component::a"] },
    ]) {
      expect(nameOf(undefined, over)).not.toBe(a);
    }
    expect(nameOf(undefined, { logicalName: "logs" })).toMatch(/^logs-/);
  });

  test("a logical name outside the name rules becomes a valid Futrou name, at most 63", () => {
    const long = nameOf(undefined, { logicalName: `My_Data.Volume ${"x".repeat(80)}` });
    expect(isAutoNameShaped(long)).toBe(true);
    expect(long).toMatch(/^my-data-volume-x+-[a-z0-9]{7}$/);
    expect(long).toHaveLength(63);
  });

  test("verbatim uses the logical name; disabled requires a name", () => {
    expect(nameOf({ mode: "verbatim" }, { logicalName: "Data_1" })).toBe("data-1");
    expect(nameOf({ mode: "verbatim", enforce: true }, { logicalName: "Data_1" })).toBe("Data_1");
    expect(identityName({ mode: "disabled" }, ctx())).toEqual({ disabled: true });
  });

  test("patterns expand every documented expression, deterministically", () => {
    const pattern =
      "${organization}-${project}-${stack}-${name}-${config.region}-${hex(4)}-${num(3)}-${string(2)}-${alphanum(5)}";
    const name = nameOf({ pattern });
    expect(name).toMatch(/^acme-shop-dev-data-eu-central-[0-9a-f]{4}-[0-9]{3}-[a-z]{2}-[a-z0-9]{5}$/);
    expect(nameOf({ pattern })).toBe(name);
    expect(nameOf({ pattern: "${uuid}" })).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(() => nameOf({ pattern: "${nope}" })).toThrow(/unknown expression \$\{nope\}/);
    expect(() => nameOf({ pattern: "${config.missing}" })).toThrow(/config.missing.*not set/);
  });

  test("without enforce a pattern's result is made valid; with it, it is used as is", () => {
    expect(nameOf({ pattern: "${name}_${stack}" })).toBe("data-dev");
    expect(nameOf({ pattern: "${name}_${stack}", enforce: true })).toBe("data_dev");
  });

  test("provider and resource overrides apply to our types (futrou or pulumi-nodejs, short or full type)", () => {
    const config: AutonamingConfig = {
      mode: "default",
      providers: {
        futrou: { pattern: "p-${name}", resources: { "futrou:Volume": { mode: "verbatim" } } },
      },
    };
    expect(nameOf(config)).toBe("data");
    expect(nameOf(config, { type: "pulumi-nodejs:dynamic/futrou:Project", shortType: "futrou:Project" })).toBe(
      "p-data",
    );
    const full: AutonamingConfig = {
      providers: {
        "pulumi-nodejs": { resources: { "pulumi-nodejs:dynamic/futrou:Volume": { pattern: "v-${name}" } } },
      },
    };
    expect(nameOf(full)).toBe("v-data");
    expect(nameOf({ providers: { aws: { mode: "verbatim" } } })).toMatch(/^data-[a-z0-9]{7}$/);
  });
});

describe("customTimeouts", () => {
  test.each([
    ["90s", 90_000],
    ["5m", 300_000],
    ["1h30m", 5_400_000],
    ["1.5h", 5_400_000],
    ["250ms", 250],
    ["1d", 86_400_000],
  ])("%s is %d ms", (text, ms) => expect(durationMs(text)).toBe(ms));

  test.each(["5", "five minutes", "5m extra", "0s", "-5m"])("%j is refused, naming the option", (text) => {
    expect(() => timeoutsMs({ create: "1m", update: text }, 'futrou:Volume "data"')).toThrow(
      /futrou:Volume "data": customTimeouts.update: .* (is not a duration|must be longer than zero)/,
    );
  });

  test("become the hidden input __timeouts in milliseconds, per operation", () => {
    const [, , inputs] = resourceArgs(
      volume,
      "data",
      { name: "data" },
      { customTimeouts: { create: "2m", delete: "30s" } },
    );
    expect(inputs.__timeouts).toEqual({ create: 120_000, delete: 30_000 });
    expect(resourceArgs(volume, "data", { name: "data" })[2]).not.toHaveProperty("__timeouts");
  });
});

describe("Node.js version", () => {
  test("compares versions numerically", () => {
    expect(atLeast("22.19.0")).toBe(true);
    expect(atLeast("v22.20.1")).toBe(true);
    expect(atLeast("24.0.0")).toBe(true);
    expect(atLeast("22.9.0")).toBe(false);
    expect(atLeast("20.20.2")).toBe(false);
  });

  test("an old Node.js gets a message naming the version needed; package.json says the same", () => {
    expect(nodeVersionProblem("20.20.2", "/usr/bin/node")).toBe(
      `pulumi-futrou needs Node.js ${MIN_NODE_VERSION} or newer, but this is Node.js 20.20.2 (/usr/bin/node). ` +
        "Install a newer Node.js and put it first on PATH: the Pulumi CLI runs the program and the provider with it.",
    );
    expect(nodeVersionProblem(MIN_NODE_VERSION)).toBeUndefined();
    expect(require("../../package.json").engines.node).toBe(`>=${MIN_NODE_VERSION}`);
  });
});

describe("pulumi:autonaming in a program", () => {
  afterEach(() => {
    resetAutonamingCache();
    pulumi.runtime.setAllConfig({});
  });

  function register(config: Record<string, string>) {
    const registered: pulumi.runtime.MockResourceArgs[] = [];
    pulumi.runtime.setMocks(
      {
        newResource: (a) => {
          registered.push(a);
          return { id: `${a.name}-id`, state: a.inputs };
        },
        call: () => ({}),
      },
      "shop",
      "dev",
      true,
      "acme",
    );
    pulumi.runtime.setAllConfig(config);
    return registered;
  }

  test("mode disabled: a resource without a name fails in the program, naming the field", () => {
    register({ "pulumi:autonaming": JSON.stringify({ mode: "disabled" }) });
    expect(() => new futrou.Volume("data")).toThrow(
      /futrou:Volume "data": name is required \(pulumi:autonaming mode is "disabled"\)/,
    );
    expect(() => new futrou.Volume("named", { name: "named" })).not.toThrow();
  });

  test("a pattern from the stack config names the resource", () => {
    register({ "pulumi:autonaming": JSON.stringify({ pattern: "${stack}-${name}" }) });
    const [, , inputs] = resourceArgs(volume, "data", {});
    expect(inputs.__autoName).toBe("dev-data");
  });

  test("a pattern never takes a secret config value: an auto-name is stored and printed in plain text", () => {
    register({ "pulumi:autonaming": JSON.stringify({ pattern: "${config.tier}-${name}" }), "shop:tier": "gold" });
    expect(resourceArgs(volume, "data", {})[2].__autoName).toBe("gold-data");
    resetAutonamingCache();
    pulumi.runtime.setAllConfig(
      { "pulumi:autonaming": JSON.stringify({ pattern: "${config.tier}-${name}" }), "shop:tier": "topsecret-tier" },
      ["shop:tier"],
    );
    expect(() => resourceArgs(volume, "data", {})).toThrow(
      /^pulumi:autonaming: \$\{config\.tier\} is a secret, and an auto-name is stored and printed in plain text/,
    );
  });

  test("an unknown mode is an error, not silently the default", () => {
    register({ "pulumi:autonaming": JSON.stringify({ mode: "random" }) });
    expect(() => resourceArgs(volume, "data", {})).toThrow(/mode "random" is not one of default, verbatim, disabled/);
  });

  test("Foo.get registers a read: the id, the given state and the provider module; no auto-name", () => {
    const registered = register({});
    futrou.Variable.get("v", "var-1", { value: "kept" });
    const [, , inputs, opts] = resourceArgs(volume, "data", undefined, { id: "vol-1", import: "x" });
    expect(opts.id).toBe("vol-1");
    expect(inputs).not.toHaveProperty("__autoName");
    expect(inputs).not.toHaveProperty("__import");
    expect(inputs.__provider).toContain("providerFor('volume')");
    return new Promise<void>((done) =>
      setImmediate(() => {
        expect(registered.find((r) => r.name === "v")?.id).toBe("var-1");
        done();
      }),
    );
  });
});

describe("lookups for existing objects", () => {
  let emulator: RunningEmulator;
  let client: FutrouClient;
  const saved = { url: process.env.FUTROU_API_URL, token: process.env.FUTROU_API_TOKEN };
  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    process.env.FUTROU_API_URL = emulator.url;
    process.env.FUTROU_API_TOKEN = emulator.token;
    client = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const workspaceId = emulator.workspaceId;
    // More than one page of projects whose names share a prefix: only the exact one matches.
    for (let i = 0; i < 120; i++) await client.create("/projects", { name: `shop-${i}`, workspaceId }, Project);
    await client.create("/projects", { name: "shop", workspaceId }, Project);
    await client.create("/dns", { domain: "shop.example", workspaceId }, DnsZone);
    await client.create("/volumes", { name: "data", sizeGb: 20, workspaceId }, Volume);
  });
  afterAll(async () => {
    process.env.FUTROU_API_URL = saved.url ?? "";
    process.env.FUTROU_API_TOKEN = saved.token ?? "";
    await emulator.close();
  });

  test("find by exact name or domain, with the fields the API sent and nothing else", async () => {
    const project = await futrou.getProject({ name: "shop" });
    expect(project).toMatchObject({ name: "shop", workspaceId: emulator.workspaceId });
    const zone = await futrou.getDnsZone({ domain: "shop.example" });
    expect(zone.domain).toBe("shop.example");
    const vol = await futrou.getVolume({ name: "data" });
    expect(vol.sizeGb).toBe(20);
    expect(
      Object.keys(vol).every(
        (k) =>
          k in
          {
            id: 1,
            name: 1,
            sizeGb: 1,
            type: 1,
            workspaceId: 1,
            projectId: 1,
            regionId: 1,
            volumePlanId: 1,
            createdAt: 1,
            updatedAt: 1,
          },
      ),
    ).toBe(true);
    expect(JSON.stringify([project, zone, vol])).not.toContain(emulator.token);
  });

  test("the Output form takes Outputs and gives an Output", async () => {
    const found = futrou.getProjectOutput({ name: pulumi.output("shop-119") });
    expect(await new Promise((ok) => found.name.apply(ok))).toBe("shop-119");
  });

  test("not found says what was looked for", async () => {
    await expect(futrou.getServerlet({ name: "api" })).rejects.toThrow('futrou: no serverlet with name "api"');
    await expect(futrou.getProxy({ domain: "nope.example" })).rejects.toThrow('no proxy with domain "nope.example"');
  });

  test("getStorage scopes every list (GET /storages needs a workspace or project), by name or in a project", async () => {
    const workspaceId = emulator.workspaceId;
    const project = await client.create("/projects", { name: "storage-owner", workspaceId }, Project);
    const made = await client.create("/storages", { name: "uploads", projectId: project.id, workspaceId }, Storage);
    await client.create("/storages", { name: "uploads-old", workspaceId }, Storage);
    emulator.resetStats();
    expect(await futrou.getStorage({ name: "uploads" })).toMatchObject({ id: made.id, projectId: project.id });
    // One GET /workspaces (the token's only workspace), one scoped list.
    expect(emulator.stats().total).toBe(2);
    expect((await futrou.getStorage({ name: "uploads", projectId: project.id })).id).toBe(made.id);
    await expect(futrou.getStorage({ name: "uploads", projectId: "elsewhere" })).rejects.toThrow(
      'futrou: no storage with name "uploads" in project elsewhere',
    );
    const found = futrou.getStorageOutput({ name: pulumi.output("uploads") });
    expect(await new Promise((ok) => found.storagePlanId.apply(ok))).toBe(made.storagePlanId);
  });

  test("the same name in two workspaces the token sees: asks for workspaceId, which then chooses", async () => {
    const { workspaceId: second } = emulator.addWorkspace(emulator.token, { name: "second" });
    await client.create("/volumes", { name: "data", workspaceId: second }, Volume);
    await expect(futrou.getVolume({ name: "data" })).rejects.toThrow(/2 volumes have name "data" .*pass workspaceId/);
    expect((await futrou.getVolume({ name: "data", workspaceId: second })).workspaceId ?? second).toBe(second);
    // Storages are listed per workspace (the list needs one): both are found, and workspaceId chooses.
    await client.create("/storages", { name: "shared", workspaceId: emulator.workspaceId }, Storage);
    const theirs = await client.create("/storages", { name: "shared", workspaceId: second }, Storage);
    await expect(futrou.getStorage({ name: "shared" })).rejects.toThrow(
      /2 storages have name "shared" .*pass workspaceId/,
    );
    expect((await futrou.getStorage({ name: "shared", workspaceId: second })).id).toBe(theirs.id);
  });
});
