/**
 * What a hostile client, a web page or a crafted path can and cannot do: prototype names are not
 * tokens or ids, the admin routes are unreachable through path tricks, and only requests addressed to
 * the emulator by its own name (Host) and not sent by another site (Origin) are served.
 */
import { request } from "node:http";
import { type Harness, start } from "./helpers";

let h: Harness;
let port: number;
beforeAll(async () => {
  h = await start();
  port = Number(new URL(h.emu.url).port);
});
afterAll(() => h.emu.close());

interface Raw {
  status: number;
  text: string;
}

/** One request exactly as given: the path is not normalized, headers are sent as they are. */
function raw(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, method, path, headers, setHost: !("host" in headers) }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        text += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

const PROTOTYPE_NAMES = ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf", "isPrototypeOf"];

describe("prototype names are nobody's token and nobody's id", () => {
  test.each(PROTOTYPE_NAMES)("Bearer %s is an invalid token (401), and a POST with it stores nothing", async (name) => {
    const before = h.emu.inventory().project.length;
    const read = await h.call("GET", "/projects", undefined, name);
    expect({ status: read.status, message: read.body.message }).toEqual({
      status: 401,
      message: "Unauthorized: invalid token",
    });
    const write = await h.call("POST", "/projects", { name: `proto-${name.replace(/_/g, "")}` }, name);
    expect(write.status).toBe(401);
    expect(h.emu.inventory().project).toHaveLength(before);
  });

  test.each(PROTOTYPE_NAMES)("%s as a project id or a workspace id is 404", async (name) => {
    expect((await h.call("GET", `/projects/${name}`)).status).toBe(404);
    expect((await h.call("GET", `/workspaces/${name}`)).status).toBe(404);
  });

  test.each(PROTOTYPE_NAMES)("admin: %s as a token to revoke or a workspace to issue for is refused", async (name) => {
    expect((await h.admin("DELETE", `/tokens/${name}`)).status).toBe(400);
    expect((await h.admin("POST", "/tokens", { workspaceId: name })).status).toBe(400);
  });
});

test("no existence oracle: a real token id with a wrong secret reads exactly like a made-up token", async () => {
  const tokenId = h.emu.token.slice(0, 36);
  const guesses = [`${tokenId}-${"0".repeat(48)}`, `00000000-0000-0000-0000-000000000000-${"0".repeat(48)}`];
  const answers = await Promise.all(guesses.map((t) => h.call("GET", "/projects", undefined, t)));
  const comparable = answers.map((a) => ({ status: a.status, message: a.body.message, errors: a.body.errors }));
  expect(comparable[0]).toEqual(comparable[1]);
  expect(comparable[0]?.status).toBe(401);
});

test("login: an unknown email and a wrong password get the same answer", async () => {
  const unknown = await h.call("POST", "/auth/login", { email: "nobody@futrou.local", password: "x" }, null);
  const wrong = await h.call("POST", "/auth/login", { email: "demo@futrou.local", password: "x" }, null);
  const comparable = (a: typeof wrong) => ({ status: a.status, message: a.body.message, errors: a.body.errors });
  expect(comparable(unknown)).toEqual(comparable(wrong));
  expect(wrong.status).toBe(401);
});

