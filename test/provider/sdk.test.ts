/**
 * The SDK classes in the program process: the type token and the tiny serialized provider, hidden
 * inputs (`__autoName`, `__import`), secrets, and the lookups. Runs with Pulumi's mocks, no engine.
 */
import * as pulumi from "@pulumi/pulumi";
import type { RunningEmulator } from "../../emulator";
import { startEmulator } from "../../emulator";
import { cron } from "../../provider/kinds/cron/spec";
import { dnsRecord } from "../../provider/kinds/dnsRecord/spec";
import { serverlet } from "../../provider/kinds/serverlet/spec";
import { variable } from "../../provider/kinds/variable/spec";
import { kinds, specFor } from "../../provider/registry";
import * as futrou from "../../sdk";
import { resetSdkModeCache } from "../../sdk/mode";
import { providerModule, resourceArgs } from "../../sdk/resource";
import { casesOf } from "../kind-cases";
import { ORACLES } from "../oracle/oracles";

const registered: pulumi.runtime.MockResourceArgs[] = [];
beforeAll(() =>
  pulumi.runtime.setMocks(
    {
      newResource: (args) => {
        registered.push(args);
        return { id: `${args.name}-id`, state: { ...args.inputs, name: args.inputs.name ?? "generated" } };
      },
      call: () => ({}),
    },
    "project",
    "stack",
    false,
    "org",
  ),
);

const resolve = <T>(o: pulumi.Output<T>) => new Promise<T>((ok) => o.apply(ok));

