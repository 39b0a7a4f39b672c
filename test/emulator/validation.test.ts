/** Bad payloads are refused with 400 and one error entry per problem, naming the field like the API does. */
import { type Harness, seen, start } from "./helpers";

let h: Harness;
let zoneId: string;
beforeAll(async () => {
  h = await start({ rateLimitPerSecond: 100_000 }); // many requests in quick succession; limits are tested elsewhere
  zoneId = (await h.call("POST", "/dns", h.own({ domain: "valid.example.com" }))).body.id;
});
afterAll(() => h.emu.close());

const BAD: Array<[string, string, () => string, () => Record<string, unknown>, string]> = [
  ["an email that is not one", "POST", () => "/auth/login", () => ({ email: "not-an-email", password: "x" }), "email"],
  ["a negative volume size", "POST", () => "/volumes", () => h.own({ name: "v", sizeGb: -5 }), "sizeGb"],
  [
    "an unknown record type",
    "POST",
    () => `/dns/${zoneId}/records`,
    () => ({ name: "x", type: "BOGUS", value: "v" }),
    "type",
  ],
  [
    "an A record with a non-IPv4 value",
    "POST",
    () => `/dns/${zoneId}/records`,
    () => ({ name: "x", type: "A", value: "example.com" }),
    "value",
  ],
  [
    "a priority on a record type without one",
    "POST",
    () => `/dns/${zoneId}/records`,
    () => ({ name: "x", type: "A", value: "192.0.2.1", priority: 10 }),
    "priority",
  ],
  [
    "minInstances above maxInstances",
    "POST",
    () => "/serverlets",
    () => h.own({ name: "s", image: "nginx", minInstances: 3, maxInstances: 2 }),
    "minInstances",
  ],
  [
    "a bad cron schedule",
    "POST",
    () => "/crons",
    () => h.own({ name: "c", schedule: "61 * * * *", url: "https://example.com" }),
    "schedule",
  ],
  ["an empty name", "POST", () => "/volumes", () => h.own({ name: "" }), "name"],
  ["a project name that is not a slug", "POST", () => "/projects", () => h.own({ name: "Not A Slug" }), "name"],
  [
    "a variable with two scopes",
    "POST",
    () => "/variables",
    () => ({ key: "K", value: "v", workspaceId: h.emu.workspaceId, projectId: "p" }),
    "projectId",
  ],
  ["a variable without a scope", "POST", () => "/variables", () => ({ key: "K", value: "v" }), "workspaceId"],
  [
    "a serverlet volume mount path that is relative",
    "POST",
    () => "/serverlets",
    () => h.own({ name: "s2", image: "nginx", volumes: [{ volumeId: "x", mountPath: "data" }] }),
    "volumes.0.mountPath",
  ],
  ["a zone with neither domain nor name", "POST", () => "/dns", () => h.own({}), "domain"],
  [
    "a zone whose domain and name disagree",
    "POST",
    () => "/dns",
    () => h.own({ domain: "a.example.com", name: "b.example.com" }),
    "name",
  ],
  [
    "a proxy target with a bad port",
    "POST",
    () => "/proxies",
    () => h.own({ domain: "t.example.com", target: "web:0" }),
    "target",
  ],
];

test.each(BAD)("%s → 400 VALIDATION_ERROR", async (_what, method, path, body, field) => {
  const res = await h.call(method, path(), body());
  expect(seen(res)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field }] });
  expect(res.body.message).toContain(field);
  expect(res.body.errors[0].stack).toEqual([]);
});

/** Creates as the official CLI sends them: no `workspaceId` (projects excepted, which it always names). */
const WITHOUT_OWNER: Array<[string, string, Record<string, unknown>]> = [
  ["dnsZone", "/dns", { name: "nows.example.com" }],
  ["cron", "/crons", { name: "nows", schedule: "@daily", url: "https://example.com" }],
  ["proxy", "/proxies", { domain: "nows.example.net", target: "10.0.0.1", port: 80, type: "http" }],
  ["volume", "/volumes", { name: "nows", sizeGb: 10, type: "ssd" }],
  ["serverlet", "/serverlets", { name: "nows", image: "nginx", minInstances: 1, maxInstances: 1 }],
];

describe("owner on create (CONTRACT.md): the CLI's creates without workspaceId go to the token's only workspace", () => {
  test.each(WITHOUT_OWNER)("%s", async (kind, path, body) => {
    const res = await h.call("POST", path, body);
    expect(res.status).toBe(201);
    const stored = h.emu.inventory(h.emu.workspaceId)[kind as keyof ReturnType<typeof h.emu.inventory>];
    expect(stored.find((o) => o.id === res.body.id)).toMatchObject({ workspaceId: h.emu.workspaceId });
  });

  test("a project still names its workspace, as the CLI always does", async () => {
    expect(seen(await h.call("POST", "/projects", { name: "nows" }))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "workspaceId" }],
    });
  });
});

