/**
 * What users see beyond the happy path: the replace table, drift, import refusal, missing token,
 * serverlets that never become ready, and a POST whose answer was lost.
 */
import type { dynamic } from "@pulumi/pulumi";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { unwrap } from "../../provider/adapters/plugin/wire";
import type { FutrouClient } from "../../provider/api/client";
import type { Kind } from "../../provider/api/contract";
import { Cron, Plan, Project, Region, Serverlet, Storage, Volume } from "../../provider/api/models";
import { MISSING_TOKEN, resolveSettings } from "../../provider/config";
import { specFor } from "../../provider/index";
import { makeProvider, ResourceInitError } from "../../provider/kit";
import { argsOf, configOf, type Props, type Provider, startHarness } from "./harness";

let emulator: RunningEmulator;
let provider: (kind: Kind) => Provider;
let api: FutrouClient;
beforeAll(async () => {
  ({ emulator, provider, api } = await startHarness());
});
afterAll(() => emulator.close());

describe("the spec table", () => {
  test.each<[Kind, string[], string | undefined, string[], string]>([
    ["project", ["workspaceId"], "name", [], "<projectId>"],
    ["variable", ["key", "workspaceId", "projectId", "serverletId"], "key", [], "<variableId>"],
    ["dnsZone", ["domain", "workspaceId"], "domain", [], "<dnsId>"],
    ["dnsRecord", ["dnsId"], undefined, [], "<dnsId>/<recordId>"],
    ["cron", ["workspaceId"], "name", ["headers", "body"], "<cronId>"],
    ["proxy", ["workspaceId"], "domain", [], "<proxyId>"],
    ["volume", ["type", "workspaceId", "regionId"], "name", [], "<volumeId>"],
    ["serverlet", ["workspaceId", "regionId"], "name", [], "<serverletId>"],
    ["storage", ["workspaceId", "regionId"], "name", [], "<storageId>"],
  ])("%s replaces on %j, unique %s, secrets %j, id %s", (kind, replaceOn, unique, secrets, idFormat) => {
    const spec = specFor(kind);
    expect([...spec.replaceOn].sort()).toEqual([...replaceOn].sort());
    expect(spec.unique?.field).toBe(unique);
    expect(spec.secrets).toEqual(secrets);
    expect(spec.idFormat).toBe(idFormat);
  });
});

describe("diff", () => {
  test("a replacement that keeps a unique name deletes first, auto-named or not", async () => {
    const p = provider("volume");
    const named = await p.create("data", { name: "keep-me" });
    expect(
      (await p.diff(named, await p.check(named.inputs, { name: "keep-me", type: "hdd" }))).deleteBeforeReplace,
    ).toBe(true);
    // An auto-name is kept by check, and drawn the same when the SDK computes it: the old object goes first.
    const auto = await p.create("data", {});
    const diff = await p.diff(auto, await p.check(auto.inputs, p.news("data", { type: "hdd" })));
    expect(diff).toEqual({ changes: true, changed: ["type"], replaces: ["type"], deleteBeforeReplace: true });
  });

  test("drift found by refresh is reverted by the next up", async () => {
    const p = provider("project");
    const state = await p.create("drifty", { displayName: "Mine" });
    await api.patch(`/projects/${state.id}`, { displayName: "Changed in the console" }, Project);
    const refreshed = { ...state, outputs: (await p.read(state)).props as Props };
    expect(refreshed.outputs.displayName).toBe("Changed in the console");
    const up = await p.up(refreshed, "drifty", { displayName: "Mine" });
    expect(up.step).toBe("update");
    expect((await api.get(`/projects/${state.id}`, Project)).displayName).toBe("Mine");
  });

  test("update PATCHes only the changed fields", async () => {
    const p = provider("proxy");
    const state = await p.create("web", { domain: "patch.example.com", target: "10.0.0.1" });
    emulator.resetStats();
    await p.up(state, "web", { domain: "patch.example.com", target: "10.0.0.1", port: 8443 });
    expect(emulator.stats().total).toBe(1);
    expect(emulator.inventory().proxy.find((o) => o.id === state.id)).toMatchObject({ port: 8443 });
  });
});

