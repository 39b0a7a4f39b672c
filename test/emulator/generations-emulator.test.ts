/**
 * `--generation 2026-08-30`: the emulator answers in the shapes of the official CLI's newest generated types
 * (futrou-cli 3caf725, types.go "Generated at: 2026-08-30"): Serverlet and Proxy Models, Workspace
 * `storageLimit`. The default stays 2026-08-02, what CONTRACT.md and the spec describe.
 */
import { generationFrom } from "../../emulator";
import { NEWEST, PUBLISHED } from "../oracle/published";
import { eventually, type Harness, seen, start } from "./helpers";

/** types.go@3caf725 `Serverlet (Model)` and `Proxy (Model)`, without the embedded objects: the oracle's newest. */
const MODEL = {
  serverlet: ["id", ...PUBLISHED[NEWEST].serverlet],
  proxy: ["id", ...PUBLISHED[NEWEST].proxy],
};
const outside = (fields: readonly string[], body: Record<string, unknown>) =>
  Object.keys(body).filter((f) => !fields.includes(f));

let h: Harness;
beforeAll(async () => {
  h = await start({ generation: "2026-08-30", rateLimitPerSecond: 100_000 });
});
afterAll(() => h.emu.close());

test("the generation comes from the option, else FUTROU_EMULATOR_GENERATION, else 2026-08-02; others are refused", () => {
  expect(generationFrom(undefined, {})).toBe("2026-08-02");
  expect(generationFrom(undefined, { FUTROU_EMULATOR_GENERATION: "2026-08-30" })).toBe("2026-08-30");
  expect(generationFrom("2026-08-02", { FUTROU_EMULATOR_GENERATION: "2026-08-30" })).toBe("2026-08-02");
  expect(() => generationFrom("2026-09-01", {})).toThrow(
    /unknown API generation "2026-09-01"; one of 2026-08-02, 2026-08-30/,
  );
});

describe("serverlets answer the Model", () => {
  test("`status` (creating → ready), plan, region and arch chosen by the API; cpu, ram, env kept, not answered", async () => {
    const storage = (await h.call("POST", "/storages", h.own({ name: "files" }))).body;
    const created = await h.call(
      "POST",
      "/serverlets",
      h.own({
        name: "web",
        image: "nginx:1.27",
        cpu: 500,
        env: { A: "1" },
        mounts: { "/srv/files": storage.id },
        scaling: { minReplicas: 1, targetCpuPercent: 70 },
      }),
    );
    expect(created.status).toBe(201);
    expect(outside(MODEL.serverlet, created.body)).toEqual([]);
    expect(created.body).toMatchObject({
      status: "creating",
      arch: "amd64",
      minInstances: 1,
      maxInstances: 1,
      mounts: { "/srv/files": storage.id },
      scaling: { minReplicas: 1, targetCpuPercent: 70 },
      serverletPlanId: expect.any(String),
      regionId: expect.any(String),
    });
    const ready = await eventually(
      async () => (await h.call("GET", `/serverlets/${created.body.id}`)).body,
      (s) => s.status === "ready",
    );
    expect(ready).not.toHaveProperty("state");
    expect(h.emu.inventory().serverlet.find((s) => s.id === ready.id)).toMatchObject({ cpu: 500, env: { A: "1" } });
    const instances = (await h.call("GET", `/serverlets/${ready.id}/instances`)).body;
    expect(instances).toEqual([expect.objectContaining({ status: "ready", serverletId: ready.id })]);
  });

  test("a mount names a storage of the workspace; stop answers `stopped` (ASSUMED: the enum has no value for it)", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      seen(
        await h.call("POST", "/serverlets", h.own({ name: "bad-mount", image: "nginx", mounts: { "/d": missing } })),
      ),
    ).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "mounts./d" }] });
    const s = (await h.call("POST", "/serverlets", h.own({ name: "pausable", image: "nginx" }))).body;
    expect((await h.call("POST", `/serverlets/${s.id}/stop`)).status).toBe(204);
    expect((await h.call("GET", `/serverlets/${s.id}`)).body.status).toBe("stopped");
  });
});

