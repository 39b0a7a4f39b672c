/** Rate limiting, fault switches and request statistics. Seeded dice make every run the same. */
import { ENV_FAULTS } from "../../emulator/faults";
import { eventually, type Harness, start } from "./helpers";

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

test("the budget is the token's, however its header is spelled", async () => {
  const h = await emulator({ rateLimitPerSecond: 3 });
  const spellings = [
    `Bearer ${h.emu.token}`,
    `bearer ${h.emu.token}`,
    `BEARER   ${h.emu.token}  `,
    `Bearer\t${h.emu.token}`,
  ];
  const answers = await Promise.all(
    Array.from({ length: 12 }, (_, i) =>
      fetch(`${h.emu.url}/projects`, { headers: { authorization: spellings[i % spellings.length] ?? "" } }),
    ),
  );
  // One budget: 3 pass, 9 are limited (a budget per spelling would let all 12 through). The window is
  // a second, so a very slow run may see a few more pass; still far from 12.
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(6);
  expect(statuses.every((s) => s === 200 || s === 429)).toBe(true);
});

test("requests without a valid token share their address's budget: distinct bogus headers mint no new budgets", async () => {
  const h = await emulator({ rateLimitPerSecond: 3 });
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) => h.call("GET", "/projects", undefined, `bogus-${i}`)),
  );
  // One budget for the address: 3 get their 401, 17 are limited (a budget per header would limit none).
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);
  expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
  expect(answers.find((a) => a.status === 429)?.body.message).toContain("client address");
  // A valid token has its own budget, untouched by the flood.
  expect((await h.call("GET", "/projects")).status).toBe(200);
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
  expect(await statusOrDrop(h, "POST", "/projects", { name: "committed", workspaceId: h.emu.workspaceId })).toBe(
    "dropped",
  );
  expect(h.emu.inventory().project.map((p) => p.name)).toEqual(["committed"]);
  const list = await h.call("GET", "/projects?name=committed");
  expect(list.status).toBe(200);
  expect(list.body).toHaveLength(1);
  // A refused create is answered normally: nothing was committed.
  expect(await statusOrDrop(h, "POST", "/projects", { name: "committed", workspaceId: h.emu.workspaceId })).toBe(400);
});

