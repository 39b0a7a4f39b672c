/**
 * A token sees every workspace its user belongs to, and nothing else; an id of another workspace gets
 * exactly the answer of an id that never existed, so answers are no oracle for other people's ids.
 */
import { type Answer, type Harness, seen, start } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await start();
});
afterAll(() => h.emu.close());

const names = (a: Answer) => a.body.map((o: { name: string }) => o.name).sort();

describe("a user with two workspaces", () => {
  let user: { workspaceId: string; token: string };
  let second: string;
  beforeAll(async () => {
    user = h.emu.createWorkspace({ name: "first" });
    second = h.emu.addWorkspace(user.token, { name: "second" }).workspaceId;
  });

  test("GET /workspaces lists both, and ?name= picks one", async () => {
    const all = await h.call("GET", "/workspaces", undefined, user.token);
    expect(names(all)).toEqual(["first", "second"]);
    expect(all.body[0]).toMatchObject({ displayName: expect.any(String), currency: "eur", projectsLimit: 1000 });
    const one = await h.call("GET", "/workspaces?name=second", undefined, user.token);
    expect(one.body.map((w: { id: string }) => w.id)).toEqual([second]);
    expect((await h.call("GET", `/workspaces/${second}`, undefined, user.token)).status).toBe(200);
  });

  test("creates go to the workspace they name; reads, lists and filters see both", async () => {
    const a = await h.call("POST", "/projects", { name: "in-first", workspaceId: user.workspaceId }, user.token);
    const b = await h.call("POST", "/projects", { name: "in-second", workspaceId: second }, user.token);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.workspaceId, b.body.workspaceId]).toEqual([user.workspaceId, second]);
    expect((await h.call("GET", `/projects/${b.body.id}`, undefined, user.token)).status).toBe(200);
    expect(names(await h.call("GET", "/projects", undefined, user.token))).toEqual(["in-first", "in-second"]);
    expect(names(await h.call("GET", `/projects?workspaceId=${second}`, undefined, user.token))).toEqual(["in-second"]);
  });

  test("names are unique per workspace, quotas count per workspace, references stay inside one", async () => {
    expect((await h.call("POST", "/volumes", { name: "same", workspaceId: user.workspaceId }, user.token)).status).toBe(
      201,
    );
    expect((await h.call("POST", "/volumes", { name: "same", workspaceId: second }, user.token)).status).toBe(201);
    const inFirst = (await h.call("GET", `/projects?workspaceId=${user.workspaceId}`, undefined, user.token)).body[0];
    const crossed = await h.call(
      "POST",
      "/volumes",
      { name: "x", workspaceId: second, projectId: inFirst.id },
      user.token,
    );
    expect(seen(crossed)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "projectId" }] });
  });

  test("a create without workspaceId is a 400 naming it; with a project it goes to the project's workspace", async () => {
    const res = await h.call("POST", "/volumes", { name: "unowned", sizeGb: 10, type: "ssd" }, user.token);
    expect(seen(res)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field: "workspaceId" }] });
    expect(res.body.message).toContain("several workspaces");
    const project = (await h.call("POST", "/projects", { name: "owner-by-project", workspaceId: second }, user.token))
      .body;
    const zone = await h.call("POST", "/dns", { name: "by-project.example.com", projectId: project.id }, user.token);
    expect(zone.status).toBe(201);
    expect(h.emu.inventory(second).dnsZone.map((z) => z.id)).toContain(zone.body.id);
  });

  test("GET /workspaces/{id}/projects lists that workspace's projects, ?name= picks one; /{projectId} reads one", async () => {
    const a = (await h.call("POST", "/projects", { name: "listed-a", workspaceId: second }, user.token)).body;
    await h.call("POST", "/projects", { name: "listed-b", workspaceId: user.workspaceId }, user.token);
    const inSecond = await h.call("GET", `/workspaces/${second}/projects`, undefined, user.token);
    expect(names(inSecond)).toContain("listed-a");
    expect(names(inSecond)).not.toContain("listed-b");
    const byName = await h.call("GET", `/workspaces/${second}/projects?name=listed-a`, undefined, user.token);
    expect(byName.body.map((p: { id: string }) => p.id)).toEqual([a.id]);
    expect((await h.call("GET", `/workspaces/${second}/projects/${a.id}`, undefined, user.token)).body).toMatchObject({
      id: a.id,
      name: "listed-a",
    });
    expect(
      (await h.call("GET", `/workspaces/${user.workspaceId}/projects/${a.id}`, undefined, user.token)).status,
    ).toBe(404);
    expect((await h.call("GET", `/workspaces/${second}/projects`)).status).toBe(404);
  });

  test("GET /workspaces/{id}/limits answers the workspace's quota fields (ASSUMED shape)", async () => {
    const limits = await h.call("GET", `/workspaces/${second}/limits`, undefined, user.token);
    expect(limits.status).toBe(200);
    expect(limits.body).toMatchObject({ projectsLimit: 1000, serverletsLimit: 1000, dnsLimit: 1000 });
    expect(Object.keys(limits.body).every((k) => k.endsWith("Limit"))).toBe(true);
    expect((await h.call("GET", `/workspaces/${second}/limits`)).status).toBe(404);
  });

  test("other users' tokens see neither", async () => {
    expect((await h.call("GET", "/workspaces")).body.map((w: { id: string }) => w.id)).toEqual([h.emu.workspaceId]);
    expect((await h.call("GET", `/workspaces/${second}`)).status).toBe(404);
  });

  test("addWorkspace over HTTP, and only for a valid token", async () => {
    const res = await h.admin("POST", "/workspaces/add", { token: user.token, name: "third" });
    expect(res.status).toBe(201);
    expect(names(await h.call("GET", "/workspaces", undefined, user.token))).toEqual(["first", "second", "third"]);
    expect((await h.admin("POST", "/workspaces/add", { token: "nope" })).status).toBe(401);
  });
});

