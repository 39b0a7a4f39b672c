/** The retry table and the one loop that reads it, without any HTTP. */
import { FutrouApiError, FutrouNetworkError, type NetworkFailure } from "../../provider/api/errors";
import { OutcomeUnknownError } from "../../provider/api/outcome";
import {
  backoffMs,
  DEFAULT_RETRY_POLICY,
  decide,
  parseRetryAfter,
  type RetryEvent,
  retryPolicy,
  withRetry,
} from "../../provider/api/retry";

const apiError = (status: number, retryAfter?: string, method = "GET") =>
  new FutrouApiError({ status, method, path: "/projects", retryAfter });
const netError = (failure: NetworkFailure, method = "GET") =>
  new FutrouNetworkError({ method, path: "/projects", failure });
const exact = retryPolicy({ jitter: false });

describe("Retry-After parsing", () => {
  const now = Date.parse("2025-01-01T00:00:00Z");
  test.each([
    ["2", 2000],
    ["0", 0],
    [" 30 ", 30_000],
    ["1.5", 1500],
    ["Wed, 01 Jan 2025 00:00:05 GMT", 5000],
    ["Tue, 31 Dec 2024 23:59:00 GMT", 0], // in the past
  ])("%j → %d ms", (value, ms) => {
    expect(parseRetryAfter(value, now)).toBe(ms);
  });
  test.each([undefined, "", "-1", "soon-ish", "1e3"])("%j is not a Retry-After", (value) => {
    expect(parseRetryAfter(value, now)).toBeUndefined();
  });
});

describe("backoff", () => {
  test("doubles from backoffBaseMs and stops at backoffLimitMs", () => {
    const p = retryPolicy({ jitter: false, backoffBaseMs: 100, backoffLimitMs: 500 });
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(p, n))).toEqual([100, 200, 400, 500, 500]);
  });
  test("jitter keeps the wait between half and all of the backoff", () => {
    const p = retryPolicy({ backoffBaseMs: 1000 });
    expect(backoffMs(p, 1, () => 0)).toBe(500);
    expect(backoffMs(p, 1, () => 0.999999)).toBe(1000);
  });
  test("a custom jitter function gets the computed backoff", () => {
    expect(backoffMs(retryPolicy({ jitter: (d) => d + 7 }), 2)).toBe(DEFAULT_RETRY_POLICY.backoffBaseMs * 2 + 7);
  });
});

describe("the retry table", () => {
  test("defaults are documented values", () => {
    expect(DEFAULT_RETRY_POLICY).toMatchObject({
      limit: 4,
      methods: ["GET", "HEAD", "PUT", "PATCH", "DELETE"],
      statusCodes: [408, 429, 500, 502, 503, 504],
      afterStatusCodes: [429, 503],
      maxRetryAfterMs: 60_000,
    });
    expect(Object.isFrozen(DEFAULT_RETRY_POLICY)).toBe(true);
  });

  test.each(["GET", "PATCH", "DELETE", "POST"])(
    "429 and 503 wait Retry-After for %s (rejected before processing)",
    (m) => {
      expect(decide(exact, { method: m, error: apiError(429, "3", m), retries: 0 })).toMatchObject({
        action: "retry",
        delayMs: 3000,
        retryAfterMs: 3000,
      });
      expect(decide(exact, { method: m, error: apiError(503, "1", m), retries: 0 })).toMatchObject({
        action: "retry",
        delayMs: 1000,
      });
    },
  );

  test("Retry-After is capped by maxRetryAfterMs; without it, backoff", () => {
    const p = retryPolicy({ jitter: false, maxRetryAfterMs: 5000 });
    expect(decide(p, { method: "GET", error: apiError(429, "3600"), retries: 0 })).toMatchObject({
      action: "retry",
      delayMs: 5000,
      retryAfterMs: 3_600_000,
    });
    expect(decide(p, { method: "GET", error: apiError(429), retries: 2 })).toMatchObject({
      action: "retry",
      delayMs: p.backoffBaseMs * 4,
    });
  });

  test.each([408, 500, 502, 504])("%d is retried with backoff for GET/PATCH/DELETE, recovered for POST", (status) => {
    for (const m of ["GET", "PATCH", "DELETE"]) {
      expect(decide(exact, { method: m, error: apiError(status, undefined, m), retries: 1 })).toEqual({
        action: "retry",
        delayMs: exact.backoffBaseMs * 2,
        reason: expect.stringContaining(String(status)),
      });
    }
    expect(decide(exact, { method: "POST", error: apiError(status, undefined, "POST"), retries: 0 })).toMatchObject({
      action: "recover",
    });
  });

  test.each([400, 401, 403, 404, 413, 422])("%d is never retried", (status) => {
    expect(decide(exact, { method: "GET", error: apiError(status), retries: 0 })).toEqual({ action: "fail" });
  });

  test("network errors: safe methods retry; a POST recovers unless the request was never sent", () => {
    for (const f of ["reset", "closed", "timeout"] as const) {
      expect(decide(exact, { method: "DELETE", error: netError(f), retries: 0 }).action).toBe("retry");
      expect(decide(exact, { method: "POST", error: netError(f, "POST"), retries: 0 }).action).toBe("recover");
    }
    expect(decide(exact, { method: "POST", error: netError("refused", "POST"), retries: 0 }).action).toBe("retry");
    expect(decide(exact, { method: "GET", error: netError("other"), retries: 0 }).action).toBe("fail");
    // A transport failure the table does not list may still have happened after the POST left.
    expect(decide(exact, { method: "POST", error: netError("other", "POST"), retries: 0 }).action).toBe("recover");
  });

  test("an ambiguous POST is looked up even after the last attempt (marked last: nothing is re-sent)", () => {
    const p = retryPolicy({ limit: 2, jitter: false });
    expect(decide(p, { method: "POST", error: apiError(502, undefined, "POST"), retries: 2 })).toEqual({
      action: "recover",
      delayMs: p.backoffBaseMs * 4,
      reason: expect.stringContaining("502"),
      last: true,
    });
    expect(decide(p, { method: "POST", error: netError("reset", "POST"), retries: 0 })).toMatchObject({ last: false });
    // Rejected before processing: at the limit that is simply a failure (one the table gave up on).
    expect(decide(p, { method: "POST", error: apiError(429, "1", "POST"), retries: 2 })).toEqual({
      action: "fail",
      exhausted: true,
    });
  });

  test("the limit bounds every kind of retry; unknown errors are not retried", () => {
    const p = retryPolicy({ limit: 2 });
    expect(decide(p, { method: "GET", error: apiError(429, "1"), retries: 2 })).toEqual({
      action: "fail",
      exhausted: true,
    });
    expect(decide(p, { method: "GET", error: new Error("bug"), retries: 0 })).toEqual({ action: "fail" });
  });
});

