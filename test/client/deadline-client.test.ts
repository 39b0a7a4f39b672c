/**
 * The operation's deadline above the retry table (provider/api/deadline.ts): the retry loop on a fake clock
 * (each attempt and each wait advances it, nothing waits for real), then the client and the listings against
 * a local server that accepts and never answers.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { FutrouClient } from "../../provider/api/client";
import { DEFAULT_DEADLINE_MS, type Deadline, deadlineIn, duration } from "../../provider/api/deadline";
import { FutrouApiError, FutrouDeadlineError, FutrouNetworkError } from "../../provider/api/errors";
import { OutcomeUnknownError } from "../../provider/api/outcome";
import { type RetryLoop, retryPolicy, withRetry } from "../../provider/api/retry";
import { DEFAULT_REQUEST_DEADLINE_SECONDS, REQUEST_DEADLINE_SETTING, resolveSettings } from "../../provider/config";
import { Project } from "../../provider/kinds";
import { project } from "../../provider/kinds/project/spec";
import { makeProvider } from "../../provider/kit";
import { Listings } from "../../provider/listing";
import { HIDDEN } from "../../provider/spec";
import { type Fixture, hang, json, startFixture } from "./fixture";

const TOKEN = "a1b2c3d4-e5f6a7b8c9d0e1f2supersecret";
const SETTING = REQUEST_DEADLINE_SETTING;
const exact = retryPolicy({ jitter: false });

/** A clock that moves only when an attempt or a wait spends time. */
function fakeClock() {
  let t = 0;
  const waits: number[] = [];
  return {
    now: () => t,
    advance: (ms: number) => {
      t += ms;
    },
    waits,
    sleep: async (ms: number) => {
      waits.push(ms);
      t += ms;
    },
  };
}

/** An API that accepts and never answers: each attempt lasts the 30 s timeout, or what the deadline leaves. */
function hangingSend(clock: ReturnType<typeof fakeClock>, deadline: Deadline, method = "GET") {
  return jest.fn(async (): Promise<string> => {
    const timeoutMs = Math.min(30_000, deadline.at - clock.now());
    clock.advance(timeoutMs);
    throw new FutrouNetworkError({ method, path: "/projects", failure: "timeout", timeoutMs });
  });
}

function loop(clock: ReturnType<typeof fakeClock>, deadline: Deadline, extra: Partial<RetryLoop<string>>) {
  return {
    method: "GET",
    path: "/projects",
    policy: exact,
    sleep: clock.sleep,
    now: clock.now,
    deadline,
    send: async () => "ok",
    ...extra,
  } satisfies RetryLoop<string>;
}

