/**
 * The real API's answer shapes, point by point (CONTRACT.md), and the `full` shape that keeps the
 * emulator's rich answers for whoever asks for it.
 */
import { eventually, expectPublishedOnly, type Harness, seen, start } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await start({ rateLimitPerSecond: 100_000 });
});
afterAll(() => h.emu.close());

test("a serverlet answers only its published fields; env, ports, volumes, scaling and owner ids are kept", async () => {
  const project = (await h.call("POST", "/projects", h.own({ name: "owner" }))).body;
  const region = (await h.call("GET", "/regions")).body[0];
  const vol = (await h.call("POST", "/volumes", h.own({ name: "data", projectId: project.id }))).body;
  const sent = h.own({
    name: "narrow",
    image: "nginx",
    projectId: project.id,
    regionId: region.id,
    env: { A: "1" },
    ports: [{ port: 8080 }],
    volumes: [{ volumeId: vol.id, mountPath: "/data" }],
    scaling: { cpuPercent: 70, ramPercent: 80, upCooldown: 30, downCooldown: 300 },
    runtime: "docker",
  });
  const res = await h.call("POST", "/serverlets", sent);
  expectPublishedOnly("serverlet", res.body);
  expect(Object.keys(res.body).sort()).toEqual(
    [
      "id",
      "name",
      "image",
      "cpu",
      "ram",
      "minInstances",
      "maxInstances",
      "instances",
      "state",
      "runtime",
      "createdAt",
      "updatedAt",
    ].sort(),
  );
  // Stored whole: a protocol-less port got the default, a volume mount readOnly false.
  expect(h.emu.inventory().serverlet.find((s) => s.id === res.body.id)).toMatchObject({
    env: { A: "1" },
    ports: [{ port: 8080, protocol: "http" }],
    volumes: [{ volumeId: vol.id, mountPath: "/data", readOnly: false }],
    projectId: project.id,
    regionId: region.id,
  });
});

test("volumes and proxies answer their narrow Interface, without owner, region or plan ids", async () => {
  const project = (await h.call("POST", "/projects", h.own({ name: "narrow-owner" }))).body;
  const vol = await h.call("POST", "/volumes", h.own({ name: "narrow", projectId: project.id }));
  expect(Object.keys(vol.body).sort()).toEqual(["createdAt", "id", "name", "sizeGb", "type", "updatedAt"]);
  const proxy = await h.call(
    "POST",
    "/proxies",
    h.own({ domain: "narrow.example.com", target: "web", projectId: project.id }),
  );
  expectPublishedOnly("proxy", proxy.body);
  for (const field of ["workspaceId", "projectId", "proxyPlanId"]) expect(proxy.body).not.toHaveProperty(field);
});

test("a variable never answers its value, in any answer", async () => {
  const v = await h.call("POST", "/variables", h.own({ key: "TOKEN", value: "hunter2" }));
  for (const answer of [v, await h.call("GET", `/variables/${v.body.id}`), await h.call("GET", "/variables")]) {
    expect(JSON.stringify(answer.body)).not.toContain("hunter2");
    expect(JSON.stringify(answer.body)).not.toContain('"value"');
  }
});

