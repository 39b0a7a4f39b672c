/**
 * The three newest collections as the emulator serves them, read straight off the wire (the provider's kinds
 * ApiToken, WorkspaceMember and Cert are tested in test/provider): API tokens, workspace members and TLS
 * certificates. The paths are SKILL.md's;
 * the request bodies and the certificate's fields are assumed, and each test says which assumption it pins.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describeError, eventually, type Harness, seen, start } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await start();
});
afterAll(() => h.emu.close());

const DAY_MS = 86_400_000;
const inFuture = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

/** The user behind a token (`GET /auth/context`). */
async function userOf(token: string): Promise<string> {
  const res = await h.call("GET", "/auth/context", undefined, token);
  expect(res.status).toBe(200);
  return res.body.user.id;
}

describe("API tokens: /api-tokens", () => {
  test("a created token answers its secret once, and <id>-<token> is a bearer token of the creating user", async () => {
    const expiresAt = inFuture(30);
    const res = await h.call("POST", "/api-tokens", { name: "ci", expiresAt });
    expect(res.status).toBe(201);
    // ASSUMED: a token without a type is a user's token.
    expect(res.body).toMatchObject({ name: "ci", type: "user", expiresAt, token: expect.any(String) });
    const bearer = `${res.body.id}-${res.body.token}`;
    expect(await userOf(bearer)).toBe(await userOf(h.emu.token));

    // ASSUMED: GET, the list and PATCH never answer the secret again.
    const got = await h.call("GET", `/api-tokens/${res.body.id}`);
    expect(got.status).toBe(200);
    expect(got.body).toMatchObject({ id: res.body.id, name: "ci", type: "user", expiresAt });
    expect("token" in got.body).toBe(false);
    const listed = await h.call("GET", "/api-tokens");
    expect(JSON.stringify(listed.body)).not.toContain(res.body.token);
    const patched = await h.call("PATCH", `/api-tokens/${res.body.id}`, { name: "ci-renamed" });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: res.body.id, name: "ci-renamed", createdAt: res.body.createdAt });
    expect("token" in patched.body).toBe(false);
  });

  test("a PATCHed expiry applies to the bearer token at once", async () => {
    const made = (await h.call("POST", "/api-tokens", { name: "short" })).body;
    const bearer = `${made.id}-${made.token}`;
    expect((await h.call("GET", "/auth/context", undefined, bearer)).status).toBe(200);
    const past = new Date(Date.now() - DAY_MS).toISOString();
    expect((await h.call("PATCH", `/api-tokens/${made.id}`, { expiresAt: past })).status).toBe(200);
    const refused = await h.call("GET", "/auth/context", undefined, bearer);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain("token expired");
  });

  test("DELETE answers 204 and revokes the bearer token; the token is 404 after", async () => {
    const made = (await h.call("POST", "/api-tokens", { name: "doomed" })).body;
    const bearer = `${made.id}-${made.token}`;
    expect((await h.call("DELETE", `/api-tokens/${made.id}`)).status).toBe(204);
    const refused = await h.call("GET", "/auth/context", undefined, bearer);
    expect(refused.status).toBe(401);
    expect(refused.body.message).toContain("token revoked");
    expect((await h.call("GET", `/api-tokens/${made.id}`)).status).toBe(404);
    expect((await h.call("DELETE", `/api-tokens/${made.id}`)).status).toBe(404);
  });

  test("the list is paged like every other: a bare array and the four X-* headers", async () => {
    for (const name of ["page-a", "page-b", "page-c"]) await h.call("POST", "/api-tokens", { name });
    const res = await h.call("GET", "/api-tokens?limit=2&page=2&sort=name&direction=asc");
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    const total = Number(res.headers.get("x-total-items"));
    expect(total).toBeGreaterThanOrEqual(3);
    expect(res.headers.get("x-total-pages")).toBe(String(Math.ceil(total / 2)));
    expect(res.headers.get("x-page")).toBe("2");
    expect(res.headers.get("x-page-items")).toBe(String(res.body.length));
  });

  test("refusals name their field: no name, an unknown type, a changed type", async () => {
    expect(seen(await h.call("POST", "/api-tokens", {}))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "name" }],
    });
    expect(seen(await h.call("POST", "/api-tokens", { name: "x", type: "admin" }))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "type" }],
    });
    const made = (await h.call("POST", "/api-tokens", { name: "typed" })).body;
    const changed = await h.call("PATCH", `/api-tokens/${made.id}`, { type: "workspace" });
    expect(describeError(changed)).toMatch(/^400 VALIDATION_ERROR on type: cannot be changed after create/);
  });

  test("another workspace's token is 404, and apiTokensLimit caps the count", async () => {
    const mine = (await h.call("POST", "/api-tokens", { name: "mine" })).body;
    const other = h.emu.createWorkspace({ limits: { apiTokensLimit: 1 } });
    expect((await h.call("GET", `/api-tokens/${mine.id}`, undefined, other.token)).status).toBe(404);
    expect((await h.call("POST", "/api-tokens", { name: "one" }, other.token)).status).toBe(201);
    const over = await h.call("POST", "/api-tokens", { name: "two" }, other.token);
    expect(seen(over)).toEqual({ status: 400, errors: [{ code: "LIMIT_EXCEEDED", field: "apiTokensLimit" }] });
  });
});