describe("the deadline in the retry loop (fake clock)", () => {
  test("a hanging API: attempts until the deadline, then one line with attempts, time and the setting", async () => {
    const clock = fakeClock();
    const deadline = deadlineIn(DEFAULT_DEADLINE_MS, SETTING, clock.now());
    const send = hangingSend(clock, deadline);
    const error = await withRetry(loop(clock, deadline, { send })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FutrouDeadlineError);
    // 30 s + 0.25 s + 30 s + 0.5 s + 30 s + 1 s + 27.25 s (the time left): four attempts, none past 2 minutes.
    expect(send).toHaveBeenCalledTimes(4);
    expect(clock.waits).toEqual([250, 500, 1000]);
    expect(clock.now()).toBe(DEFAULT_DEADLINE_MS);
    expect((error as Error).message).toBe(
      "GET /projects: no response after 4 attempts over 2m " +
        "(deadline 2m, set by futrou:requestDeadlineSeconds or FUTROU_REQUEST_DEADLINE_SECONDS)",
    );
  });

  test("Retry-After: 3600 fails at once, saying how long the API asked to wait; no wait is begun", async () => {
    const clock = fakeClock();
    const deadline = deadlineIn(DEFAULT_DEADLINE_MS, SETTING, clock.now());
    const send = jest.fn(async (): Promise<string> => {
      clock.advance(40);
      throw new FutrouApiError({ status: 429, method: "GET", path: "/projects", retryAfter: "3600" });
    });
    const error = await withRetry(loop(clock, deadline, { send })).catch((e: unknown) => e);
    expect(send).toHaveBeenCalledTimes(1);
    expect(clock.waits).toEqual([]);
    expect(error).toMatchObject({ attempts: 1, retryAfterMs: 3_600_000 });
    expect((error as Error).message).toBe(
      "GET /projects: 429 Too Many Requests, and the API asked to wait 1h (Retry-After: 3600), past the deadline; " +
        "gave up after 1 attempt over 40ms (deadline 2m, set by futrou:requestDeadlineSeconds or FUTROU_REQUEST_DEADLINE_SECONDS)",
    );
  });

  test("a Retry-After within the deadline is waited for, exactly as asked", async () => {
    const clock = fakeClock();
    const deadline = deadlineIn(10_000, SETTING, clock.now());
    const answers: (Error | string)[] = [
      new FutrouApiError({ status: 503, method: "GET", path: "/projects", retryAfter: "3" }),
      "ok",
    ];
    const send = jest.fn(async () => {
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next as string;
    });
    await expect(withRetry(loop(clock, deadline, { send }))).resolves.toBe("ok");
    expect(clock.waits).toEqual([3000]);
  });

  test("a backoff that would end at or past the deadline is not begun: the last failure is reported", async () => {
    const clock = fakeClock();
    const deadline = deadlineIn(1_000, "customTimeouts.read", clock.now());
    const send = jest.fn(async (): Promise<string> => {
      clock.advance(400);
      throw new FutrouApiError({ status: 502, method: "GET", path: "/projects" });
    });
    const error = await withRetry(loop(clock, deadline, { send })).catch((e: unknown) => e);
    // 400 ms, wait 250 ms, 400 ms: 950 ms spent, 50 ms left, a 500 ms backoff does not fit.
    expect(send).toHaveBeenCalledTimes(2);
    expect(clock.waits).toEqual([250]);
    expect((error as Error).message).toBe(
      "GET /projects: 502 Bad Gateway after 2 attempts over 1.1s (deadline 1s, set by customTimeouts.read)",
    );
  });

  test("after the deadline a request is not sent at all", async () => {
    const clock = fakeClock();
    const deadline = deadlineIn(1_000, SETTING, clock.now());
    clock.advance(1_000);
    const send = jest.fn(async () => "ok");
    const error = await withRetry(loop(clock, deadline, { send })).catch((e: unknown) => e);
    expect(send).not.toHaveBeenCalled();
    expect(error).toMatchObject({ attempts: 0 });
    expect((error as Error).message).toBe(
      "GET /projects: not sent, the deadline had passed (deadline 1s, set by futrou:requestDeadlineSeconds or FUTROU_REQUEST_DEADLINE_SECONDS)",
    );
  });

  test("an ambiguous POST is still looked up when its attempt used the last of the deadline", async () => {
    const clock = fakeClock();
    const deadline = deadlineIn(30_000, SETTING, clock.now());
    const send = hangingSend(clock, deadline, "POST");
    const recover = jest.fn(async () => "created-before-the-timeout");
    await expect(withRetry(loop(clock, deadline, { method: "POST", send, recover }))).resolves.toBe(
      "created-before-the-timeout",
    );
    expect(recover).toHaveBeenCalledTimes(1);
    // No time was left to give the server: the lookup is made at once.
    expect(clock.waits).toEqual([0]);
  });

  test("a lookup that the deadline stops leaves the create's outcome unknown, never 'not created'", async () => {
    const clock = fakeClock();
    const deadline = deadlineIn(30_000, SETTING, clock.now());
    const send = hangingSend(clock, deadline, "POST");
    const recover = () => withRetry(loop(clock, deadline, { send: hangingSend(clock, deadline) }));
    const error = await withRetry(loop(clock, deadline, { method: "POST", send, recover })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).lookup).toBeInstanceOf(FutrouDeadlineError);
  });
});

describe("the deadline's setting", () => {
  test("the default is 2 minutes, from futrou:requestDeadlineSeconds, then FUTROU_REQUEST_DEADLINE_SECONDS", () => {
    expect(DEFAULT_DEADLINE_MS).toBe(120_000);
    expect(DEFAULT_REQUEST_DEADLINE_SECONDS).toBe(120);
    expect(resolveSettings(undefined, {}).requestDeadlineMs).toBe(120_000);
    expect(resolveSettings(undefined, { FUTROU_REQUEST_DEADLINE_SECONDS: "15" }).requestDeadlineMs).toBe(15_000);
    const config = { get: (k: string) => (k === "futrou:requestDeadlineSeconds" ? "2.5" : undefined) };
    expect(resolveSettings(config, { FUTROU_REQUEST_DEADLINE_SECONDS: "15" }).requestDeadlineMs).toBe(2_500);
    expect(() => resolveSettings(undefined, { FUTROU_REQUEST_DEADLINE_SECONDS: "0" })).toThrow(
      'futrou: futrou:requestDeadlineSeconds / FUTROU_REQUEST_DEADLINE_SECONDS must be a positive number, got "0"',
    );
  });

  test("durations read as people write them", () => {
    expect([850, 4_140, 60_000, 112_000, 120_000, 3_600_000, 3_605_000].map(duration)).toEqual([
      "850ms",
      "4.1s",
      "1m",
      "1m52s",
      "2m",
      "1h",
      "1h0m5s",
    ]);
  });
});