describe("no existence oracle", () => {
  const missing = "00000000-0000-4000-8000-000000000000";
  let other: { workspaceId: string; token: string };
  let theirs: Record<string, string>;
  beforeAll(async () => {
    other = h.emu.createWorkspace({ name: "other" });
    const as = (path: string, body: object) =>
      h.call("POST", path, { workspaceId: other.workspaceId, ...body }, other.token).then((a) => a.body.id as string);
    const zone = await as("/dns", { domain: "theirs.example.com" });
    const record = (
      await h.call("POST", `/dns/${zone}/records`, { name: "w", type: "A", value: "192.0.2.9" }, other.token)
    ).body.id;
    theirs = {
      project: await as("/projects", { name: "theirs" }),
      serverlet: await as("/serverlets", { name: "theirs", image: "nginx" }),
      volume: await as("/volumes", { name: "theirs" }),
      zone,
      record,
    };
  });

  /** The answer without what is fresh per request or repeats the id that was asked about. */
  const shapeOf = (a: Answer, id: string) => ({
    status: a.status,
    message: String(a.body?.message ?? "").replaceAll(id, "<id>"),
    errors: (a.body?.errors ?? []).map((e: { code: string; field: string; message: string }) => ({
      code: e.code,
      field: e.field,
      message: e.message.replaceAll(id, "<id>"),
    })),
  });

  const cases: Array<[string, (id: string) => [string, string, unknown?]]> = [
    ["GET a project", (id) => ["GET", `/projects/${id}`]],
    ["PATCH a project", (id) => ["PATCH", `/projects/${id}`, { displayName: "mine" }]],
    ["DELETE a project", (id) => ["DELETE", `/projects/${id}`]],
    ["start a serverlet", (id) => ["POST", `/serverlets/${id}/start`]],
    ["list a serverlet's instances", (id) => ["GET", `/serverlets/${id}/instances`]],
    ["get a workspace", (id) => ["GET", `/workspaces/${id}`]],
  ];
  test.each(cases)("%s of another workspace answers like a missing id", async (_what, request) => {
    const key = _what.includes("serverlet") ? "serverlet" : _what.includes("workspace") ? "workspace" : "project";
    const id = key === "workspace" ? other.workspaceId : (theirs[key] ?? "");
    const [method, path, body] = request(id);
    const [, missingPath] = request(missing);
    const real = await h.call(method, path, body);
    const absent = await h.call(method, missingPath, body);
    expect(real.status).toBe(404);
    expect(shapeOf(real, id)).toEqual(shapeOf(absent, missing));
  });

  test("a record of another workspace's zone answers like a missing zone", async () => {
    const real = await h.call("GET", `/dns/${theirs.zone}/records/${theirs.record}`);
    const absent = await h.call("GET", `/dns/${missing}/records/${theirs.record}`);
    expect(shapeOf(real, theirs.zone ?? "")).toEqual(shapeOf(absent, missing));
  });

  test.each([
    ["workspaceId", "/projects", (id: string) => ({ name: "sneaky", workspaceId: id })],
    ["projectId", "/volumes", (id: string) => ({ name: "sneaky", workspaceId: h.emu.workspaceId, projectId: id })],
    ["serverletId", "/variables", (id: string) => ({ key: "SNEAKY", value: "x", serverletId: id })],
    ["projectId", "/variables", (id: string) => ({ key: "SNEAKY", value: "x", projectId: id })],
    [
      "volumes.0.volumeId",
      "/serverlets",
      (id: string) => ({
        name: "sneaky",
        image: "nginx",
        workspaceId: h.emu.workspaceId,
        volumes: [{ volumeId: id, mountPath: "/d" }],
      }),
    ],
  ])("a body naming another workspace's %s (%s) answers like a missing id", async (field, path, body) => {
    const key = { workspaceId: "workspace", projectId: "project", serverletId: "serverlet" }[field] ?? "volume";
    const id = key === "workspace" ? other.workspaceId : (theirs[key] ?? "");
    const real = await h.call("POST", path, body(id));
    const absent = await h.call("POST", path, body(missing));
    expect(seen(real)).toEqual({ status: 400, errors: [{ code: "VALIDATION_ERROR", field }] });
    expect(shapeOf(real, id)).toEqual(shapeOf(absent, missing));
  });

  test("their objects are untouched and still theirs", async () => {
    expect((await h.call("GET", `/projects/${theirs.project}`, undefined, other.token)).status).toBe(200);
    expect(h.emu.inventory(h.emu.workspaceId).project.map((p) => p.name)).not.toContain("sneaky");
  });
});