describe("secrets and write-only fields", () => {
  test("a variable's value is kept from the inputs: create, read and update all carry it", async () => {
    const p = provider("variable");
    const state = await p.create("v", { key: "TOKEN", value: "s3cret", workspaceId: emulator.workspaceId });
    expect(state.outputs.value).toBe("s3cret");
    expect((await p.read(state)).props).toMatchObject({ value: "s3cret" });
    const updated = await p.up(state, "v", { key: "TOKEN", value: "rotated", workspaceId: emulator.workspaceId });
    expect(updated.state.outputs.value).toBe("rotated");
    expect(emulator.inventory().variable.find((o) => o.id === state.id)?.value).toBe("rotated");
  });
});

describe("import", () => {
  test("refuses at preview (check) when the program differs, naming the fields, after one GET and nothing changed", async () => {
    const p = provider("cron");
    const state = await p.create("job", { schedule: "@hourly", url: "https://example.com/a", body: "token=1" });
    emulator.resetStats();
    const news = {
      name: state.inputs.name,
      schedule: "@daily",
      url: "https://example.com/a",
      body: "token=2",
      __import: state.id,
    };
    const checked = await p.raw.check!({}, news);
    const reason = checked.failures?.[0]?.reason ?? "";
    expect(checked.failures?.[0]?.property).toBe("import");
    expect(reason).toMatch(/differs from the object to import ".*" in schedule \(program "@daily", remote "@hourly"\)/);
    expect(reason).toMatch(/body \(program \[secret\], remote \[secret\]\)/);
    expect(JSON.stringify(checked)).not.toContain("token=");
    expect(emulator.stats().total).toBe(1);
    // And if the object changes between preview and up, create refuses the same way.
    const attempt = p.raw.create({
      ...(await p.check({}, { ...news, schedule: "@hourly", body: "token=1" })),
      body: "token=3",
    });
    await expect(attempt).rejects.toThrow(/import of ".*" refused, nothing was changed.*body \(program \[secret\]/);
  });

  test("a DNS record is imported as <dnsId>/<recordId>; a bad id says the format", async () => {
    const p = provider("dnsRecord");
    await expect(
      p.raw.create({ dnsId: "z", name: "www", type: "A", value: "1.2.3.4", __import: "justone" }),
    ).rejects.toThrow(/malformed id "justone", expected <dnsId>\/<recordId>/);
  });

  test("applies once: with the option still in the program, a replacement creates a new object", async () => {
    const p = provider("volume");
    const outside = await api.create(
      "/volumes",
      { name: "adopted-vol", sizeGb: 10, workspaceId: emulator.workspaceId },
      Volume,
    );
    const adopted = await p.create("adopted", { name: "adopted-vol", sizeGb: 10, __import: outside.id });
    expect(adopted.id).toBe(outside.id);
    const next = await p.up(adopted, "adopted", { name: "adopted-vol", sizeGb: 10, type: "hdd", __import: outside.id });
    expect(next.step).toBe("replace");
    expect(next.state.id).not.toBe(outside.id);
    const volumes = emulator.inventory().volume.filter((v) => v.name === "adopted-vol");
    expect(volumes.map((v) => [v.id, v.type])).toEqual([[next.state.id, "hdd"]]);
  });

  test("`pulumi import` on the plugin withholds a cron's headers from the inputs (the engine prints them as code); the object keeps them", async () => {
    const plugin = makeProvider(specFor("cron"), { acceptsSecrets: true });
    await plugin.configure({
      config: configOf({ "futrou:apiUrl": emulator.url, "futrou:apiToken": emulator.token }),
    });
    const headers = { Authorization: "Bearer withheld-credential" };
    const cron = await api.create(
      "/crons",
      {
        name: "withheld",
        schedule: "@hourly",
        url: "https://example.com/h",
        headers,
        workspaceId: emulator.workspaceId,
      },
      Cron,
    );
    // The engine's Read with nothing known, as `pulumi import` sends it (the plugin unwraps what comes back).
    const read = await plugin.read(cron.id, {});
    const outputs = unwrap(read.props).value as Props;
    const imported = unwrap(read.inputs).value as Props;
    expect(outputs.headers).toEqual(headers);
    expect(imported).not.toHaveProperty("headers");
    expect(imported.__unread).toEqual(["headers"]);
    expect(imported).toMatchObject({ name: "withheld", schedule: "@hourly" });

    /** One `pulumi up` of a program: check against the old inputs, then diff; returns the new inputs. */
    const up = async (olds: Props, args: Props): Promise<{ inputs: Props; changed: string[] }> => {
      const checked = unwrap((await plugin.check(olds, { ...args, workspaceId: emulator.workspaceId })).inputs)
        .value as Props;
      return { inputs: checked, changed: (await plugin.diff(cron.id, outputs, checked, olds)).changed };
    };
    const program = { name: "withheld", schedule: "@hourly", url: "https://example.com/h" };
    // The printed program (no headers): no change, on this up and the next (the inputs keep them unread).
    const first = await up(imported, program);
    expect(first.changed).toEqual([]);
    expect(first.inputs.__unread).toEqual(["headers"]);
    expect((await up(first.inputs, program)).changed).toEqual([]);
    // Headers the program sets are compared with the object's: the same, no change; others, a change.
    expect((await up(first.inputs, { ...program, headers })).changed).toEqual([]);
    const rotated = await up(first.inputs, { ...program, headers: { Authorization: "Bearer rotated" } });
    expect(rotated.changed).toEqual(["headers"]);
    expect(rotated.inputs).not.toHaveProperty("__unread");
  });

  test("an id that does not exist fails clearly", async () => {
    await expect(provider("volume").raw.create({ name: "x", __import: "nope" })).rejects.toThrow(
      /cannot import "nope": no such object/,
    );
  });
});

describe("configuration", () => {
  test("a missing token fails on the first request with how to set it; check with a workspace needs none", async () => {
    const p = makeProvider(specFor("project"));
    await p.configure?.({ config: configOf({ "futrou:apiUrl": emulator.url }) as dynamic.Config });
    const saved = process.env.FUTROU_API_TOKEN;
    delete process.env.FUTROU_API_TOKEN;
    try {
      await p.configure?.({ config: configOf({ "futrou:apiUrl": emulator.url }) as dynamic.Config });
      expect((await p.check!({}, { name: "ok", workspaceId: "w1" })).failures).toBeUndefined();
      // Without a workspace, check asks the API which workspaces the token sees: that needs the token.
      await expect(p.check!({}, { name: "ok" })).rejects.toThrow(MISSING_TOKEN);
      await expect(p.create({ name: "ok", workspaceId: "w1" })).rejects.toThrow(MISSING_TOKEN);
    } finally {
      if (saved !== undefined) process.env.FUTROU_API_TOKEN = saved;
    }
    expect(MISSING_TOKEN).toContain("pulumi config set futrou:apiToken --secret <token>");
    expect(MISSING_TOKEN).toContain("export FUTROU_API_TOKEN=");
  });

  test("the API URL works with or without /v2, as the official CLI's FUTROU_API_URL does", () => {
    for (const [given, used] of [
      ["https://api.futrou.com", "https://api.futrou.com/v2"],
      ["https://api.dev.futrou.com/", "https://api.dev.futrou.com/v2"],
      ["https://api.futrou.com/v2", "https://api.futrou.com/v2"],
      ["http://127.0.0.1:8080/v2/", "http://127.0.0.1:8080/v2"],
    ] as const) {
      expect(resolveSettings(undefined, { FUTROU_API_URL: given }).apiUrl).toBe(used);
      expect(resolveSettings(configOf({ "futrou:apiUrl": given }), {}).apiUrl).toBe(used);
    }
  });

  test("stack config wins over the environment, which wins over defaults", () => {
    const env = { FUTROU_API_URL: "http://env/v2", FUTROU_API_TOKEN: "env-token", FUTROU_READY_TIMEOUT_SECONDS: "7" };
    expect(resolveSettings(configOf({ "futrou:apiUrl": "http://config/v2" }), env)).toEqual({
      apiUrl: "http://config/v2",
      apiToken: "env-token",
      readyTimeoutMs: 7000,
      pollIntervalMs: 250,
      requestDeadlineMs: 120_000,
      workspaceId: undefined,
      // Where each came from, for messages that name the setting to fix.
      origin: {
        apiUrl: "futrou:apiUrl (stack config or a futrou.Provider)",
        apiToken: "FUTROU_API_TOKEN (environment)",
      },
    });
    expect(resolveSettings(undefined, {})).toMatchObject({
      apiUrl: "https://api.futrou.com/v2",
      readyTimeoutMs: 300_000,
      origin: { apiUrl: "the default URL" },
    });
    expect(() => resolveSettings(configOf({ "futrou:readyTimeoutSeconds": "soon" }), {})).toThrow(
      /futrou:readyTimeoutSeconds .* must be a positive number/,
    );
  });
});

describe("serverlets", () => {
  test("a failed deploy throws the state and reason, and carries the id so the engine keeps it", async () => {
    const error = await provider("serverlet")
      .create("broken", { image: "ghcr.io/acme/does-not-exist:1" })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResourceInitError);
    const init = error as ResourceInitError;
    // The published serverlet shape carries no reason: the state is what the API tells.
    expect(init.message).toMatch(/did not become running: failed/);
    expect(emulator.inventory().serverlet.some((o) => o.id === init.id)).toBe(true);
    expect(init.properties).toMatchObject({ state: "failed", image: "ghcr.io/acme/does-not-exist:1" });
    // The engine prints only the reasons of an init failure: kind, name and id must be in them.
    expect(init.reasons).toEqual([init.message]);
    expect(init.reasons[0]).toMatch(
      new RegExp(
        `^futrou:Serverlet "broken-[a-z0-9]{7}" \\(${init.id}\\) did not become running: failed: .*run \`pulumi up\` again\\.$`,
      ),
    );
  });

  test("an update of a stopped serverlet returns at once: a PATCH does not start it", async () => {
    const p = provider("serverlet");
    const state = await p.create("paused", { image: "nginx:1" });
    await api.action(`/serverlets/${state.id}/stop`, Serverlet);
    expect((await api.get(`/serverlets/${state.id}`, Serverlet)).state).toBe("stopped");
    // Waiting for `running` here would end in the harness's 10 s readiness timeout error.
    const next = await p.up({ ...state, outputs: { ...state.outputs, state: "stopped" } }, "paused", {
      ...argsOf(state.inputs),
      env: { MODE: "maintenance" },
    });
    expect(next.step).toBe("update");
    expect(next.state.outputs).toMatchObject({ state: "stopped", env: { MODE: "maintenance" } });
  });

  test("a refresh reports as inputs what the program gave, live; cpu and ram left to the API stay outputs", async () => {
    const p = provider("serverlet");
    const state = await p.create("sized", { image: "nginx:1", maxInstances: 2 });
    await api.patch(`/serverlets/${state.id}`, { maxInstances: 5 }, Serverlet);
    const read = await p.read(state);
    expect(read.props).toMatchObject({ cpu: expect.any(Number), ram: expect.any(Number), maxInstances: 5 });
    // The dynamic-provider host's preview --diff compares these with the program's inputs: a cpu here would
    // print as `- cpu: 250`, a removal that never happens.
    expect(read.inputs).not.toHaveProperty("cpu");
    expect(read.inputs).not.toHaveProperty("ram");
    expect(read.inputs).toMatchObject({ image: "nginx:1", maxInstances: 5, minInstances: 1 });
    // Outputs written before they carried `__given` (until the next create or update): every input field.
    const { __given: _, ...legacy } = state.outputs;
    expect((await p.read({ ...state, outputs: legacy })).inputs).toMatchObject({ cpu: expect.any(Number) });
  });

  test("waiting is bounded by futrou:readyTimeoutSeconds", async () => {
    // Its own emulator, whose deploys take an hour: the timeout, not a slow machine, decides the outcome.
    const slow = await startEmulator({ deployDelayMs: 3_600_000, quiet: true });
    try {
      const p = makeProvider(specFor("serverlet"));
      await p.configure?.({
        config: configOf({
          "futrou:apiUrl": slow.url,
          "futrou:apiToken": slow.token,
          "futrou:readyTimeoutSeconds": "0.001",
        }) as dynamic.Config,
      });
      const checked = (await p.check!({}, { name: "slow", image: "nginx" })).inputs as Props;
      await expect(p.create(checked)).rejects.toThrow(/still deploying after 0.001 s/);
    } finally {
      await slow.close();
    }
  });
});

