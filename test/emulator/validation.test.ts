/** Bad payloads are refused with 400 and one error entry per problem, naming the field like the API does. */
import { type Answer, type Harness, start } from "./helpers";

let h: Harness;
let zoneId: string;
beforeAll(async () => {
  h = await start();
  zoneId = (await h.call("POST", "/dns", { domain: "valid.example.com" })).body.id;
});
afterAll(() => h.emu.close());

/** What the user sees: status plus each error's code and field. */
const seen = (a: Answer) => ({
  status: a.status,
  errors: (a.body?.errors ?? []).map((e: { code: string; field: string | null }) => ({ code: e.code, field: e.field })),
});

const BAD: Array<[string, string, () => string, Record<string, unknown>, string]> = [
  ["an email that is not one", "POST", () => "/auth/login", { email: "not-an-email", password: "x" }, "email"],
  ["a negative volume size", "POST", () => "/volumes", { name: "v", sizeGb: -5 }, "sizeGb"],
  ["an unknown record type", "POST", () => `/dns/${zoneId}/records`, { name: "x", type: "BOGUS", value: "v" }, "type"],
  [
    "an A record with a non-IPv4 value",
    "POST",
    () => `/dns/${zoneId}/records`,
    { name: "x", type: "A", value: "example.com" },
    "value",
  ],
  [
    "an MX record without priority",
    "POST",
    () => `/dns/${zoneId}/records`,
    { name: "@", type: "MX", value: "mx.example.com" },
    "priority",
  ],
  [
    "minInstances above maxInstances",
    "POST",
    () => "/serverlets",
    { name: "s", image: "nginx", minInstances: 3, maxInstances: 2 },
    "minInstances",
  ],
  [
    "a bad cron schedule",
    "POST",
    () => "/crons",
    { name: "c", schedule: "61 * * * *", url: "https://example.com" },
    "schedule",
  ],
  ["proxy port 70000", "POST", () => "/proxies", { domain: "p.example.com", target: "10.0.0.1", port: 70000 }, "port"],
  ["an empty name", "POST", () => "/volumes", { name: "" }, "name"],
  ["a project name that is not a slug", "POST", () => "/projects", { name: "Not A Slug" }, "name"],
  [
    "a variable with two scopes",
    "POST",
    () => "/variables",
    { key: "K", value: "v", workspaceId: "w", projectId: "p" },
    "projectId",
  ],
  [
    "a serverlet volume mount path that is relative",
    "POST",
    () => "/serverlets",
    { name: "s2", image: "nginx", volumes: [{ volumeId: "x", mountPath: "data" }] },
    "volumes.0.mountPath",
  ],
];

test.each(BAD)("%s → 400 VALIDATION_ERROR", async (_what, method, path, body, field) => {
  const res = await h.call(method, path(), body);
  expect(seen(res)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field }] });
  expect(res.body.message).toContain(field);
  expect(res.body.errors[0].stack).toEqual([]);
});

test("every problem in a body is reported, each with its dotted field", async () => {
  const res = await h.call("POST", "/serverlets", { name: "", image: "has space", ports: [{ port: 0 }] });
  expect(
    seen(res)
      .errors.map((e: { field: string }) => e.field)
      .sort(),
  ).toEqual(["image", "name", "ports.0.port"]);
});

test("the error body has the contract's shape and a fresh request id, also in X-Request-Id", async () => {
  const a = await h.call("POST", "/volumes", { name: "" });
  const b = await h.call("POST", "/volumes", { name: "" });
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
    expect((await h.call("POST", path, body)).status).toBe(201);
    const again = await h.call("POST", path, body);
    expect(seen(again)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field }] });
    expect(again.body.message).toContain("already in use");
  });

  test("variables by key within the same scope only", async () => {
    const project = (await h.call("POST", "/projects", { name: "scoped" })).body;
    const ws = { key: "PORT", value: "1", workspaceId: h.emu.workspaceId };
    expect((await h.call("POST", "/variables", ws)).status).toBe(201);
    expect(seen(await h.call("POST", "/variables", ws))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "key" }],
    });
    expect((await h.call("POST", "/variables", { key: "PORT", value: "2", projectId: project.id })).status).toBe(201);
  });

  test("renaming onto a taken name is refused too", async () => {
    await h.call("POST", "/volumes", { name: "taken" });
    const other = (await h.call("POST", "/volumes", { name: "free" })).body;
    const res = await h.call("PATCH", `/volumes/${other.id}`, { name: "taken" });
    expect(seen(res)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "name" }] });
  });
});

describe("referenced ids must exist", () => {
  const missing = "00000000-0000-4000-8000-000000000000";
  test.each([
    ["projectId", "/volumes", { name: "r1", projectId: missing }],
    ["regionId", "/volumes", { name: "r2", regionId: missing }],
    ["volumePlanId", "/volumes", { name: "r3", volumePlanId: missing }],
    ["serverletId", "/variables", { key: "K", value: "v", serverletId: missing }],
    [
      "volumes.0.volumeId",
      "/serverlets",
      { name: "r4", image: "nginx", volumes: [{ volumeId: missing, mountPath: "/d" }] },
    ],
  ])("%s", async (field, path, body) => {
    expect(seen(await h.call("POST", path, body))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field }],
    });
  });

  test("ids from /regions and /volumes/plans are accepted", async () => {
    const region = (await h.call("GET", "/regions")).body.find((r: { name: string }) => r.name === "eu-central");
    const plan = (await h.call("GET", "/volumes/plans")).body.find((p: { name: string }) => p.name === "starter");
    const res = await h.call("POST", "/volumes", { name: "placed", regionId: region.id, volumePlanId: plan.id });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ regionId: region.id, volumePlanId: plan.id });
  });
});

test("a volume only grows: a smaller sizeGb is a 400 on sizeGb and nothing changes", async () => {
  const vol = (await h.call("POST", "/volumes", { name: "grow", sizeGb: 50 })).body;
  const res = await h.call("PATCH", `/volumes/${vol.id}`, { sizeGb: 20 });
  expect(seen(res)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "sizeGb" }] });
  expect((await h.call("GET", `/volumes/${vol.id}`)).body.sizeGb).toBe(50);
  expect((await h.call("PATCH", `/volumes/${vol.id}`, { sizeGb: 80 })).body.sizeGb).toBe(80);
});