describe("the admin routes cannot be reached through path tricks", () => {
  const tricks = [
    "/v2/../_emulator/stats",
    "/v2/%2e%2e/_emulator/stats",
    "/v2/%2E%2E/_emulator/inventory",
    "/v2/.%2e/_emulator/inventory",
    "/v2/./../_emulator/inventory",
    "//_emulator/inventory",
    "/v2//_emulator/inventory",
    "/./_emulator/inventory",
    "/%5femulator/inventory",
    "/v2/..\\_emulator/inventory",
    "/v2/%5c..%5c_emulator/inventory",
    "http://127.0.0.1/_emulator/inventory",
  ];
  test.each(tricks)("%s is refused and answers no admin data", async (path) => {
    const res = await raw("GET", path, { authorization: `Bearer ${h.emu.token}` });
    expect([400, 404]).toContain(res.status);
    const body = JSON.parse(res.text);
    expect(body.errors.length).toBeGreaterThan(0);
    expect(body).not.toHaveProperty("byStatus");
    expect(body).not.toHaveProperty("project");
  });

  test("path tricks cannot mint tokens either", async () => {
    const res = await raw(
      "POST",
      "/v2/%2e%2e/_emulator/tokens",
      { "content-type": "application/json" },
      JSON.stringify({ workspaceId: h.emu.workspaceId }),
    );
    expect(res.status).toBe(400);
    expect(res.text).not.toContain('"token"');
  });

  test("the plain admin path still works, and so does a query string", async () => {
    expect((await raw("GET", "/_emulator/stats")).status).toBe(200);
    expect((await raw("GET", `/_emulator/inventory?workspaceId=${h.emu.workspaceId}`)).status).toBe(200);
  });
});

describe("Host and Origin: no DNS rebinding, no cross-site pages", () => {
  const auth = () => ({ authorization: `Bearer ${h.emu.token}` });

  test.each(["127.0.0.1", "localhost", "LOCALHOST", "[::1]"])("Host %s:<port> is served", async (name) => {
    expect((await raw("GET", "/v2/projects", { ...auth(), host: `${name}:${port}` })).status).toBe(200);
  });

  test.each([
    ["a rebound name", () => `attacker.example:${port}`],
    ["the right name, another port", () => `127.0.0.1:${port + 1}`],
    ["no port", () => "localhost"],
    ["an empty host", () => ""],
  ])("Host with %s is 403 on the API and on the admin routes", async (_what, host) => {
    const api = await raw("GET", "/v2/variables", { ...auth(), host: host() });
    expect(api.status).toBe(403);
    expect(JSON.parse(api.text).errors[0].code).toBe("FORBIDDEN");
    expect((await raw("GET", "/_emulator/inventory", { host: host() })).status).toBe(403);
    const mint = await raw(
      "POST",
      "/_emulator/tokens",
      { host: host(), "content-type": "application/json" },
      JSON.stringify({ workspaceId: h.emu.workspaceId }),
    );
    expect(mint.status).toBe(403);
    expect(mint.text).not.toContain('"token"');
  });

  test.each([
    ["another site", "https://attacker.example"],
    ["a sandboxed page", "null"],
    ["another local port", () => `http://127.0.0.1:${port + 1}`],
  ])("Origin from %s is 403 on the API and on the admin routes", async (_what, origin) => {
    const o = typeof origin === "function" ? origin() : origin;
    expect((await raw("GET", "/v2/variables", { ...auth(), origin: o })).status).toBe(403);
    expect((await raw("GET", "/_emulator/inventory", { origin: o })).status).toBe(403);
    expect(
      (
        await raw(
          "POST",
          "/_emulator/tokens",
          { origin: o, "content-type": "text/plain" },
          JSON.stringify({ workspaceId: h.emu.workspaceId }),
        )
      ).status,
    ).toBe(403);
  });

  test("a cross-site fetch without Origin is still refused by Sec-Fetch-Site", async () => {
    expect((await raw("GET", "/_emulator/inventory", { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await raw("GET", "/_emulator/inventory", { "sec-fetch-site": "same-site" })).status).toBe(403);
  });

  test("the emulator's own origin is served (its own pages may call it)", async () => {
    const own = { origin: `http://localhost:${port}`, "sec-fetch-site": "same-origin" };
    expect((await raw("GET", "/v2/projects", { ...auth(), ...own, host: `localhost:${port}` })).status).toBe(200);
  });

  test("Node's fetch (what the provider uses) sends neither header and is served", async () => {
    expect((await h.call("GET", "/projects")).status).toBe(200);
    expect((await h.admin("GET", "/stats")).status).toBe(200);
  });
});
