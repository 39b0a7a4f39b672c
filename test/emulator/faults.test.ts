/** Rate limiting, fault switches and request statistics. Seeded dice make every run the same. */
import { ENV_FAULTS } from "../../emulator/faults";
import { type Harness, start } from "./helpers";

const harnesses: Harness[] = [];
async function emulator(opts: Parameters<typeof start>[0] = {}): Promise<Harness> {
  const h = await start({ seed: 42, ...opts });
  harnesses.push(h);
  return h;
}
afterAll(() => Promise.all(harnesses.map((h) => h.emu.close())));

/** Resolves to "dropped" when the connection was destroyed without an answer. */
const statusOrDrop = (h: Harness, method: string, path: string, body?: unknown) =>
  h.call(method, path, body).then(
    (a) => a.status,
    () => "dropped" as const,
  );

test("over the per-token rate limit: 429 with Retry-After and the error body; other tokens unaffected", async () => {
  const h = await emulator({ rateLimitPerSecond: 3, retryAfterSeconds: 7 });
  const answers = await Promise.all(Array.from({ length: 10 }, () => h.call("GET", "/projects")));
  const limited = answers.filter((a) => a.status === 429);
  expect(limited.length).toBeGreaterThanOrEqual(7);
  expect(limited[0]?.headers.get("retry-after")).toBe("7");
  expect(limited[0]?.body.errors[0].code).toBe("RATE_LIMITED");
  const other = h.emu.createWorkspace();
  expect((await h.call("GET", "/projects", undefined, other.token)).status).toBe(200);
  expect(h.emu.stats().byStatus["429"]).toBe(limited.length);
  // Admin routes are never limited.
  expect((await h.admin("GET", "/stats")).status).toBe(200);
});

test.each([
  ["rate429", 429, "1"],
  ["rate503", 503, "1"],
  ["rate500", 500, null],
] as const)("%s at 1.0 answers every /v2 request %i before processing it", async (name, status, retryAfter) => {
  const h = await emulator({ faults: { [name]: 1 } });
  const res = await h.call("POST", "/projects", { name: "never" });
  expect({ status: res.status, retryAfter: res.headers.get("retry-after") }).toEqual({ status, retryAfter });
  expect(res.body.requestId).toBe(res.headers.get("x-request-id"));
  expect(h.emu.inventory().project).toEqual([]);
  expect((await h.admin("GET", "/inventory")).status).toBe(200);
});

test("dropRate at 1.0 destroys the connection and does nothing", async () => {
  const h = await emulator({ faults: { dropRate: 1 } });
  expect(await statusOrDrop(h, "POST", "/projects", { name: "never" })).toBe("dropped");
  expect(h.emu.inventory().project).toEqual([]);
  expect(h.emu.stats().byStatus.dropped).toBe(1);
});

test("commitThenDropRate at 1.0: the create is committed, the answer never arrives; reads are unaffected", async () => {
  const h = await emulator({ faults: { commitThenDropRate: 1 } });
  expect(await statusOrDrop(h, "POST", "/projects", { name: "committed" })).toBe("dropped");
  expect(h.emu.inventory().project.map((p) => p.name)).toEqual(["committed"]);
  const list = await h.call("GET", "/projects?name=committed");
  expect(list.status).toBe(200);
  expect(list.body).toHaveLength(1);
  // A refused create is answered normally: nothing was committed.
  expect(await statusOrDrop(h, "POST", "/projects", { name: "committed" })).toBe(400);
});

test("latencyMs delays every /v2 request by at least that much", async () => {
  const h = await emulator({ faults: { latencyMs: 150 } });
  const started = Date.now();
  expect((await h.call("GET", "/projects")).status).toBe(200);
  expect(Date.now() - started).toBeGreaterThanOrEqual(140);
});

test("a seeded run is reproducible: the same seed hits the same requests", async () => {
  const run = async () => {
    const h = await emulator({ seed: 7, faults: { rate500: 0.5 } });
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await h.call("GET", "/regions")).status);
    return statuses;
  };
  const first = await run();
  expect(first).toContain(500);
  expect(first).toContain(200);
  expect(await run()).toEqual(first);
});

test("faults switch on and off at run time via PUT /_emulator/faults; bad values are 400", async () => {
  const h = await emulator();
  expect((await h.call("GET", "/projects")).status).toBe(200);
  const put = await h.admin("PUT", "/faults", { rate503: 1 });
  expect(put.body).toMatchObject({ rate503: 1, rate429: 0 });
  expect((await h.call("GET", "/projects")).status).toBe(503);
  h.emu.setFaults({ rate503: 0 });
  expect((await h.call("GET", "/projects")).status).toBe(200);
  const bad = await h.admin("PUT", "/faults", { rate500: 2 });
  expect({ status: bad.status, field: bad.body.errors[0].field }).toEqual({ status: 400, field: "rate500" });
});

test(`faults can come from env ${ENV_FAULTS}`, async () => {
  process.env[ENV_FAULTS] = JSON.stringify({ rate429: 1 });
  try {
    const h = await emulator();
    expect((await h.call("GET", "/projects")).status).toBe(429);
  } finally {
    delete process.env[ENV_FAULTS];
  }
});

test("stats count every /v2 request by method, route pattern and status; admin calls are not counted", async () => {
  const h = await emulator();
  const zone = (await h.call("POST", "/dns", { domain: "stats.example.com" })).body;
  await h.call("GET", `/dns/${zone.id}/records`);
  await h.call("GET", `/dns/${zone.id}/records`);
  await h.call("GET", "/projects/00000000-0000-0000-0000-000000000000");
  await h.admin("GET", "/inventory");
  const stats = (await h.admin("GET", "/stats")).body;
  expect(stats).toEqual({
    total: 4,
    byMethod: { POST: 1, GET: 3 },
    byRoute: { "POST /dns": 1, "GET /dns/{dnsId}/records": 2, "GET /projects/{id}": 1 },
    byStatus: { "201": 1, "200": 2, "404": 1 },
  });
  expect((await h.admin("POST", "/stats/reset")).status).toBe(204);
  expect(h.emu.stats().total).toBe(0);
});