describe("storages", () => {
  test("without a plan the API's choice is taken and never diffed; naming one resizes in place", async () => {
    const p = provider("storage");
    const state = await p.create("files", {});
    const chosen = state.outputs.storagePlanId;
    expect(chosen).toEqual(expect.any(String));
    expect(state.inputs).not.toHaveProperty("storagePlanId");
    // An explicit null also means "the API's choice": no diff against the plan it chose.
    expect((await p.up(state, "files", { storagePlanId: null })).step).toBe("same");
    expect((await p.up({ ...state, outputs: (await p.read(state)).props as Props }, "files", {})).step).toBe("same");
    const plans = await api.list("/storages/plans", Plan);
    const bigger = plans.find((plan) => plan.id !== chosen)?.id as string;
    emulator.resetStats();
    const resized = await p.up(state, "files", { storagePlanId: bigger });
    expect(resized.step).toBe("update");
    expect(emulator.stats().byMethod.PATCH).toBe(1);
    expect((await api.get(`/storages/${state.id}`, Storage)).storagePlanId).toBe(bigger);
  });

  test("a region change replaces it, deleting the old one first (its name is kept)", async () => {
    const p = provider("storage");
    const state = await p.create("moving", { name: "moving-files" });
    const regions = (await api.list("/regions", Region)).map((r) => r.id);
    const diff = await p.diff(state, await p.check(state.inputs, { name: "moving-files", regionId: regions[1] }));
    expect(diff).toEqual({ changes: true, changed: ["regionId"], replaces: ["regionId"], deleteBeforeReplace: true });
  });
});