describe("the client and the listings against an API that accepts and never answers", () => {
  let fx: Fixture;
  beforeAll(async () => {
    fx = await startFixture();
  });
  afterAll(() => fx.close());

  const client = () => new FutrouClient({ baseUrl: fx.url, token: TOKEN, timeoutMs: 30_000 });

  test("an attempt never outlives the operation's deadline, whatever the per-attempt timeout", async () => {
    fx.answer(hang);
    // A second: room for the one attempt to be sent first, even on a loaded machine.
    const error = await client()
      .within(deadlineIn(1000, "a test's deadline"))
      .get("/projects/p1", Project)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FutrouDeadlineError);
    expect(fx.seen).toHaveLength(1);
    expect((error as Error).message).toMatch(
      /^GET \/projects\/p1: no response after 1 attempt over (\d+ms|1(\.\d)?s) \(deadline 1s, set by a test's deadline\)$/,
    );
    expect((error as Error).message).not.toContain("supersecret");
  });

  test("through a client with no operation's deadline, each request has the client's own deadline", async () => {
    fx.answer(hang);
    const c = new FutrouClient({ baseUrl: fx.url, token: TOKEN, deadline: { ms: 200, setting: "its setting" } });
    const error = await c.get("/projects/p1", Project).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/no response after 1 attempt .*\(deadline 200ms, set by its setting\)$/);
  });

  test("a create's candidate listing that failed on the outage is the create's failure: no filtered list after it", async () => {
    fx.answer(hang);
    const c = client();
    const listings = Listings.of(c);
    // The operation asks through its view of the client: the shared listing's request has its deadline.
    const error = await Listings.of(c.within(deadlineIn(300, SETTING)))
      .all("/projects", { workspaceId: "w1" }, Project)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FutrouDeadlineError);
    expect(fx.seen).toHaveLength(1);
    // Once that failure is reported, a later operation asks anew (by its own request), not with the old error.
    fx.answer(json(200, []));
    await expect(listings.all("/projects", { workspaceId: "w1" }, Project)).resolves.toBeUndefined();
  });
});

describe("the kit's operations against an API that accepts and never answers", () => {
  let fx: Fixture;
  const journalWas = process.env.FUTROU_JOURNAL_DIR;
  beforeAll(async () => {
    fx = await startFixture();
    // An empty journal of its own: a provider's first operation reads the journal's entries, and the
    // suite's shared one (jest.config.js) holds thousands by now, which would eat these 300 ms deadlines.
    process.env.FUTROU_JOURNAL_DIR = mkdtempSync(join(tmpdir(), "deadline-client-journal-"));
  });
  afterAll(() => {
    process.env.FUTROU_JOURNAL_DIR = journalWas;
    return fx.close();
  });

  /** A project provider whose settings point at the fixture, with futrou:requestDeadlineSeconds as given. */
  async function projects(deadlineSeconds: string) {
    const provider = makeProvider(project);
    const values: Record<string, string> = {
      "futrou:apiUrl": fx.url,
      "futrou:apiToken": TOKEN,
      "futrou:requestDeadlineSeconds": deadlineSeconds,
    };
    await provider.configure({ config: { get: (k) => values[k] } });
    return provider;
  }

  test("a read is bounded by futrou:requestDeadlineSeconds and says so", async () => {
    fx.answer(hang);
    const provider = await projects("0.3");
    const error = await provider.read("p1", { name: "shop", workspaceId: "w1" }).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^GET \/projects\S*: no response after 1 attempt over \d+ms \(deadline 300ms, set by futrou:requestDeadlineSeconds or FUTROU_REQUEST_DEADLINE_SECONDS\)$/,
    );
  });

  test("a create's customTimeouts take the setting's place, and its listing's failure is the create's", async () => {
    fx.answer(hang);
    const provider = await projects("60");
    const inputs = { name: "shop", workspaceId: "w1", [HIDDEN.timeouts]: { create: 300 } };
    const error = await provider.create(inputs).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(
      /^GET \/projects: no response after 1 attempt over \d+ms \(deadline 300ms, set by customTimeouts\.create\)$/,
    );
    // The candidates' listing only: no filtered list, no POST after the outage.
    expect(fx.seen.map((r) => `${r.method} ${r.url.split("?")[0]}`)).toEqual(["GET /v2/projects"]);
  });
});
