/**
 * The client's HTTP behaviour against a tiny local server that answers exactly what each test needs:
 * headers, query encoding, parsing, timeouts, dropped connections and token secrecy.
 */
import { inspect } from "node:util";
import { z } from "zod";
import { encodeQuery, FutrouClient, USER_AGENT } from "../../provider/api/client";
import { FutrouApiError, FutrouNetworkError, FutrouResponseError } from "../../provider/api/errors";
import { expandPath, itemPath, UnsafePathError } from "../../provider/api/path";
import type { RetryEvent } from "../../provider/api/retry";
import { Project } from "../../provider/kinds";
import { drop, errorBody, type Fixture, hang, json, project, recordingSleep, startFixture, text } from "./fixture";

const TOKEN = "a1b2c3d4-e5f6a7b8c9d0e1f2supersecret";

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

function client(extra: Partial<ConstructorParameters<typeof FutrouClient>[0]> = {}) {
  const rec = recordingSleep();
  const events: RetryEvent[] = [];
  const c = new FutrouClient({
    baseUrl: fx.url,
    token: TOKEN,
    sleep: rec.sleep,
    onRetry: (e) => events.push(e),
    ...extra,
  });
  return { c, waits: rec.waits, events };
}

test("every request carries auth, JSON content type, accept and the package's user agent", async () => {
  fx.answer(json(200, project(1)));
  const { c } = client();
  await c.get("/projects/p1", Project);
  await c.patch("/projects/p1", { displayName: "X" }, Project);
  expect(USER_AGENT).toBe(`pulumi-futrou/${require("../../package.json").version}`);
  for (const req of fx.seen) {
    expect(req.headers).toMatchObject({
      authorization: `Bearer ${TOKEN}`,
      "content-type": "application/json",
      accept: "application/json",
      "user-agent": USER_AGENT,
    });
  }
  expect(fx.seen.map((r) => [r.method, r.url, r.body])).toEqual([
    ["GET", "/v2/projects/p1", ""],
    ["PATCH", "/v2/projects/p1", '{"displayName":"X"}'],
  ]);
});

test("filters, dates and createdAt ranges are encoded in the query", () => {
  expect(
    encodeQuery({
      name: "web app",
      projectId: undefined,
      workspaceId: null,
      page: 2,
      createdAt: { from: new Date("2025-01-01T00:00:00Z"), to: "2025-02-01T00:00:00Z" },
      updatedAt: { from: "2025-03-01" },
      id: ["a", "b"],
    }),
  ).toBe(
    "?name=web+app&page=2&createdAt=2025-01-01T00%3A00%3A00.000Z%2F2025-02-01T00%3A00%3A00Z&updatedAt=2025-03-01%2F&id=a&id=b",
  );
  expect(encodeQuery({})).toBe("");
  expect(expandPath("/dns/{dnsId}/records", { dnsId: "z-1" })).toBe("/dns/z-1/records");
  expect(() => expandPath("/dns/{dnsId}/records", { dnsId: "z/1" })).toThrow(/dnsId must be an id .* "\/"/);
  expect(() => expandPath("/dns/{dnsId}/records", {})).toThrow(/dnsId/);
});

test("a response is read tolerantly: absent, null, odd and unknown fields never fail it; only the id is required", async () => {
  fx.answer(json(200, { ...project(1), name: 42, displayName: null, createdAt: undefined, brandNew: { x: 1 } }));
  const { c } = client();
  const read = await c.get("/projects/p1", Project);
  expect(read).toMatchObject({ id: "p1", displayName: null, brandNew: { x: 1 } });
  expect(read.name).toBeUndefined();
  expect(read.createdAt).toBeUndefined();

  fx.answer(json(200, { ...project(1), id: undefined }));
  const err = await c.get("/projects/p1", Project).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FutrouResponseError);
  expect((err as Error).message).toMatch(/^unexpected response from GET \/projects\/p1 \(200\): id: expected string/);

  fx.answer(json(200, [project(1), { ...project(2), id: 7 }]));
  await expect(c.list("/projects", Project)).rejects.toThrow(/\[1\]\.id: expected string, received number/);

  fx.answer(text(200, "<html>maintenance</html>"));
  await expect(c.get("/projects/p1", Project)).rejects.toThrow(/body is not JSON/);
});

test("a non-JSON error body still gives a readable FutrouApiError", async () => {
  fx.answer(text(400, "<html><body>Bad request from the edge proxy</body></html>"));
  const { c } = client();
  await expect(c.get("/projects", z.unknown())).rejects.toThrow(
    "400 Bad Request — Bad request from the edge proxy (GET /projects)",
  );
});

test("404: find() is undefined, delete() is false, get() throws", async () => {
  fx.answer(json(404, errorBody("Project not found")));
  const { c } = client();
  await expect(c.find("/projects/nope", Project)).resolves.toBeUndefined();
  await expect(c.delete("/projects/nope")).resolves.toBe(false);
  await expect(c.get("/projects/nope", Project)).rejects.toBeInstanceOf(FutrouApiError);
  fx.answer((_req, res) => res.writeHead(204).end());
  await expect(c.delete("/projects/p1")).resolves.toBe(true);
});