/** [what, path, body without the field, field, lowest accepted, highest accepted] — one below and one above are refused. */
const RANGES: Array<[string, () => string, (v: number) => Record<string, unknown>, string, number, number]> = [
  [
    "serverlet cpu (millicores)",
    () => "/serverlets",
    (cpu) => h.own({ name: `cpu-${cpu}`, image: "nginx", cpu }),
    "cpu",
    10,
    32000,
  ],
  [
    "serverlet ram (MiB)",
    () => "/serverlets",
    (ram) => h.own({ name: `ram-${ram}`, image: "nginx", ram }),
    "ram",
    32,
    262144,
  ],
  [
    "serverlet minInstances",
    () => "/serverlets",
    (n) => h.own({ name: `min-${n}`, image: "nginx", minInstances: n, maxInstances: 1000 }),
    "minInstances",
    0,
    1000,
  ],
  [
    "serverlet maxInstances",
    () => "/serverlets",
    (n) => h.own({ name: `max-${n}`, image: "nginx", minInstances: 0, maxInstances: n }),
    "maxInstances",
    0,
    1000,
  ],
  [
    "record ttl",
    () => `/dns/${zoneId}/records`,
    (ttl) => ({ name: `ttl${ttl}`, type: "TXT", value: "v", ttl }),
    "ttl",
    0,
    2147483647,
  ],
  [
    "record priority",
    () => `/dns/${zoneId}/records`,
    (priority) => ({ name: `mx${priority}`, type: "MX", value: "mx.example.com", priority }),
    "priority",
    0,
    65535,
  ],
  [
    "proxy port",
    () => "/proxies",
    (port) => h.own({ domain: `p${port}.example.com`, target: "10.0.0.1", port }),
    "port",
    1,
    65535,
  ],
];

describe.each(RANGES)("%s is accepted exactly at its bounds", (_what, path, body, field, low, high) => {
  test.each([
    ["the lowest", low, 201],
    ["the highest", high, 201],
    ["one below", low - 1, 400],
    ["one above", high + 1, 400],
  ])(`%s value (${field} = %p) → %p`, async (_at, value, status) => {
    const res = await h.call("POST", path(), body(value));
    expect(seen(res)).toEqual(
      status === 201 ? { status, errors: [] } : { status, errors: [{ code: "VALIDATION_ERROR", field }] },
    );
  });
});

test("units are whole numbers: 0.5 cores is refused, 500 millicores is taken", async () => {
  expect(seen(await h.call("POST", "/serverlets", h.own({ name: "half", image: "nginx", cpu: 0.5 })))).toEqual({
    status: 400,
    errors: [{ code: "VALIDATION_ERROR", field: "cpu" }],
  });
  const res = await h.call("POST", "/serverlets", h.own({ name: "half", image: "nginx", cpu: 500, ram: 256 }));
  expect(res.body).toMatchObject({ cpu: 500, ram: 256 });
});

test("a volume may be 0 GB, in whole GB only (not 1.5, not -0); the size only grows", async () => {
  expect((await h.call("POST", "/volumes", h.own({ name: "empty", sizeGb: 0 }))).body.sizeGb).toBe(0);
  const vol = (await h.call("POST", "/volumes", h.own({ name: "grow", sizeGb: 50 }))).body;
  const res = await h.call("PATCH", `/volumes/${vol.id}`, { sizeGb: 20 });
  expect(seen(res)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "sizeGb" }] });
  expect((await h.call("GET", `/volumes/${vol.id}`)).body.sizeGb).toBe(50);
  expect((await h.call("PATCH", `/volumes/${vol.id}`, { sizeGb: 80 })).body.sizeGb).toBe(80);
  for (const body of [`{"sizeGb": 80.5}`, `{"sizeGb": -0}`]) {
    const refused = await h.call("PATCH", `/volumes/${vol.id}`, body);
    expect({ body, ...seen(refused) }).toEqual({
      body,
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "sizeGb" }],
    });
  }
});

test("a proxy target may be a host, an IP, or either with a port", async () => {
  for (const target of ["web", "web:8080", "10.0.0.7:443", "[2001:db8::1]:80", "backend.internal"]) {
    const res = await h.call(
      "POST",
      "/proxies",
      h.own({ domain: `t${Math.random().toString(36).slice(2)}.example.com`, target }),
    );
    expect({ target, status: res.status }).toEqual({ target, status: 201 });
  }
});

test("records: priority 0 or null on an A record is the normal form 0; an MX without priority gets 0", async () => {
  for (const priority of [0, null, undefined]) {
    const res = await h.call("POST", `/dns/${zoneId}/records`, { name: "a0", type: "A", value: "192.0.2.2", priority });
    expect({ priority, status: res.status, answered: res.body.priority }).toEqual({
      priority,
      status: 201,
      answered: 0,
    });
  }
  const mx = await h.call("POST", `/dns/${zoneId}/records`, { name: "@", type: "MX", value: "mx.example.com" });
  expect(mx.body.priority).toBe(0);
});

test("every problem in a body is reported, each with its dotted field", async () => {
  const res = await h.call("POST", "/serverlets", h.own({ name: "", image: "has space", ports: [{ port: 0 }] }));
  expect(
    seen(res)
      .errors.map((e: { field: string }) => e.field)
      .sort(),
  ).toEqual(["image", "name", "ports.0.port"]);
});