describe("DNS zones", () => {
  test("take `name` (as the CLI posts it) or `domain`, and answer both with the same value", async () => {
    const byName = await h.call("POST", "/dns", h.own({ name: "by-name.example.com" }));
    const byDomain = await h.call("POST", "/dns", h.own({ domain: "by-domain.example.com" }));
    expect(byName.body).toMatchObject({ domain: "by-name.example.com", name: "by-name.example.com" });
    expect(byDomain.body).toMatchObject({ domain: "by-domain.example.com", name: "by-domain.example.com" });
    expectPublishedOnly("dnsZone", byName.body);
    expect((await h.call("GET", "/dns?name=by-domain.example.com")).body).toHaveLength(1);
    expect((await h.call("GET", "/dns?domain=by-name.example.com")).body).toHaveLength(1);
  });

  test("start with the platform's SOA and NS records at @, priority 0; deleting the zone deletes them", async () => {
    const zone = (await h.call("POST", "/dns", h.own({ domain: "platform.example.com" }))).body;
    const records = (await h.call("GET", `/dns/${zone.id}/records?direction=asc`)).body;
    expect(records.map((r: { type: string; name: string }) => `${r.type} ${r.name}`).sort()).toEqual([
      "NS @",
      "NS @",
      "SOA @",
    ]);
    for (const r of records) {
      expectPublishedOnly("dnsRecord", r);
      expect(r).toMatchObject({ dnsId: zone.id, priority: 0, ttl: expect.any(Number) });
    }
    const soa = records.find((r: { type: string }) => r.type === "SOA");
    expect(soa.value).toMatch(/^\S+\. \S+\. \d{10} \d+ \d+ \d+ \d+$/);
    expect((await h.call("DELETE", `/dns/${zone.id}`)).status).toBe(204);
    expect(h.emu.inventory().dnsRecord.filter((r) => r.dnsId === zone.id)).toEqual([]);
  });

  test("the SOA value is the platform's; otherwise its records change and go like any other (the CLI's deploy does both)", async () => {
    const zone = (await h.call("POST", "/dns", h.own({ domain: "platform-open.example.com" }))).body;
    const records = (await h.call("GET", `/dns/${zone.id}/records`)).body as Array<{ id: string; type: string }>;
    const soa = records.find((r) => r.type === "SOA");
    const [ns1, ns2] = records.filter((r) => r.type === "NS");
    const setValue = await h.call("PATCH", `/dns/${zone.id}/records/${soa?.id}`, {
      value: "ns.example.net. x. 1 2 3 4 5",
    });
    expect(seen(setValue)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "value" }] });
    expect((await h.call("PATCH", `/dns/${zone.id}/records/${soa?.id}`, { ttl: 60 })).body).toMatchObject({ ttl: 60 });
    expect((await h.call("PATCH", `/dns/${zone.id}/records/${ns1?.id}`, { value: "ns.example.net" })).status).toBe(200);
    expect((await h.call("DELETE", `/dns/${zone.id}/records/${ns2?.id}`)).status).toBe(204);
    expect((await h.call("DELETE", `/dns/${zone.id}/records/${soa?.id}`)).status).toBe(204);
  });

  test("with --assume locked-platform-records they cannot be changed or deleted at all", async () => {
    const locked = await start({ assume: { lockedPlatformRecords: true } });
    try {
      const zone = (await locked.call("POST", "/dns", locked.own({ domain: "locked.example.com" }))).body;
      const records = (await locked.call("GET", `/dns/${zone.id}/records`)).body as Array<{ id: string; type: string }>;
      for (const r of records) {
        expect((await locked.call("PATCH", `/dns/${zone.id}/records/${r.id}`, { ttl: 60 })).status).toBe(400);
        const gone = await locked.call("DELETE", `/dns/${zone.id}/records/${r.id}`);
        expect({ type: r.type, status: gone.status, message: gone.body.message }).toEqual({
          type: r.type,
          status: 400,
          message: expect.stringContaining("locked-platform-records"),
        });
      }
      const mine = await locked.call("POST", `/dns/${zone.id}/records`, { name: "www", type: "A", value: "192.0.2.1" });
      expect((await locked.call("DELETE", `/dns/${zone.id}/records/${mine.body.id}`)).status).toBe(204);
      expect((await locked.call("DELETE", `/dns/${zone.id}`)).status).toBe(204);
    } finally {
      await locked.emu.close();
    }
  });

  test("a zone is renamed by a PATCH of either alias (the CLI's `dns update --name`)", async () => {
    const zone = (await h.call("POST", "/dns", { name: "old-name.example.com" })).body;
    const renamed = await h.call("PATCH", `/dns/${zone.id}`, { name: "new-name.example.com" });
    expect(renamed.body).toMatchObject({ name: "new-name.example.com", domain: "new-name.example.com" });
    const again = await h.call("PATCH", `/dns/${zone.id}`, { domain: "third-name.example.com" });
    expect(again.body).toMatchObject({ name: "third-name.example.com", domain: "third-name.example.com" });
    const taken = await h.call("POST", "/dns", { name: "taken.example.com" });
    expect(seen(await h.call("PATCH", `/dns/${zone.id}`, { name: "taken.example.com" }))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "domain" }],
    });
    expect(taken.status).toBe(201);
  });

  test("records carry priority on every type: 0 where the type has none", async () => {
    const zone = (await h.call("POST", "/dns", h.own({ domain: "prio.example.com" }))).body;
    const a = await h.call("POST", `/dns/${zone.id}/records`, { name: "www", type: "A", value: "192.0.2.1" });
    const txt = await h.call("POST", `/dns/${zone.id}/records`, { name: "@", type: "TXT", value: "v=spf1 -all" });
    const mx = await h.call("POST", `/dns/${zone.id}/records`, {
      name: "@",
      type: "MX",
      value: "mx.example.com",
      priority: 10,
    });
    expect([a.body.priority, txt.body.priority, mx.body.priority]).toEqual([0, 0, 10]);
  });
});