describe("proxies answer the Model", () => {
  test("no compress, no status: isVerified (false → true), rules, plan and region", async () => {
    // biome-ignore lint/suspicious/noThenProperty: types.go's proxy Rule is literally `{if, then}`
    const rules = [{ if: { host: "api.example.com", method: "get", path: "/v1", port: 443 }, then: [{ to: "api" }] }];
    const created = await h.call(
      "POST",
      "/proxies",
      h.own({ domain: "rules.example.com", target: "web:8080", compress: true, rules }),
    );
    expect(created.status).toBe(201);
    expect(outside(MODEL.proxy, created.body)).toEqual([]);
    expect(created.body).toMatchObject({
      isVerified: false,
      rules,
      strategy: "round-robin",
      proxyPlanId: expect.any(String),
      regionId: expect.any(String),
    });
    await eventually(
      async () => (await h.call("GET", `/proxies/${created.body.id}`)).body,
      (p) => p.isVerified === true,
    );
    // `compress` is not in the newest Model, validator or config: ignored like any unknown field.
    expect(h.emu.inventory().proxy.find((p) => p.id === created.body.id)?.compress).toBe(false);
  });

  test("strategy is the published enum; a rule's method too", async () => {
    expect(
      seen(
        await h.call(
          "POST",
          "/proxies",
          h.own({ domain: "lc.example.com", target: "w", strategy: "least-connections" }),
        ),
      ),
    ).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "strategy" }] });
    const bad = await h.call(
      "POST",
      "/proxies",
      h.own({ domain: "m.example.com", target: "w", rules: [{ if: { method: "GET" } }] }),
    );
    expect(seen(bad)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "rules.0.if.method" }] });
  });
});

test("workspaces answer storageLimit, not volumesLimit, in the workspace and its /limits", async () => {
  const ws = (await h.call("GET", `/workspaces/${h.emu.workspaceId}`)).body;
  expect(ws).toHaveProperty("storageLimit");
  expect(ws).not.toHaveProperty("volumesLimit");
  const limits = (await h.call("GET", `/workspaces/${h.emu.workspaceId}/limits`)).body;
  expect(Object.keys(limits)).toContain("storageLimit");
  expect(Object.keys(limits)).not.toContain("volumesLimit");
});

test("/openapi.json describes the generation it serves", async () => {
  const doc = (await h.call("GET", "/openapi.json", undefined, null)).body;
  expect(doc.info["x-futrou-generation"]).toBe("2026-08-30");
  const { schemas } = doc.components;
  expect(Object.keys(schemas.Serverlet.properties).sort()).toEqual([...MODEL.serverlet].sort());
  expect(Object.keys(schemas.Proxy.properties).sort()).toEqual([...MODEL.proxy].sort());
  expect(schemas.ProxyCreate.properties).not.toHaveProperty("compress");
  expect(schemas.ProxyCreate.properties.strategy.enum).toEqual(["round-robin", "primary-failover"]);
  expect(schemas.Workspace.properties).toHaveProperty("storageLimit");
  expect(schemas.Workspace.properties).not.toHaveProperty("volumesLimit");
});

test("the older generation (the default) answers as before: state, compress, volumesLimit", async () => {
  const older = await start();
  try {
    const s = (await older.call("POST", "/serverlets", older.own({ name: "old", image: "nginx" }))).body;
    expect(s).toMatchObject({ state: "deploying" });
    expect(s).not.toHaveProperty("status");
    expect(s).not.toHaveProperty("serverletPlanId");
    const p = (await older.call("POST", "/proxies", older.own({ domain: "o.example.com", target: "w" }))).body;
    expect(p).toMatchObject({ compress: false, status: "pending" });
    expect(p).not.toHaveProperty("isVerified");
    const ws = (await older.call("GET", `/workspaces/${older.emu.workspaceId}`)).body;
    expect(ws).toHaveProperty("volumesLimit");
    expect(ws).not.toHaveProperty("storageLimit");
  } finally {
    await older.emu.close();
  }
});

test("--shape full in the newest generation answers every stored field, the newest ones included", async () => {
  const full = await start({ generation: "2026-08-30", shape: "full" });
  try {
    const s = (await full.call("POST", "/serverlets", full.own({ name: "rich", image: "nginx", env: { A: "1" } })))
      .body;
    expect(s).toMatchObject({ status: "creating", env: { A: "1" }, cpu: 250, volumes: null });
    expect(s).not.toHaveProperty("state");
  } finally {
    await full.emu.close();
  }
});