describe("resource classes", () => {
  test("register under pulumi-nodejs:dynamic/futrou:<Type> with the one-line provider module and __autoName", async () => {
    const s = new futrou.Serverlet("api", { image: "nginx" });
    expect(await resolve(s.name)).toBe("generated");
    const args = registered.find((r) => r.name === "api");
    expect(args?.type).toBe("pulumi-nodejs:dynamic/futrou:Serverlet");
    expect(args?.inputs).toMatchObject({
      image: "nginx",
      __autoName: expect.stringMatching(/^api-[a-z0-9]{7}$/),
      __provider: providerModule("serverlet"),
    });
    expect(pulumi.Output.isInstance(s.state)).toBe(true);
  });

  test("hidden inputs do not clash with the Resource's own fields (each input becomes a property)", async () => {
    const v = new futrou.Volume("data", {}, { import: "vol-1" });
    expect(pulumi.Output.isInstance(v.sizeGb)).toBe(true);
    await resolve(v.urn);
    expect(registered.find((r) => r.name === "data")?.inputs).toMatchObject({
      __import: "vol-1",
      __autoName: expect.stringMatching(/^data-[a-z0-9]{7}$/),
    });
  });

  test("reject a user-supplied __provider (or any __ key)", () => {
    expect(
      () => new futrou.Project("p", { __provider: "exports.handler = () => evil" } as unknown as futrou.ProjectArgs),
    ).toThrow(/__provider is reserved/);
  });

  test("an explicit name means no __autoName", () => {
    const [, , inputs] = resourceArgs(serverlet, "api", { name: "mine", image: "nginx" });
    expect(inputs).not.toHaveProperty("__autoName");
    expect(inputs.name).toBe("mine");
  });

  test("the import option becomes the hidden input __import (the engine cannot import dynamic resources)", () => {
    const [, , inputs, opts] = resourceArgs(serverlet, "api", { image: "nginx" }, { import: "abc", protect: true });
    expect(inputs.__import).toBe("abc");
    expect(opts).toEqual({
      protect: true,
      deleteBeforeReplace: true,
      // A stack that moved to the plugin meets the kit's refusal, not a plan that creates everything anew.
      aliases: [{ type: "futrou:index:Serverlet" }],
    });
  });

  test("an import id that is not one of the kind's ids fails the program, naming import; never registered", async () => {
    const record = { dnsId: "dns-789", name: "www", type: "A", value: "192.0.2.1" };
    const [, , , opts] = resourceArgs(dnsRecord, "www", record, { import: "dns-789/.." });
    await expect(opts.dependsOn).rejects.toThrow(
      'futrou:DnsRecord "www": import: malformed id "dns-789/..", expected <dnsId>/<recordId>: recordId must be an id the API issued, not ".." (a dot segment names another path)',
    );
    await expect(opts.dependsOn).rejects.toBeInstanceOf(pulumi.RunError);
    const [, , , one] = resourceArgs(serverlet, "api", { image: "nginx" }, { import: "srv-1/x" });
    await expect(one.dependsOn).rejects.toThrow(/futrou:Serverlet "api": import: malformed id .*\(1 part separated/);
    expect(resourceArgs(dnsRecord, "www", record, { import: "dns-789/rec-001" })[3]).not.toHaveProperty("dependsOn");
  });

  test("kinds with a unique value delete first on every replacement unless the program says otherwise", () => {
    expect(resourceArgs(serverlet, "api", { image: "nginx" })[3].deleteBeforeReplace).toBe(true);
    expect(
      resourceArgs(serverlet, "api", { image: "nginx" }, { deleteBeforeReplace: false })[3].deleteBeforeReplace,
    ).toBe(false);
    // Records may repeat: a replacement creates the new one first, as Pulumi does by default.
    const record = { dnsId: "z", name: "www", type: "A", value: "192.0.2.1" };
    expect(resourceArgs(dnsRecord, "www", record)[3]).not.toHaveProperty("deleteBeforeReplace");
  });

  // The oracle's unique value, not the spec's: a kind that loses its `unique` (or never declared it) fails here.
  test.each(kinds())("%s: deletes first on every replacement exactly when the oracle names a unique value", (kind) => {
    const { program } = casesOf(kind).contract[0] ?? { program: {} };
    const opts = resourceArgs(specFor(kind), "one", program)[3];
    expect(opts.deleteBeforeReplace).toBe(ORACLES[kind].unique === undefined ? undefined : true);
  });

  test("replaceOnChanges travels as the hidden input __replaceOnChanges; a malformed path fails in the program", () => {
    const [, , inputs] = resourceArgs(serverlet, "api", { image: "nginx" }, { replaceOnChanges: ["env.A", "image"] });
    expect(inputs.__replaceOnChanges).toEqual(["env.A", "image"]);
    expect(resourceArgs(serverlet, "api", { image: "nginx" })[2]).not.toHaveProperty("__replaceOnChanges");
    expect(() => resourceArgs(serverlet, "api", { image: "nginx" }, { replaceOnChanges: ["env..A"] })).toThrow(
      'futrou:Serverlet "api": replaceOnChanges: "env..A" is not a property path',
    );
  });

  test("the auto-name is drawn from the identity an alias names, so a renamed resource suggests the name it has", () => {
    const suggested = (name: string, opts?: pulumi.CustomResourceOptions) =>
      resourceArgs(serverlet, name, { image: "nginx" }, opts)[2].__autoName;
    const original = suggested("data");
    expect(suggested("renamed")).not.toBe(original);
    expect(suggested("renamed", { aliases: [{ name: "data" }] })).toBe(original);
    expect(
      suggested("renamed", { aliases: ["urn:pulumi:stack::project::pulumi-nodejs:dynamic/futrou:Serverlet::data"] }),
    ).toBe(original);
    expect(suggested("renamed", { aliases: [{ name: "data", parent: pulumi.rootStackResource }] })).toBe(original);
    // An alias whose parent is only known as a URN cannot be told apart: the current identity is used.
    expect(suggested("renamed", { aliases: [{ name: "data", parent: "urn:pulumi:stack::project::a:b:C::p" }] })).toBe(
      suggested("renamed"),
    );
  });

  test("inputs the program knows are validated in the program: one line per problem, never registered", async () => {
    const [, , , opts] = resourceArgs(serverlet, "api", { image: "nginx", cpu: 0.5, ports: [{ port: 0 }] });
    await expect(opts.dependsOn).rejects.toThrow(
      'futrou:Serverlet "api": cpu: must be a whole number\nfutrou:Serverlet "api": ports[0].port: must be from 1 to 65535',
    );
    await expect(opts.dependsOn).rejects.toBeInstanceOf(pulumi.RunError);
    // Valid, or not known yet (an Output, a secret): left to the provider's check, which stays the authority.
    expect(resourceArgs(serverlet, "api", { image: "nginx", cpu: 500 })[3]).not.toHaveProperty("dependsOn");
    expect(resourceArgs(serverlet, "api", { image: pulumi.output("not an image") })[3]).not.toHaveProperty("dependsOn");
    const headers = { "not a header": "x" };
    expect(resourceArgs(cron, "c", { schedule: "@daily", url: "https://x.io", headers })[3]).not.toHaveProperty(
      "dependsOn",
    );
    // The auto-name is validated with the rest: one drawn from a logical name that is no slug is valid.
    const [, , named, namedOpts] = resourceArgs(serverlet, "API", { image: "nginx" });
    expect(named.__autoName).toMatch(/^api-/);
    expect(namedOpts).not.toHaveProperty("dependsOn");
  });

  test("every output is registered, so the runtime sets it on the instance", () => {
    const [, , inputs] = resourceArgs(variable, "v", { key: "K", value: "x", workspaceId: "w" });
    for (const k of ["key", "value", "isSecret", "description", "projectId", "serverletId", "createdAt", "updatedAt"]) {
      expect(inputs).toHaveProperty(k);
    }
    expect(inputs).not.toHaveProperty("id");
  });

  test.each([
    [cron, { schedule: "@daily", url: "https://x.io", headers: { A: "b" }, body: "b" }, ["headers", "body"]],
  ] as const)("secret inputs are wrapped and stay secret outputs ($kind)", async (spec, args, secrets) => {
    const [, , inputs, opts] = resourceArgs(spec, "r", args, { additionalSecretOutputs: ["other"] });
    for (const k of secrets) expect(await pulumi.isSecret(pulumi.output(inputs[k]))).toBe(true);
    expect(opts.additionalSecretOutputs).toEqual(["other", ...secrets]);
  });

  test("a variable's value is a secret when isSecret is true (also as an Output) or the program made it one", async () => {
    const valueFrom = (args: object) => pulumi.output(resourceArgs(variable, "v", args)[2].value);
    const base = { key: "K", workspaceId: "w" };
    expect(await pulumi.isSecret(valueFrom({ ...base, value: "on" }))).toBe(false);
    expect(await pulumi.isSecret(valueFrom({ ...base, value: "on", isSecret: false }))).toBe(false);
    expect(await pulumi.isSecret(valueFrom({ ...base, value: "on", isSecret: true }))).toBe(true);
    expect(await pulumi.isSecret(valueFrom({ ...base, value: "on", isSecret: pulumi.output(true) }))).toBe(true);
    expect(await pulumi.isSecret(valueFrom({ ...base, value: "on", isSecret: pulumi.output(false) }))).toBe(false);
    expect(await pulumi.isSecret(valueFrom({ ...base, value: pulumi.secret("on") }))).toBe(true);
    expect(await resolve(valueFrom({ ...base, value: "on", isSecret: pulumi.output(true) }))).toBe("on");
    expect(resourceArgs(variable, "v", { ...base, value: "on" })[3].additionalSecretOutputs).toBeUndefined();
  });

  test.each([
    ["nothing the program made secret: no input", variable, { key: "K", value: "x", workspaceId: "w" }, undefined],
    [
      "a secret on any field, the kind's own secret fields only when the program made them secret",
      variable,
      { key: pulumi.secret("K"), value: pulumi.secret("x"), description: "plain", workspaceId: "w" },
      ["key", "value"],
    ],
    [
      "an Output derived from a secret, and a map holding one",
      serverlet,
      { image: pulumi.secret("nginx").apply((i) => `${i}:1`), env: { A: "1", B: pulumi.secret("2") }, name: "n" },
      ["env", "image"],
    ],
    ["a plain Output is no secret", serverlet, { image: pulumi.output("nginx") }, undefined],
  ] as const)("__secrets lists the top-level inputs the program made secret: %s", async (_, spec, args, expected) => {
    const [, , inputs] = resourceArgs(spec, "r", args);
    const names = await inputs.__secrets;
    expect(names).toEqual(expected);
    // Names only: the hidden input is no secret itself and holds no value.
    expect(JSON.stringify(names ?? [])).not.toMatch(/nginx|"x"|"2"/);
  });

  describe("Pulumi's per-property debug stack traces (bench/RESULTS.md: a third of a no-change up)", () => {
    /**
     * Counts the stack frames formatted while `build` runs: each `.stack` read calls prepareStackTrace
     * with the captured frames, and under ts-node each frame is mapped through source maps.
     */
    function framesFormatted(build: () => void): number {
      const original = Error.prepareStackTrace;
      let count = 0;
      Error.prepareStackTrace = (error, frames) => {
        count += frames.length;
        return original ? original(error, frames) : `${error}\n${frames.map((f) => `    at ${f}`).join("\n")}`;
      };
      try {
        build();
      } finally {
        Error.prepareStackTrace = original;
      }
      return count;
    }

    test("are not captured while a Futrou resource registers; the limit is restored afterwards", () => {
      const before = Error.stackTraceLimit;
      const ours = framesFormatted(() => new futrou.Serverlet("quiet", { image: "nginx" }));
      expect(Error.stackTraceLimit).toBe(before);
      // Pulumi's own source-position capture (Resource.callsites) still runs, with every frame.
      expect(ours).toBeGreaterThan(0);
      class Plain extends pulumi.CustomResource {
        constructor(name: string) {
          super("test:index:Plain", name, { a: 1, b: 2, c: 3 });
        }
      }
      const plain = framesFormatted(() => new Plain("plain"));
      // A plain resource with 3 properties formats 4 stacks per property; a serverlet has 20 properties.
      expect(ours).toBeLessThan(plain / 2);
    });

    test("are kept when PULUMI_DEBUG_PROMISE_LEAKS is set (whoever debugs a leak wants them)", () => {
      process.env.PULUMI_DEBUG_PROMISE_LEAKS = "1";
      try {
        const debugging = framesFormatted(() => new futrou.Serverlet("debugging", { image: "nginx" }));
        expect(debugging).toBeGreaterThan(4 * 20 * Math.min(Error.stackTraceLimit, 5));
      } finally {
        delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
      }
    });

    test("the limit is restored when Pulumi's constructor throws, and the error keeps its message", () => {
      const before = Error.stackTraceLimit;
      expect(
        () => new futrou.Project("orphan", {}, { parent: "not a resource" as unknown as pulumi.Resource }),
      ).toThrow(/parent is not a valid Resource/);
      expect(Error.stackTraceLimit).toBe(before);
    });
  });

  test("the provider module loads the package's provider for its kind at run time, nothing captured", () => {
    const code = providerModule("dnsRecord");
    // Stored twice per resource (inputs and outputs): one short line, the missing-package message included.
    expect(code.length).toBeLessThan(210);
    const loaded: string[] = [];
    const fakeRequire = (id: string) => {
      loaded.push(id);
      return { providerFor: (kind: string) => ({ kind }) };
    };
    const module = { exports: {} as { handler: () => unknown } };
    new Function("exports", "require", code)(module.exports, fakeRequire);
    expect(module.exports.handler()).toEqual({ kind: "dnsRecord" });
    expect(loaded).toEqual(["pulumi-futrou/dist/provider"]);
  });

  test("without the package where the program is, the provider module's error names the package", () => {
    const missing = (id: string) => {
      throw Object.assign(new Error(`Cannot find module '${id}'`), { code: "MODULE_NOT_FOUND" });
    };
    const module = { exports: {} as { handler: () => unknown } };
    new Function("exports", "require", providerModule("volume"))(module.exports, missing);
    expect(() => module.exports.handler()).toThrow("Cannot find module 'pulumi-futrou/dist/provider'");
  });

  test("the provider module is one short line: every character is two bytes of state per resource", () => {
    for (const kind of kinds()) {
      const code = providerModule(kind);
      expect(code).not.toMatch(/["\n]/);
      expect(code.length).toBeLessThanOrEqual(75 + kind.length);
    }
  });
});

describe("lookups", () => {
  let emulator: RunningEmulator;
  const saved = { url: process.env.FUTROU_API_URL, token: process.env.FUTROU_API_TOKEN };
  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    process.env.FUTROU_API_URL = emulator.url;
    process.env.FUTROU_API_TOKEN = emulator.token;
  });
  afterAll(async () => {
    process.env.FUTROU_API_URL = saved.url ?? "";
    process.env.FUTROU_API_TOKEN = saved.token ?? "";
    await emulator.close();
  });

  test("find a plan by name, per plan kind, through one helper; never return the token", async () => {
    const plans = await Promise.all(
      [futrou.getServerletPlan, futrou.getVolumePlan, futrou.getDnsPlan, futrou.getCronPlan, futrou.getProxyPlan].map(
        (get) => get({ name: "standard" }),
      ),
    );
    expect(new Set(plans.map((p) => p.id)).size).toBe(5);
    for (const p of plans) expect(p.name).toBe("standard");
    expect(JSON.stringify(plans)).not.toContain(emulator.token);
  });

  test("storage plans: every plan with its size, or one by name", async () => {
    const all = await futrou.getStoragePlans();
    expect(all.map((p) => p.name).sort()).toEqual(["pro", "standard", "starter"]);
    for (const p of all) expect(p.size).toEqual({ size: expect.any(Number), unit: "GB" });
    const one = await futrou.getStoragePlan({ name: "standard" });
    expect(one).toEqual(all.find((p) => p.name === "standard"));
    expect(await new Promise((ok) => futrou.getStoragePlansOutput().apply(ok))).toEqual(all);
  });

  test("an unknown plan name lists the ones that exist", async () => {
    await expect(futrou.getServerletPlan({ name: "huge" })).rejects.toThrow(
      /no serverlet plan named "huge" \(available: .*standard.*\)/,
    );
  });

  test("getRegions lists the regions", async () => {
    expect((await futrou.getRegions()).map((r) => r.name)).toContain("eu-central");
  });
});

describe("futrou:mode plugin: the same classes on the provider plugin", () => {
  beforeEach(() => {
    pulumi.runtime.setConfig("futrou:mode", "plugin");
    resetSdkModeCache();
  });
  afterEach(() => {
    pulumi.runtime.setConfig("futrou:mode", "dynamic");
    resetSdkModeCache();
  });

  test("a resource registers as futrou:index:<Type>, aliased from its dynamic type, with no hidden input", async () => {
    const s = new futrou.Serverlet("plugin-api", { image: "nginx", env: { K: "v" } });
    await resolve(s.urn);
    const args = registered.find((r) => r.name === "plugin-api");
    expect(args?.type).toBe("futrou:index:Serverlet");
    expect(Object.keys(args?.inputs ?? {}).filter((k) => k.startsWith("__"))).toEqual([]);
    expect(args?.inputs).toMatchObject({ image: "nginx", env: { K: "v" } });
    const [type, , , opts] = resourceArgs(serverlet, "api", { image: "nginx" });
    expect(type).toBe("futrou:index:Serverlet");
    expect(opts.aliases).toEqual([{ type: "pulumi-nodejs:dynamic/futrou:Serverlet" }]);
  });

  test("import, customTimeouts and replaceOnChanges stay options for the engine (it applies them on the plugin)", () => {
    const given = {
      import: "abc",
      customTimeouts: { create: "2m" },
      replaceOnChanges: ["image"],
      aliases: [{ name: "old-api" }],
    };
    const [, , inputs, opts] = resourceArgs(serverlet, "api", { image: "nginx" }, given);
    expect(Object.keys(inputs).filter((k) => k.startsWith("__"))).toEqual([]);
    expect(opts).toMatchObject({ import: "abc", customTimeouts: { create: "2m" }, replaceOnChanges: ["image"] });
    expect(opts.aliases).toEqual([{ name: "old-api" }, { type: "pulumi-nodejs:dynamic/futrou:Serverlet" }]);
    // The same checks as in dynamic mode, in the program.
    expect(() => resourceArgs(serverlet, "api", { image: "nginx" }, { customTimeouts: { create: "soon" } })).toThrow(
      /customTimeouts.create/,
    );
    expect(() => resourceArgs(serverlet, "api", { image: "nginx" }, { replaceOnChanges: ["env["] })).toThrow(
      /futrou:Serverlet "api"/,
    );
  });

  test("known inputs are still validated in the program; a name left to the plugin's auto-naming is no problem", async () => {
    const [, , , ok] = resourceArgs(serverlet, "api", { image: "nginx" });
    expect(ok.dependsOn).toBeUndefined();
    const [, , , bad] = resourceArgs(serverlet, "api", { image: "nginx", ports: [{ port: 70000 }] });
    expect(bad.dependsOn).toBeInstanceOf(Promise);
    const [, , , badImport] = resourceArgs(serverlet, "api", { image: "nginx" }, { import: ".." });
    await expect(badImport.dependsOn).rejects.toThrow(/futrou:Serverlet "api": import: malformed id "\.\."/);
    return expect(bad.dependsOn).rejects.toThrow(/futrou:Serverlet "api": ports\[0\]\.port/);
  });

  test("an explicit provider is a futrou provider with the schema's setting names, aliased from pulumi-nodejs", async () => {
    const p = new futrou.Provider("ws2-plugin", { apiToken: "tok-plugin", apiUrl: "http://127.0.0.1:1/v2" });
    await resolve(p.urn);
    const args = registered.find((r) => r.name === "ws2-plugin");
    expect(args?.type).toBe("pulumi:providers:futrou");
    expect(Object.keys(args?.inputs ?? {}).sort()).toEqual(["apiToken", "apiUrl"]);
    const [, , , opts] = resourceArgs(variable, "v", { key: "K", value: "x", projectId: "p" }, { provider: p });
    expect(opts.provider).toBe(p);
  });

  test("any other futrou:mode stops the program naming the key", () => {
    pulumi.runtime.setConfig("futrou:mode", "plugins");
    resetSdkModeCache();
    expect(() => new futrou.Project("p-mode", {})).toThrow('futrou:mode: "plugins" is not one of dynamic, plugin');
  });
});