test("the error body has the contract's shape and a fresh request id, also in X-Request-Id", async () => {
  const a = await h.call("POST", "/volumes", h.own({ name: "" }));
  const b = await h.call("POST", "/volumes", h.own({ name: "" }));
  expect(Object.keys(a.body).sort()).toEqual(["clientIp", "errors", "message", "requestId"]);
  expect(a.body.clientIp).toBe("127.0.0.1");
  expect(a.headers.get("x-request-id")).toBe(a.body.requestId);
  expect(a.body.requestId).not.toBe(b.body.requestId);
});

test("a body that is not JSON is a 400", async () => {
  const res = await h.call("POST", "/projects", "{not json");
  expect(res.status).toBe(400);
  expect(res.body.message).toContain("not valid JSON");
});

test("an unknown path is a 404 in the error shape; a known path with the wrong method a 405", async () => {
  const missing = await h.call("GET", "/nothing-here");
  expect(missing.status).toBe(404);
  expect(missing.body.errors[0].code).toBe("NOT_FOUND");
  const wrong = await h.call("PUT", "/projects");
  expect(wrong.status).toBe(405);
  expect(wrong.headers.get("allow")).toBe("GET, POST");
});

describe("duplicates within the workspace are a 400 VALIDATION_ERROR on the naming field", () => {
  test.each([
    ["projects by name", "/projects", { name: "dup" }, "name"],
    ["DNS zones by domain", "/dns", { domain: "dup.example.com" }, "domain"],
    ["volumes by name", "/volumes", { name: "dup" }, "name"],
    ["serverlets by name", "/serverlets", { name: "dup", image: "nginx" }, "name"],
    ["crons by name", "/crons", { name: "dup", schedule: "@daily", url: "https://example.com" }, "name"],
    ["proxies by domain", "/proxies", { domain: "dup.example.net", target: "10.0.0.1" }, "domain"],
  ])("%s", async (_what, path, body, field) => {
    expect((await h.call("POST", path, h.own(body))).status).toBe(201);
    const again = await h.call("POST", path, h.own(body));
    expect(seen(again)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field }] });
    expect(again.body.message).toContain("already in use");
  });

  test("a zone created by `name` clashes with one created by `domain`", async () => {
    expect((await h.call("POST", "/dns", h.own({ name: "alias.example.com" }))).status).toBe(201);
    expect(seen(await h.call("POST", "/dns", h.own({ domain: "alias.example.com" })))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "domain" }],
    });
  });

  test("variables by key within the same scope only", async () => {
    const project = (await h.call("POST", "/projects", h.own({ name: "scoped" }))).body;
    const ws = h.own({ key: "PORT", value: "1" });
    expect((await h.call("POST", "/variables", ws)).status).toBe(201);
    expect(seen(await h.call("POST", "/variables", ws))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "key" }],
    });
    expect((await h.call("POST", "/variables", { key: "PORT", value: "2", projectId: project.id })).status).toBe(201);
  });

  test("renaming onto a taken name is refused too", async () => {
    await h.call("POST", "/volumes", h.own({ name: "taken" }));
    const other = (await h.call("POST", "/volumes", h.own({ name: "free" }))).body;
    const res = await h.call("PATCH", `/volumes/${other.id}`, { name: "taken" });
    expect(seen(res)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "name" }] });
  });
});

describe("referenced ids must exist", () => {
  const missing = "00000000-0000-4000-8000-000000000000";
  test.each([
    ["projectId", "/volumes", () => h.own({ name: "r1", projectId: missing })],
    ["regionId", "/volumes", () => h.own({ name: "r2", regionId: missing })],
    ["volumePlanId", "/volumes", () => h.own({ name: "r3", volumePlanId: missing })],
    ["serverletId", "/variables", () => ({ key: "K", value: "v", serverletId: missing })],
    ["workspaceId", "/projects", () => ({ name: "r5", workspaceId: missing })],
    [
      "volumes.0.volumeId",
      "/serverlets",
      () => h.own({ name: "r4", image: "nginx", volumes: [{ volumeId: missing, mountPath: "/d" }] }),
    ],
  ])("%s", async (field, path, body) => {
    expect(seen(await h.call("POST", path, body()))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field }],
    });
  });

  test("ids from /regions and /volumes/plans are accepted (and kept, not answered)", async () => {
    const region = (await h.call("GET", "/regions")).body.find((r: { name: string }) => r.name === "eu-central");
    const plan = (await h.call("GET", "/volumes/plans")).body.find((p: { name: string }) => p.name === "starter");
    const res = await h.call("POST", "/volumes", h.own({ name: "placed", regionId: region.id, volumePlanId: plan.id }));
    expect(res.status).toBe(201);
    expect(res.body).not.toHaveProperty("regionId");
    expect(h.emu.inventory().volume.find((v) => v.id === res.body.id)).toMatchObject({
      regionId: region.id,
      volumePlanId: plan.id,
    });
  });
});