describe("an ambiguous POST", () => {
  // A storage's lookup lists with its workspace: GET /storages needs one (the canned API of test/contract
  // refuses it without).
  test.each([
    ["dnsZone", "domain", "lost-answer.example.com"],
    ["storage", "name", "lost-answer-files"],
  ] as const)("%s: whose answer is lost is recovered by lookup, not repeated", async (kind, field, value) => {
    const p = provider(kind);
    emulator.setFaults({ commitThenDropRate: 1 });
    try {
      const state = await p.create("lost", { [field]: value });
      expect(emulator.inventory()[kind].filter((o) => o[field] === value)).toEqual([
        expect.objectContaining({ id: state.id }),
      ]);
    } finally {
      emulator.setFaults({ commitThenDropRate: 0 });
    }
  });
});

describe("secrets in check failures", () => {
  test("a failing secret input is neither echoed in a reason nor handed back for the engine to print", async () => {
    const secret = "hunter2-very-secret-value";
    const variable = makeProvider(specFor("variable"));
    // A variable's value is secret when the variable `isSecret` (or the program marked it, `__secrets`).
    const result = await variable.check!(
      {},
      { key: "bad key", value: secret, isSecret: true, workspaceId: "w1", serverletId: "s1" },
    );
    expect(result.failures?.map((f) => f.property).sort()).toEqual(["key", "serverletId"]);
    expect(JSON.stringify(result)).not.toContain(secret);
    expect((result.inputs as Props).value).toBe("[secret]");

    const wrongType = await variable.check!({}, { key: "K", value: 424242, workspaceId: "w1", __secrets: ["value"] });
    // A failure on a secret input names no property (the engine would print the program's value there).
    expect(wrongType.failures?.[0]).toMatchObject({
      property: "",
      reason: expect.stringMatching(/^value \(secret\): /),
    });
    expect(JSON.stringify(wrongType)).not.toContain("424242");

    // A reason describes the problem without quoting the value (the engine prints the value beside it).
    const cron = makeProvider(specFor("cron"));
    const quoted = await cron.check!(
      {},
      { name: "c", schedule: `${secret} * * * *`, body: secret, workspaceId: "w1", url: "https://x.example.com" },
    );
    expect(quoted.failures?.[0]).toEqual({
      property: "schedule",
      reason: "is not a valid cron expression: minute (field 1): a range is malformed",
    });
    expect(JSON.stringify(quoted.failures)).not.toContain(secret);
    expect((quoted.inputs as Props).body).toBe("[secret]");
  });
});

describe("objects deleted outside Pulumi", () => {
  test("an update that finds the object gone says to refresh, instead of a bare 404", async () => {
    const p = provider("project");
    const state = await p.create("gone", { displayName: "Here" });
    await api.delete(`/projects/${state.id}`);
    await expect(p.up(state, "gone", { displayName: "Changed" })).rejects.toThrow(
      /no longer exists: it was deleted outside Pulumi\. Run `pulumi refresh`.*404 Not Found/,
    );
  });
});