describe("workspace members: /workspaces/{id}/users", () => {
  const users = () => `/workspaces/${h.emu.workspaceId}/users`;

  test("adding a user makes the workspace one of theirs; PATCH and DELETE name the member by its user", async () => {
    const guest = h.emu.createWorkspace();
    const guestUser = await userOf(guest.token);
    const ownWorkspaces = async () =>
      (await h.call("GET", "/workspaces", undefined, guest.token)).body.map((w: { id: string }) => w.id);
    expect(await ownWorkspaces()).not.toContain(h.emu.workspaceId);

    const added = await h.call("POST", users(), { userId: guestUser });
    expect(added.status).toBe(201);
    // ASSUMED: a member added without a role is a viewer.
    expect(added.body).toMatchObject({ userId: guestUser, workspaceId: h.emu.workspaceId, role: "viewer" });
    expect(await ownWorkspaces()).toContain(h.emu.workspaceId);

    const listed = await h.call("GET", users());
    expect(listed.status).toBe(200);
    expect(listed.body.map((m: { id: string }) => m.id)).toContain(added.body.id);
    expect(listed.headers.get("x-total-items")).toBe(String(listed.body.length));

    const project = (await h.call("POST", "/projects", h.own({ name: "members-only" }))).body;
    const patched = await h.call("PATCH", `${users()}/${guestUser}`, { role: "developer", projectIds: [project.id] });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id: added.body.id, role: "developer", projectIds: [project.id] });
    // ASSUMED: the member's own id names it as well as its user's.
    expect((await h.call("GET", `${users()}/${added.body.id}`)).body).toMatchObject({ role: "developer" });

    expect((await h.call("DELETE", `${users()}/${guestUser}`)).status).toBe(204);
    expect(await ownWorkspaces()).not.toContain(h.emu.workspaceId);
    expect((await h.call("GET", `${users()}/${guestUser}`)).status).toBe(404);
    expect((await h.call("DELETE", `${users()}/${guestUser}`)).status).toBe(404);
  });

  test("refusals name their field: an unknown user, a second membership, a bad role, a foreign project", async () => {
    const unknown = await h.call("POST", users(), { userId: "00000000-0000-0000-0000-000000000000" });
    expect(describeError(unknown)).toMatch(/^400 VALIDATION_ERROR on userId: user .* does not exist/);

    const guest = h.emu.createWorkspace();
    const guestUser = await userOf(guest.token);
    expect((await h.call("POST", users(), { userId: guestUser, role: "administrator" })).status).toBe(201);
    expect(describeError(await h.call("POST", users(), { userId: guestUser }))).toMatch(
      /^400 VALIDATION_ERROR on userId: already in use/,
    );
    expect(seen(await h.call("PATCH", `${users()}/${guestUser}`, { role: "emperor" }))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "role" }],
    });
    const foreign = (await h.call("POST", "/projects", { name: "theirs", workspaceId: guest.workspaceId }, guest.token))
      .body;
    expect(describeError(await h.call("PATCH", `${users()}/${guestUser}`, { projectIds: [foreign.id] }))).toMatch(
      /^400 VALIDATION_ERROR on projectIds\.0: project .* does not exist in workspace/,
    );
  });

  test("a workspace the token does not see is 404, like one that does not exist", async () => {
    const stranger = h.emu.createWorkspace();
    const hidden = await h.call("GET", `/workspaces/${stranger.workspaceId}/users`);
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(`workspace ${stranger.workspaceId} not found`);
    expect((await h.call("POST", `/workspaces/${stranger.workspaceId}/users`, { userId: "x" })).status).toBe(404);
  });

  test("workspaceUsersLimit caps the count", async () => {
    const small = h.emu.createWorkspace({ limits: { workspaceUsersLimit: 1 } });
    const path = `/workspaces/${small.workspaceId}/users`;
    const [a, b] = [h.emu.createWorkspace(), h.emu.createWorkspace()];
    expect((await h.call("POST", path, { userId: await userOf(a.token) }, small.token)).status).toBe(201);
    const over = await h.call("POST", path, { userId: await userOf(b.token) }, small.token);
    expect(seen(over)).toEqual({ status: 400, errors: [{ code: "LIMIT_EXCEEDED", field: "workspaceUsersLimit" }] });
  });
});

