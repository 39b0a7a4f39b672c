/**
 * The SDK classes in the program process: the type token and the tiny serialized provider, hidden
 * inputs (`__logicalName`, `__import`), secrets, and the lookups. Runs with Pulumi's mocks, no engine.
 */
import * as pulumi from "@pulumi/pulumi";
import type { RunningEmulator } from "../../emulator";
import { startEmulator } from "../../emulator";
import { cron } from "../../provider/resources/cron";
import { serverlet } from "../../provider/resources/serverlet";
import { variable } from "../../provider/resources/variable";
import * as futrou from "../../sdk";
import { providerModule, resourceArgs } from "../../sdk/resource";

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
  ),
);

const resolve = <T>(o: pulumi.Output<T>) => new Promise<T>((ok) => o.apply(ok));

describe("resource classes", () => {
  test("register under pulumi-nodejs:dynamic/futrou:<Type> with the one-line provider module and __logicalName", async () => {
    const s = new futrou.Serverlet("api", { image: "nginx" });
    expect(await resolve(s.name)).toBe("generated");
    const args = registered.find((r) => r.name === "api");
    expect(args?.type).toBe("pulumi-nodejs:dynamic/futrou:Serverlet");
    expect(args?.inputs).toMatchObject({
      image: "nginx",
      __logicalName: "api",
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
      __logicalName: "data",
    });
  });

  test("reject a user-supplied __provider (or any __ key)", () => {
    expect(
      () => new futrou.Project("p", { __provider: "exports.handler = () => evil" } as unknown as futrou.ProjectArgs),
    ).toThrow(/__provider is reserved/);
  });

  test("an explicit name means no __logicalName", () => {
    const [, , inputs] = resourceArgs(serverlet, "api", { name: "mine", image: "nginx" });
    expect(inputs).not.toHaveProperty("__logicalName");
    expect(inputs.name).toBe("mine");
  });

  test("the import option becomes the hidden input __import (the engine cannot import dynamic resources)", () => {
    const [, , inputs, opts] = resourceArgs(serverlet, "api", { image: "nginx" }, { import: "abc", protect: true });
    expect(inputs.__import).toBe("abc");
    expect(opts).toEqual({ protect: true });
  });

  test("every output is registered, so the runtime sets it on the instance", () => {
    const [, , inputs] = resourceArgs(variable, "v", { key: "K", value: "x", workspaceId: "w" });
    for (const k of ["key", "value", "isSecret", "description", "projectId", "serverletId", "createdAt", "updatedAt"]) {
      expect(inputs).toHaveProperty(k);
    }
    expect(inputs).not.toHaveProperty("id");
  });

  test.each([
    [variable, { key: "K", value: "x", workspaceId: "w" }, ["value"]],
    [cron, { schedule: "@daily", url: "https://x.io", headers: { A: "b" }, body: "b" }, ["headers", "body"]],
  ] as const)("secret inputs are wrapped and stay secret outputs ($kind)", async (spec, args, secrets) => {
    const [, , inputs, opts] = resourceArgs(spec, "r", args, { additionalSecretOutputs: ["other"] });
    for (const k of secrets) expect(await pulumi.isSecret(pulumi.output(inputs[k]))).toBe(true);
    expect(opts.additionalSecretOutputs).toEqual(["other", ...secrets]);
  });

  test("the provider module loads the package's provider for its kind at run time, nothing captured", () => {
    const code = providerModule("dnsRecord");
    expect(code.length).toBeLessThan(100);
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

  test("an unknown plan name lists the ones that exist", async () => {
    await expect(futrou.getServerletPlan({ name: "huge" })).rejects.toThrow(
      /no serverlet plan named "huge" \(available: .*standard.*\)/,
    );
  });

  test("getRegions lists the regions", async () => {
    expect((await futrou.getRegions()).map((r) => r.name)).toContain("eu-central");
  });
});
