/** Tokens, login, the token's own workspace, isolation between workspaces, and quotas. */
import { type Answer, type Harness, start } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await start();
});
afterAll(() => h.emu.close());

const reason = (a: Answer) => ({ status: a.status, message: a.body?.message as string });

describe("401 says what is wrong with the token", () => {
  test("missing", async () => {
    const res = await h.call("GET", "/projects", undefined, null);
    expect(reason(res)).toEqual({ status: 401, message: expect.stringContaining("missing") });
    expect(res.body.errors[0].code).toBe("UNAUTHORIZED");
  });
  test("invalid", async () => {
    expect(reason(await h.call("GET", "/projects", undefined, "no-such-token"))).toEqual({
      status: 401,
      message: expect.stringContaining("invalid"),
    });
  });
  test("revoked", async () => {
    const token = h.emu.issueToken(h.emu.workspaceId);
    expect((await h.call("GET", "/projects", undefined, token)).status).toBe(200);
    h.emu.revokeToken(token);
    expect(reason(await h.call("GET", "/projects", undefined, token))).toEqual({
      status: 401,
      message: expect.stringContaining("revoked"),
    });
  });
  test("expired", async () => {
    const token = h.emu.issueToken(h.emu.workspaceId, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(reason(await h.call("GET", "/projects", undefined, token))).toEqual({
      status: 401,
      message: expect.stringContaining("expired"),
    });
  });
  test("the message never contains the token", async () => {
    const res = await h.call("GET", "/projects", undefined, "abc-secret-value");
    expect(JSON.stringify(res.body)).not.toContain("abc-secret-value");
  });
});

test("POST /auth/login gives a token `<id>-<token>` that works", async () => {
  const res = await h.call("POST", "/auth/login", { email: "demo@futrou.local", password: "demo-password" }, null);
  expect(res.status).toBe(200);
  const token = `${res.body.apiToken.id}-${res.body.apiToken.token}`;
  expect(res.body.user).toMatchObject({ email: "demo@futrou.local" });
  expect((await h.call("GET", "/auth/context", undefined, token)).status).toBe(200);
  const wrong = await h.call("POST", "/auth/login", { email: "demo@futrou.local", password: "nope" }, null);
  expect(wrong.status).toBe(401);
});

test("GET /auth/context answers the token's user; /workspaces its workspace", async () => {
  const ctx = (await h.call("GET", "/auth/context")).body;
  expect(ctx).toEqual({ user: expect.objectContaining({ email: "demo@futrou.local" }) });
  const list = await h.call("GET", "/workspaces");
  expect(list.body.map((w: { id: string }) => w.id)).toEqual([h.emu.workspaceId]);
  const one = (await h.call("GET", `/workspaces/${h.emu.workspaceId}`)).body;
  expect(one.projectsLimit).toBe(1000);
});

describe("a token only sees its own workspace", () => {
  let other: { workspaceId: string; token: string };
  let theirProject: { id: string };
  beforeAll(async () => {
    other = h.emu.createWorkspace({ name: "other" });
    theirProject = (await h.call("POST", "/projects", { name: "theirs", workspaceId: other.workspaceId }, other.token))
      .body;
  });

  test("another workspace's ids are 404, for read, update and delete", async () => {
    expect((await h.call("GET", `/projects/${theirProject.id}`)).status).toBe(404);
    expect((await h.call("PATCH", `/projects/${theirProject.id}`, { displayName: "mine" })).status).toBe(404);
    expect((await h.call("DELETE", `/projects/${theirProject.id}`)).status).toBe(404);
    expect((await h.call("GET", `/workspaces/${other.workspaceId}`)).status).toBe(404);
    expect((await h.call("GET", "/projects")).body.map((p: { id: string }) => p.id)).not.toContain(theirProject.id);
    // Still there for its owner.
    expect((await h.call("GET", `/projects/${theirProject.id}`, undefined, other.token)).status).toBe(200);
  });

  test("the same name may exist in two workspaces", async () => {
    expect((await h.call("POST", "/projects", h.own({ name: "theirs" }))).status).toBe(201);
  });

  test("a body naming another workspace or its project is a 400 on the field (as if it did not exist)", async () => {
    const ws = await h.call("POST", "/projects", { name: "sneaky", workspaceId: other.workspaceId });
    expect({ status: ws.status, field: ws.body.errors[0].field }).toEqual({ status: 400, field: "workspaceId" });
    const proj = await h.call("POST", "/volumes", h.own({ name: "sneaky", projectId: theirProject.id }));
    expect({ status: proj.status, field: proj.body.errors[0].field }).toEqual({ status: 400, field: "projectId" });
  });
});

test("quotas: creating past a workspace *Limit is a 400 LIMIT_EXCEEDED, deleting frees the slot", async () => {
  const small = h.emu.createWorkspace({ limits: { projectsLimit: 1, volumesLimit: 0 } });
  const ws = { workspaceId: small.workspaceId };
  const first = await h.call("POST", "/projects", { ...ws, name: "one" }, small.token);
  expect(first.status).toBe(201);
  const second = await h.call("POST", "/projects", { ...ws, name: "two" }, small.token);
  expect({ status: second.status, code: second.body.errors[0].code, field: second.body.errors[0].field }).toEqual({
    status: 400,
    code: "LIMIT_EXCEEDED",
    field: "projectsLimit",
  });
  expect((await h.call("POST", "/volumes", { ...ws, name: "v" }, small.token)).body.errors[0].code).toBe(
    "LIMIT_EXCEEDED",
  );
  await h.call("DELETE", `/projects/${first.body.id}`, undefined, small.token);
  expect((await h.call("POST", "/projects", { ...ws, name: "two" }, small.token)).status).toBe(201);
});

test("admin routes mirror the helpers: workspaces and tokens over HTTP", async () => {
  const ws = await h.admin("POST", "/workspaces", { name: "via-http", limits: { cronsLimit: 2 } });
  expect(ws.status).toBe(201);
  const own = await h.call("GET", `/workspaces/${ws.body.workspaceId}`, undefined, ws.body.token);
  expect(own.body).toMatchObject({ id: ws.body.workspaceId, name: "via-http", cronsLimit: 2 });
  const token = (await h.admin("POST", "/tokens", { workspaceId: ws.body.workspaceId })).body.token;
  expect((await h.call("GET", "/projects", undefined, token)).status).toBe(200);
  expect((await h.admin("DELETE", `/tokens/${token}`)).status).toBe(204);
  expect((await h.call("GET", "/projects", undefined, token)).status).toBe(401);
  expect((await h.admin("POST", "/workspaces", { limits: { bogusLimit: 1 } })).status).toBe(400);
});