describe("the retry loop", () => {
  const base = { path: "/projects", policy: exact, sleep: async () => {} };

  test("retries until success and announces every wait", async () => {
    const events: RetryEvent[] = [];
    const answers = [apiError(503, "2"), apiError(500), "ok"];
    const result = await withRetry({
      ...base,
      method: "GET",
      onRetry: (e) => events.push(e),
      send: async () => {
        const next = answers.shift();
        if (next instanceof Error) throw next;
        return next;
      },
    });
    expect(result).toBe("ok");
    expect(events.map((e) => [e.retry, e.delayMs, e.action])).toEqual([
      [1, 2000, "retry"],
      [2, exact.backoffBaseMs * 2, "retry"],
    ]);
  });

  test("an ambiguous POST without recover throws the original error, having sent once", async () => {
    const send = jest.fn(async () => {
      throw apiError(500, undefined, "POST");
    });
    await expect(withRetry({ ...base, method: "POST", send })).rejects.toMatchObject({ status: 500 });
    expect(send).toHaveBeenCalledTimes(1);
  });

  test("an ambiguous POST returns what recover finds, without re-sending", async () => {
    const send = jest.fn(async (): Promise<string> => {
      throw netError("closed", "POST");
    });
    const recover = jest.fn(async () => "created-before-the-drop");
    await expect(withRetry({ ...base, method: "POST", send, recover })).resolves.toBe("created-before-the-drop");
    expect(send).toHaveBeenCalledTimes(1);
    expect(recover).toHaveBeenCalledTimes(1);
  });

  test("when recover finds nothing, the POST is sent again within the limit, and the last one is looked up too", async () => {
    const send = jest.fn(async (): Promise<string> => {
      throw apiError(502, undefined, "POST");
    });
    const recover = jest.fn(async () => undefined);
    const policy = retryPolicy({ limit: 3, jitter: false });
    await expect(withRetry({ ...base, policy, method: "POST", send, recover })).rejects.toMatchObject({ status: 502 });
    expect(send).toHaveBeenCalledTimes(4);
    expect(recover).toHaveBeenCalledTimes(4);
  });

  test("an object that shows up only after the last ambiguous attempt is returned, not orphaned", async () => {
    const send = jest.fn(async (): Promise<string> => {
      throw netError("timeout", "POST");
    });
    const policy = retryPolicy({ limit: 1, jitter: false });
    const recover = jest.fn().mockResolvedValueOnce(undefined).mockResolvedValueOnce("landed-late");
    await expect(withRetry({ ...base, policy, method: "POST", send, recover })).resolves.toBe("landed-late");
    expect(send).toHaveBeenCalledTimes(2);
  });

  test("a recovery lookup that fails is 'created or not unknown', never 'create failed'", async () => {
    const send = jest.fn(async (): Promise<string> => {
      throw netError("closed", "POST");
    });
    const recover = jest.fn(async () => {
      throw apiError(503, "1");
    });
    const error = await withRetry({ ...base, method: "POST", send, recover }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OutcomeUnknownError);
    expect((error as OutcomeUnknownError).ambiguous).toBeInstanceOf(FutrouNetworkError);
    expect((error as Error).message).toMatch(/created or not is unknown .*lookup for the new object failed: 503/);
    expect(send).toHaveBeenCalledTimes(1);
  });
});