describe("serverlets", () => {
  test("start, stop and restart answer 204 with no body", async () => {
    const { id } = (await h.call("POST", "/serverlets", h.own({ name: "acts", image: "nginx" }))).body;
    for (const action of ["stop", "start", "restart"]) {
      const res = await h.call("POST", `/serverlets/${id}/${action}`);
      expect({ action, status: res.status, body: res.body }).toEqual({ action, status: 204, body: undefined });
    }
    expect((await h.call("POST", `/serverlets/${id}/sync`)).status).toBe(404);
  });

  test("instances answer the published ServerletInstance fields", async () => {
    const s = (
      await h.call(
        "POST",
        "/serverlets",
        h.own({ name: "inst", image: "nginx:1", minInstances: 2, maxInstances: 2, cpu: 500, ram: 1024 }),
      )
    ).body;
    await eventually(
      async () => (await h.call("GET", `/serverlets/${s.id}`)).body,
      (b) => b.state === "running",
    );
    const res = await h.call("GET", `/serverlets/${s.id}/instances`);
    expect(res.body).toHaveLength(2);
    expect(res.headers.get("x-total-items")).toBe("2");
    for (const instance of res.body) {
      expect(Object.keys(instance).sort()).toEqual(
        [
          "id",
          "serverletId",
          "number",
          "state",
          "cpu",
          "ram",
          "image",
          "serverId",
          "version",
          "metrics",
          "createdAt",
          "updatedAt",
        ].sort(),
      );
      expect(instance).toMatchObject({
        serverletId: s.id,
        state: "running",
        cpu: 500,
        ram: 1024,
        image: "nginx:1",
        version: 1,
      });
    }
    expect(res.body.map((i: { number: number }) => i.number).sort()).toEqual([1, 2]);
  });
});

test("GET /auth/context answers the user only", async () => {
  const res = await h.call("GET", "/auth/context");
  expect(Object.keys(res.body)).toEqual(["user"]);
  expect(res.body.user).toMatchObject({ id: expect.any(String), fullname: "Demo User", email: "demo@futrou.local" });
  expect(res.body.user).not.toHaveProperty("name");
});