test("list() follows X-Total-Pages asking the default page size (the maximum is unpublished); listPage() returns the headers", async () => {
  const page = (n: number) =>
    json(200, [project(n)], { "x-total-pages": "3", "x-total-items": "3", "x-page-items": "1", "x-page": String(n) });
  fx.answer(page(1), page(2), page(3));
  const { c } = client();
  const all = await c.list("/projects", Project, { name: "x" });
  expect(all.map((p) => p.id)).toEqual(["p1", "p2", "p3"]);
  expect(fx.seen.map((r) => r.url)).toEqual([
    "/v2/projects?name=x&limit=100&page=1",
    "/v2/projects?name=x&limit=100&page=2",
    "/v2/projects?name=x&limit=100&page=3",
  ]);
  fx.answer(page(2));
  await expect(c.listPage("/projects", Project, { page: 2, limit: 1 })).resolves.toEqual({
    items: [project(2)],
    page: 2,
    totalPages: 3,
    totalItems: 3,
    pageItems: 1,
  });
});

test("list(): an object that shifts onto the next page while paging (a create or delete in between) counts once", async () => {
  const headers = (n: number) => ({ "x-total-pages": "2", "x-total-items": "3", "x-page": String(n) });
  fx.answer(json(200, [project(1), project(2)], headers(1)), json(200, [project(2), project(3)], headers(2)));
  const { c } = client();
  const all = await c.list("/projects", Project);
  expect(all.map((p) => p.id)).toEqual(["p1", "p2", "p3"]);
});

test("a GET whose connection drops is retried; a POST is not", async () => {
  fx.answer(drop, json(200, project(1)));
  const { c, events } = client();
  await expect(c.get("/projects/p1", Project)).resolves.toMatchObject({ id: "p1" });
  expect(events).toHaveLength(1);
  expect(events[0]?.reason).toMatch(/network error \((reset|closed)\)/);

  fx.answer(drop, json(201, project(1)));
  const err = await c.create("/projects", { name: "x" }, Project).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FutrouNetworkError);
  expect(fx.seen).toHaveLength(1);
});

test("a refused connection was never sent, so even a POST may try again", async () => {
  const { c, events } = client({ baseUrl: "http://127.0.0.1:9/v2", retry: { limit: 2 } });
  const err = await c.create("/projects", { name: "x" }, Project).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FutrouNetworkError);
  expect((err as FutrouNetworkError).failure).toBe("refused");
  expect(events.map((e) => e.action)).toEqual(["retry", "retry"]);
});

test("each attempt has its own timeout; a timed-out GET is retried within the limit", async () => {
  fx.answer(hang);
  const { c, events } = client({ timeoutMs: 100, retry: { limit: 1 } });
  const err = await c.get("/projects/p1", Project).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(FutrouNetworkError);
  expect((err as Error).message).toMatch(
    /^network error: no response within 100 ms \(GET \/projects\/p1\); gave up after 2 attempts over [\d.]+m?s \(the retry limit\)$/,
  );
  expect(fx.seen).toHaveLength(2);
  expect(events).toHaveLength(1);
});