test("commitThenLateRate: the create is committed at once, the answer comes after lateAnswerMs", async () => {
  const h = await emulator({ faults: { commitThenLateRate: 1, lateAnswerMs: 60_000 } });
  // A client with a short timeout gives up; the object is already there.
  const timedOut = await fetch(`${h.emu.url}/projects`, {
    method: "POST",
    headers: { authorization: `Bearer ${h.emu.token}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "late", workspaceId: h.emu.workspaceId }),
    signal: AbortSignal.timeout(300),
  }).then(
    () => "answered",
    (error: Error) => error.name,
  );
  expect(timedOut).toBe("TimeoutError");
  expect(h.emu.inventory().project.map((p) => p.name)).toEqual(["late"]);
  // Reads and refused creates are answered at once.
  expect((await h.call("GET", "/projects?name=late")).body).toHaveLength(1);
  expect((await h.call("POST", "/projects", h.own({ name: "late" }))).status).toBe(400);

  // A patient client gets the real 201 with the committed object.
  h.emu.setFaults({ lateAnswerMs: 50 });
  const late = await h.call("POST", "/projects", h.own({ name: "late-but-answered" }));
  expect(late.status).toBe(201);
  expect(h.emu.inventory().project.find((p) => p.name === "late-but-answered")?.id).toBe(late.body.id);
  expect(h.emu.stats().byStatus["201"]).toBe(1);
});

test("closing the emulator cuts short an answer it is holding back", async () => {
  const h = await emulator({ seed: 1, faults: { commitThenLateRate: 1, lateAnswerMs: 600_000 } });
  const pending = statusOrDrop(h, "POST", "/projects", h.own({ name: "held" }));
  await eventually(
    async () => h.emu.inventory().project.length,
    (n) => n === 1,
  );
  await h.emu.close();
  expect(await pending).toBe("dropped");
});

test("latencyMs holds a /v2 answer back: one sent first is still held after a later one is answered", async () => {
  // The longest latency the switch takes (a minute), beyond jest's timeout: the first request can only end
  // by the close.
  const h = await emulator({ seed: 1, faults: { latencyMs: 60_000 } });
  const held = statusOrDrop(h, "GET", "/projects");
  await eventually(
    async () => h.emu.stats().total,
    (n) => n === 1,
  );
  // Admin routes are never delayed.
  expect((await h.admin("GET", "/stats")).status).toBe(200);
  // The switch applies to requests that arrive after it; the one already waiting keeps its wait.
  h.emu.setFaults({ latencyMs: 0 });
  expect((await h.call("GET", "/regions")).status).toBe(200);
  expect(h.emu.stats().byStatus).toEqual({ "200": 1 });
  await h.emu.close();
  expect(await held).toBe("dropped");
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

test("dice by request: the same requests meet the same faults in any order, whatever ids the run made", async () => {
  const names = Array.from({ length: 12 }, (_, i) => `p${i}`);
  const run = async (order: string[]) => {
    const h = await emulator({ seed: 7, faultsByRequest: true, faults: { rate500: 0.5 } });
    const byName = new Map<string, number>();
    // Concurrent, as the creates of one `pulumi up` reach the API in whatever order.
    await Promise.all(order.map(async (n) => byName.set(n, (await h.call("GET", `/projects?name=${n}`)).status)));
    // The same request again and again: its nth time meets the same dice in every run.
    const repeated: number[] = [];
    for (let i = 0; i < 6; i++) repeated.push((await h.call("GET", "/regions")).status);
    // An id this run made up stands for "{id}": another run's id meets the same dice.
    const item = (await h.call("GET", `/projects/${crypto.randomUUID()}`)).status === 500;
    return { byName: names.map((n) => byName.get(n)), repeated, item };
  };
  const first = await run(names);
  expect(first.byName).toContain(500);
  expect(first.byName).toContain(200);
  expect(await run([...names].reverse())).toEqual(first);
});

test("faults switch on and off at run time via PUT /_emulator/faults; bad values are 400", async () => {
  const h = await emulator();
  expect((await h.call("GET", "/projects")).status).toBe(200);
  const put = await h.admin("PUT", "/faults", { rate503: 1, commitThenLateRate: 0.25, lateAnswerMs: 40_000 });
  expect(put.body).toMatchObject({ rate503: 1, rate429: 0, commitThenLateRate: 0.25, lateAnswerMs: 40_000 });
  expect((await h.call("GET", "/projects")).status).toBe(503);
  h.emu.setFaults({ rate503: 0 });
  expect((await h.call("GET", "/projects")).status).toBe(200);
  const bad = await h.admin("PUT", "/faults", { rate500: 2 });
  expect({ status: bad.status, field: bad.body.errors[0].field }).toEqual({ status: 400, field: "rate500" });
});

test(`faults can come from env ${ENV_FAULTS}`, async () => {
  process.env[ENV_FAULTS] = JSON.stringify({ rate429: 1, commitThenLateRate: 0.5, lateAnswerMs: 1234 });
  try {
    const h = await emulator();
    expect((await h.call("GET", "/projects")).status).toBe(429);
    expect((await h.admin("GET", "/faults")).body).toMatchObject({ commitThenLateRate: 0.5, lateAnswerMs: 1234 });
  } finally {
    delete process.env[ENV_FAULTS];
  }
});

test("stats count every /v2 request by method, route pattern, path and status; admin calls are not counted", async () => {
  const h = await emulator();
  const zone = (await h.call("POST", "/dns", { domain: "stats.example.com", workspaceId: h.emu.workspaceId })).body;
  await h.call("GET", `/dns/${zone.id}/records`);
  await h.call("GET", `/dns/${zone.id}/records`);
  await h.call("GET", "/projects/00000000-0000-0000-0000-000000000000");
  await h.admin("GET", "/inventory");
  const stats = (await h.admin("GET", "/stats")).body;
  expect(stats).toEqual({
    total: 4,
    byMethod: { POST: 1, GET: 3 },
    byRoute: { "POST /dns": 1, "GET /dns/{dnsId}/records": 2, "GET /projects/{id}": 1 },
    byPath: {
      "POST /v2/dns": 1,
      [`GET /v2/dns/${zone.id}/records`]: 2,
      "GET /v2/projects/00000000-0000-0000-0000-000000000000": 1,
    },
    byStatus: { "201": 1, "200": 2, "404": 1 },
  });
  expect((await h.admin("POST", "/stats/reset")).status).toBe(204);
  expect(h.emu.stats().total).toBe(0);
});