describe("certificates: /certs", () => {
  test("a new certificate is pending, then issued for 90 days (ASSUMED fields and states)", async () => {
    const res = await h.call("POST", "/certs", { domain: "shop.example.com" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ domain: "shop.example.com", status: "pending" });
    expect("expiresAt" in res.body).toBe(false);
    const issued = await eventually(
      async () => (await h.call("GET", `/certs/${res.body.id}`)).body,
      (c) => c.status === "issued",
    );
    const validFor = Date.parse(issued.expiresAt) - Date.now();
    expect(validFor).toBeGreaterThan(89 * DAY_MS);
    expect(validFor).toBeLessThanOrEqual(90 * DAY_MS);
  });

  test("renew answers 200 with the certificate pending again; it is issued again with a later expiry", async () => {
    const made = (await h.call("POST", "/certs", { domain: "renew.example.com" })).body;
    const before = await eventually(
      async () => (await h.call("GET", `/certs/${made.id}`)).body,
      (c) => c.status === "issued",
    );
    const renewed = await h.call("POST", `/certs/${made.id}/renew`);
    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ id: made.id, status: "pending" });
    const after = await eventually(
      async () => (await h.call("GET", `/certs/${made.id}`)).body,
      (c) => c.status === "issued",
    );
    expect(Date.parse(after.expiresAt)).toBeGreaterThan(Date.parse(before.expiresAt));
    expect(h.emu.inventory().cert.find((c) => c.id === made.id)).toMatchObject({ status: "issued" });
  });

  test("there is no PATCH: 405 with the methods that are allowed", async () => {
    const made = (await h.call("POST", "/certs", { domain: "fixed.example.com" })).body;
    const res = await h.call("PATCH", `/certs/${made.id}`, { domain: "other.example.com" });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("GET, DELETE");
  });

  test("refusals name their field: not a domain, a domain already certified; a wildcard is taken", async () => {
    expect(seen(await h.call("POST", "/certs", { domain: "not a domain" }))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "domain" }],
    });
    expect((await h.call("POST", "/certs", { domain: "twice.example.com" })).status).toBe(201);
    expect(describeError(await h.call("POST", "/certs", { domain: "twice.example.com" }))).toMatch(
      /^400 VALIDATION_ERROR on domain: already in use/,
    );
    expect((await h.call("POST", "/certs", { domain: "*.wild.example.com" })).status).toBe(201);
  });

  test("DELETE answers 204; then GET, renew and a second DELETE are 404", async () => {
    const made = (await h.call("POST", "/certs", { domain: "gone.example.com" })).body;
    expect((await h.call("DELETE", `/certs/${made.id}`)).status).toBe(204);
    const missing = await h.call("GET", `/certs/${made.id}`);
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(`certificate ${made.id} not found`);
    expect((await h.call("POST", `/certs/${made.id}/renew`)).status).toBe(404);
    expect((await h.call("DELETE", `/certs/${made.id}`)).status).toBe(404);
    expect(h.emu.inventory().cert.map((c) => c.id)).not.toContain(made.id);
  });
});

test("the inventory holds every new kind, each in its workspace", async () => {
  const token = (await h.call("POST", "/api-tokens", { name: "inventoried" })).body;
  const cert = (await h.call("POST", "/certs", { domain: "inventory.example.com" })).body;
  const guest = h.emu.createWorkspace();
  const member = (await h.call("POST", `/workspaces/${h.emu.workspaceId}/users`, { userId: await userOf(guest.token) }))
    .body;
  const mine = h.emu.inventory(h.emu.workspaceId);
  expect(mine.apiToken.map((t) => t.id)).toContain(token.id);
  expect(mine.cert.map((c) => c.id)).toContain(cert.id);
  expect(mine.workspaceMember.map((m) => m.id)).toContain(member.id);
  // The secret is never stored on the object: the inventory does not hold it.
  expect(JSON.stringify(mine.apiToken)).not.toContain(token.token);
  expect(h.emu.inventory(guest.workspaceId).workspaceMember).toEqual([]);
});

test("with a data file, a made token, a membership and a pending certificate survive a restart", async () => {
  const dir = mkdtempSync(join(tmpdir(), "futrou-newer-kinds-"));
  try {
    const dataFile = join(dir, "state.json");
    const first = await start({ dataFile, deployDelayMs: 60_000 });
    const token = (await first.call("POST", "/api-tokens", { name: "kept" })).body;
    const guest = first.emu.createWorkspace();
    const guestUser = (await first.call("GET", "/auth/context", undefined, guest.token)).body.user.id;
    await first.call("POST", `/workspaces/${first.emu.workspaceId}/users`, { userId: guestUser });
    const cert = (await first.call("POST", "/certs", { domain: "restart.example.com" })).body;
    await first.emu.close();

    const second = await start({ dataFile, deployDelayMs: 50 });
    try {
      const bearer = `${token.id}-${token.token}`;
      expect((await second.call("GET", "/auth/context", undefined, bearer)).status).toBe(200);
      const seenByGuest = (await second.call("GET", "/workspaces", undefined, guest.token)).body;
      expect(seenByGuest.map((w: { id: string }) => w.id)).toContain(second.emu.workspaceId);
      // The issue that was in flight when the first emulator stopped finishes in the second.
      await eventually(
        async () => (await second.call("GET", `/certs/${cert.id}`)).body.status,
        (s) => s === "issued",
      );
    } finally {
      await second.emu.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