test("regions answer the Region Model without country; plans their fields, serverlet plans with sizing", async () => {
  for (const region of (await h.call("GET", "/regions")).body) {
    expect(Object.keys(region).sort()).toEqual([
      "createdAt",
      "displayName",
      "domain",
      "id",
      "isPublic",
      "name",
      "updatedAt",
    ]);
  }
  const plan = (await h.call("GET", "/volumes/plans")).body[0];
  expect(Object.keys(plan).sort()).toEqual(
    ["id", "name", "displayName", "minutePrice", "monthlyPrice", "isPublic", "createdAt", "updatedAt"].sort(),
  );
  const serverletPlan = (await h.call("GET", "/serverlets/plans?name=starter")).body[0];
  expect(serverletPlan).toMatchObject({ cpu: 250, ram: expect.any(Object), capacity: expect.any(Object) });
});

describe("unknown request fields are ignored, like the real API ignores them", () => {
  test("on create: no 400, nothing stored, nothing answered", async () => {
    const res = await h.call("POST", "/projects", h.own({ name: "lenient", colour: "blue", id: "mine", state: "x" }));
    expect(res.status).toBe(201);
    expect(res.body.id).not.toBe("mine");
    expect(res.body).not.toHaveProperty("colour");
    expect(h.emu.inventory().project.find((p) => p.id === res.body.id)).not.toHaveProperty("colour");
  });

  test("on update: a PATCH of only unknown or response-only fields changes nothing", async () => {
    const before = (await h.call("POST", "/volumes", h.own({ name: "unchanged", sizeGb: 5 }))).body;
    const res = await h.call("PATCH", `/volumes/${before.id}`, {
      colour: "blue",
      createdAt: "2000-01-01T00:00:00Z",
      sizeGB: 99,
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "unchanged", sizeGb: 5, createdAt: before.createdAt });
  });
});

describe("the full shape keeps the rich answers", () => {
  let f: Harness;
  beforeAll(async () => {
    f = await start({ shape: "full" });
  });
  afterAll(() => f.emu.close());

  test("every known field, unset ones null, kept fields included; still never a variable's value", async () => {
    const s = (await f.call("POST", "/serverlets", f.own({ name: "rich", image: "nginx", env: { A: "1" } }))).body;
    expect(s).toMatchObject({
      env: { A: "1" },
      workspaceId: f.emu.workspaceId,
      projectId: null,
      regionId: null,
      scaling: null,
    });
    const zone = (await f.call("POST", "/dns", f.own({ domain: "rich.example.com" }))).body;
    expect(zone).toMatchObject({ domain: "rich.example.com", workspaceId: f.emu.workspaceId, projectId: null });
    const v = (await f.call("POST", "/variables", f.own({ key: "K", value: "secret-value" }))).body;
    expect(v).toMatchObject({ projectId: null, serverletId: null, description: null });
    expect(JSON.stringify(v)).not.toContain("secret-value");
    const region = (await f.call("GET", "/regions")).body[0];
    expect(region.country).toEqual(expect.any(String));
  });

  test("actions answer 200 with the serverlet; /auth/context also the workspace", async () => {
    const { id } = (await f.call("POST", "/serverlets", f.own({ name: "acts", image: "nginx" }))).body;
    const stop = await f.call("POST", `/serverlets/${id}/stop`);
    expect({ status: stop.status, state: stop.body.state }).toEqual({ status: 200, state: "stopped" });
    const ctx = (await f.call("GET", "/auth/context")).body;
    expect(ctx).toMatchObject({ user: { email: "demo@futrou.local" }, workspace: { id: f.emu.workspaceId } });
  });

  test("the shape comes from FUTROU_EMULATOR_SHAPE when not given; an unknown shape is refused", async () => {
    process.env.FUTROU_EMULATOR_SHAPE = "full";
    try {
      const g = await start();
      try {
        expect((await g.call("GET", "/regions")).body[0]).toHaveProperty("country");
      } finally {
        await g.emu.close();
      }
      process.env.FUTROU_EMULATOR_SHAPE = "narrow";
      await expect(start()).rejects.toThrow(/unknown emulator shape "narrow"/);
    } finally {
      delete process.env.FUTROU_EMULATOR_SHAPE;
    }
  });
});