test("without a sleep given, a retry waits on a real timer: Retry-After: 1 holds the retry until a second passes", async () => {
  fx.answer(json(503, errorBody("busy"), { "retry-after": "1" }), json(200, project(2)), json(200, project(1)));
  const events: RetryEvent[] = [];
  // Only the timers are fake (the clock a wait is spent on); I/O and the server run as they do.
  jest.useFakeTimers({ doNotFake: ["nextTick", "setImmediate", "queueMicrotask", "Date", "hrtime", "performance"] });
  try {
    const c = new FutrouClient({ baseUrl: fx.url, token: TOKEN, onRetry: (e) => events.push(e) });
    const retried = c.get("/projects/p1", Project);
    while (events.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect(events.map((e) => e.delayMs)).toEqual([1000]);
    // A whole request of another client goes out and is answered while the retry is still waiting.
    const other = new FutrouClient({ baseUrl: fx.url, token: TOKEN, retry: { limit: 0 } });
    await expect(other.get("/projects/p2", Project)).resolves.toMatchObject({ id: "p2" });
    expect(fx.seen.map((r) => r.url)).toEqual(["/v2/projects/p1", "/v2/projects/p2"]);
    await jest.advanceTimersByTimeAsync(1000);
    await expect(retried).resolves.toMatchObject({ id: "p1" });
    expect(fx.seen.map((r) => r.url)).toEqual(["/v2/projects/p1", "/v2/projects/p2", "/v2/projects/p1"]);
  } finally {
    jest.useRealTimers();
  }
});

describe("the token never leaks", () => {
  const leaks = (s: string) => s.includes(TOKEN) || s.includes("supersecret");

  test("not in util.inspect, JSON.stringify, String or the keys of a client", () => {
    const { c } = client();
    expect(leaks(inspect(c, { depth: 10, showHidden: true }))).toBe(false);
    expect(leaks(JSON.stringify(c))).toBe(false);
    expect(leaks(String(c))).toBe(false);
    expect(leaks(JSON.stringify(Object.getOwnPropertyDescriptors(c)))).toBe(false);
  });

  test("not in a 401 that echoes the Authorization header, nor any other error", async () => {
    fx.answer((req, res) => {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(
        JSON.stringify(
          errorBody(`invalid token: ${req.headers.authorization}`, [
            { code: "UNAUTHORIZED", message: `token ${TOKEN.split("-")[1]} rejected` },
          ]),
        ),
      );
    });
    const { c } = client();
    const unauthorized = await c.get("/projects", z.unknown()).catch((e: unknown) => e);
    expect(unauthorized).toBeInstanceOf(FutrouApiError);
    fx.answer(text(502, `upstream said Bearer ${TOKEN}`));
    const badGateway = await c.get("/projects", z.unknown(), {}).catch((e: unknown) => e);
    fx.answer(json(200, { echoed: TOKEN }));
    const mismatch = await c.get("/projects", z.object({ echoed: z.number() })).catch((e: unknown) => e);
    fx.answer(text(200, `not json ${TOKEN}`));
    const notJson = await c.get("/projects", z.unknown()).catch((e: unknown) => e);
    fx.answer(hang);
    const timeout = await new FutrouClient({ baseUrl: fx.url, token: TOKEN, timeoutMs: 50, retry: { limit: 0 } })
      .get("/p", z.unknown())
      .catch((e: unknown) => e);
    for (const e of [unauthorized, badGateway, mismatch, notJson, timeout]) {
      expect(e).toBeInstanceOf(Error);
      const err = e as Error;
      for (const s of [
        err.message,
        String(err.stack),
        inspect(err, { depth: 10, showHidden: true }),
        JSON.stringify(err),
      ]) {
        expect(leaks(s)).toBe(false);
      }
    }
    expect((unauthorized as FutrouApiError).message).toContain("[redacted]");
  });
});

describe("paths no URL parsing can change", () => {
  test("the request line is exactly the path built from the ids, whatever characters an id carries", async () => {
    fx.answer(json(200, project(1)));
    const { c } = client();
    const ids = ["rec-001", "123e4567-e89b-12d3-a456-426614174000", "a:b@c", "x..y", ".hidden", "ünï"];
    for (const id of ids) await c.get(itemPath(expandPath("/dns/{dnsId}/records", { dnsId: "dns-789" }), id), Project);
    expect(fx.seen.map((r) => r.line)).toEqual([
      "GET /v2/dns/dns-789/records/rec-001 HTTP/1.1",
      "GET /v2/dns/dns-789/records/123e4567-e89b-12d3-a456-426614174000 HTTP/1.1",
      "GET /v2/dns/dns-789/records/a%3Ab%40c HTTP/1.1",
      "GET /v2/dns/dns-789/records/x..y HTTP/1.1",
      "GET /v2/dns/dns-789/records/.hidden HTTP/1.1",
      "GET /v2/dns/dns-789/records/%C3%BCn%C3%AF HTTP/1.1",
    ]);
  });

  test("an id that is a dot segment, or carries what ends a segment, builds no path and sends nothing", () => {
    for (const id of [
      ".",
      "..",
      "...",
      "",
      "a/b",
      "a\\b",
      "a?b",
      "a#b",
      "%2e%2e",
      "a b",
      "a\tb",
      "a\u0000b",
      "x".repeat(257),
    ]) {
      expect(() => itemPath("/projects", id)).toThrow(UnsafePathError);
      expect(() => expandPath("/dns/{dnsId}/records", { dnsId: id })).toThrow(/^dnsId /);
    }
    expect(() => itemPath("/projects", "..")).toThrow(
      'id must be an id the API issued, not ".." (a dot segment names another path)',
    );
    expect(itemPath("/projects", "x".repeat(256))).toBe(`/projects/${"x".repeat(256)}`);
  });

  test("the client's last guard: a path URL parsing would change is refused before anything is sent", async () => {
    fx.answer(json(200, project(1)));
    const { c, events } = client();
    const changed = [
      "/dns/abc/records/..", // resolved to /dns/abc/ — the zone itself
      "/dns/abc/records/.",
      "/dns/abc/records/%2e%2e", // percent-encoded dots are dot segments too
      "/dns/abc/records/%2E.",
      "/projects/a b", // escaped to a%20b: not the path meant
      "/projects/a\\b", // a backslash is a slash in http URLs
    ];
    for (const path of changed) {
      await expect(c.get(path, Project)).rejects.toThrow(UnsafePathError);
      await expect(c.delete(path)).rejects.toThrow(/^refused to send DELETE .*another path/);
    }
    await expect(c.delete("/dns/abc/records/..")).rejects.toThrow(
      "refused to send DELETE /dns/abc/records/..: URL parsing would send it as /dns/abc/, another path",
    );
    expect(fx.seen).toEqual([]);
    expect(events).toEqual([]); // not retried either
  });
});
