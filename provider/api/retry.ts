/**
 * The client's retry policy as data (modelled on ky's `retry` options) and the one loop that reads it.
 *
 * Two kinds of failure are told apart:
 * - rejected before processing (`afterStatusCodes`: 429, 503; a refused connection): nothing happened on
 *   the server, so re-sending is safe for every method. 429/503 wait the server's `Retry-After`.
 * - ambiguous (408, 500, 502, 504; a connection reset/closed after sending; a timeout): the request may
 *   have taken effect. Only `methods` that are safe to repeat are re-sent, with jittered exponential
 *   backoff. Any other method (POST) is never blindly repeated: after *every* ambiguous failure, the last
 *   attempt's included, the loop asks the caller's `recover()` whether the effect happened, and re-sends
 *   only when it did not and attempts remain; without `recover` it fails. A `recover()` that fails itself
 *   ends the loop with OutcomeUnknownError: "did not happen" is never concluded from a failed lookup.
 *
 * Above the table, the operation's deadline (deadline.ts): a wait that would end past it is not begun and a
 * `Retry-After` longer than what is left fails at once (FutrouDeadlineError: attempts, time, the setting).
 * A recovery lookup is still made, with the time left: an ambiguous POST is never given up unlooked.
 */
import { type Deadline, duration } from "./deadline";
import { FutrouApiError, FutrouDeadlineError, FutrouNetworkError, type NetworkFailure } from "./errors";
import { OutcomeUnknownError } from "./outcome";

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RetryPolicy {
  /** Retries after the first attempt, over all reasons together (so at most `limit + 1` requests). */
  limit: number;
  /**
   * Methods safe to repeat after an ambiguous failure. PATCH is here because the client always re-sends
   * the same body (a merge of the same fields is idempotent); a DELETE repeated after a lost response
   * gets 404, which `delete()` reports as already gone.
   */
  methods: readonly HttpMethod[];
  /** Statuses that may be retried at all. */
  statusCodes: readonly number[];
  /** Statuses the server sends before processing: safe for every method, honour `Retry-After`. */
  afterStatusCodes: readonly number[];
  /** Transport failures that may be retried (`refused`/`connect-timeout` are safe for every method). */
  networkErrors: readonly NetworkFailure[];
  /** Longest `Retry-After` wait honoured; a longer one is capped to this. */
  maxRetryAfterMs: number;
  /** First backoff wait; doubles per retry. Also used for 429/503 without `Retry-After`. */
  backoffBaseMs: number;
  /** Longest backoff wait. */
  backoffLimitMs: number;
  /**
   * `true`: wait a random time between half and all of the backoff (spreads out clients that failed
   * together); `false`: exact backoff; a function maps the computed backoff to the wait.
   * Never applied to a server's `Retry-After`.
   */
  jitter: boolean | ((delayMs: number) => number);
}

/** The defaults: worst case about 4 s of backoff, or 4 × 60 s when the server asks for long waits. */
export const DEFAULT_RETRY_POLICY: Readonly<RetryPolicy> = Object.freeze<RetryPolicy>({
  limit: 4,
  methods: ["GET", "HEAD", "PUT", "PATCH", "DELETE"],
  statusCodes: [408, 429, 500, 502, 503, 504],
  afterStatusCodes: [429, 503],
  networkErrors: ["refused", "connect-timeout", "reset", "closed", "timeout"],
  maxRetryAfterMs: 60_000,
  backoffBaseMs: 250,
  backoffLimitMs: 8_000,
  jitter: true,
});

export function retryPolicy(overrides?: Partial<RetryPolicy>): RetryPolicy {
  return { ...DEFAULT_RETRY_POLICY, ...overrides };
}

/**
 * `Retry-After` as milliseconds from `now`: delta-seconds (`"2"`) or an HTTP date
 * (`"Wed, 21 Oct 2015 07:28:00 GMT"`). Undefined when absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value: string | undefined, now = Date.now()): number | undefined {
  const v = value?.trim();
  if (!v) return undefined;
  if (/^\d+(\.\d+)?$/.test(v)) return Math.round(Number(v) * 1000);
  if (!/[a-z]/i.test(v)) return undefined; // e.g. "-1": neither form
  const at = Date.parse(v);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Exponential backoff for the `retry`-th retry (1-based), capped, then jittered. */
export function backoffMs(policy: RetryPolicy, retry: number, random: () => number = Math.random): number {
  const exact = Math.min(policy.backoffLimitMs, policy.backoffBaseMs * 2 ** Math.max(0, retry - 1));
  if (policy.jitter === false) return exact;
  if (policy.jitter === true) return Math.round(exact / 2 + (random() * exact) / 2);
  return Math.max(0, Math.round(policy.jitter(exact)));
}

/** What to do after a failed attempt. */
export type RetryDecision =
  /** `exhausted`: the failure is one the table retries, but the limit is reached. */
  | { action: "fail"; exhausted?: true }
  /** Re-send after `delayMs`. */
  | { action: "retry"; delayMs: number; reason: string; retryAfterMs?: number }
  /**
   * The request may have taken effect and is not safe to repeat: ask `recover()` after `delayMs`. `last`:
   * the retry limit is reached, so when `recover()` finds nothing the failure stands (nothing is re-sent).
   */
  | { action: "recover"; delayMs: number; reason: string; last: boolean };

export interface DecideInput {
  method: string;
  error: unknown;
  /** Retries already made (0 after the first attempt). */
  retries: number;
  now?: number;
  random?: () => number;
}

/** The whole policy as one pure function of the table: no I/O, no clock unless given. */
export function decide(policy: RetryPolicy, input: DecideInput): RetryDecision {
  const { error, retries } = input;
  const last = retries >= policy.limit;
  const retry = retries + 1;
  const safe = (policy.methods as readonly string[]).includes(input.method.toUpperCase());
  const backoff = () => backoffMs(policy, retry, input.random);
  // An ambiguous failure of a method that is not safe to repeat is looked up even after the last attempt.
  const recover = (reason: string): RetryDecision => ({ action: "recover", delayMs: backoff(), reason, last });

  if (error instanceof FutrouApiError) {
    const reason = `${error.status} ${error.statusText}`;
    if (!safe && isAmbiguousStatus(policy, error.status)) return recover(reason);
    if (!policy.statusCodes.includes(error.status)) return { action: "fail" };
    if (last) return { action: "fail", exhausted: true };
    if (policy.afterStatusCodes.includes(error.status)) {
      const retryAfterMs = parseRetryAfter(error.retryAfter, input.now);
      if (retryAfterMs === undefined) return { action: "retry", delayMs: backoff(), reason };
      return { action: "retry", delayMs: Math.min(retryAfterMs, policy.maxRetryAfterMs), reason, retryAfterMs };
    }
    return { action: "retry", delayMs: backoff(), reason };
  }

  if (error instanceof FutrouNetworkError) {
    const reason = `network error (${error.failure})`;
    // Any transport failure after the request may have left is ambiguous, listed in the table or not.
    if (!safe && !error.notSent) return recover(reason);
    if (!policy.networkErrors.includes(error.failure)) return { action: "fail" };
    if (last) return { action: "fail", exhausted: true };
    return { action: "retry", delayMs: backoff(), reason };
  }

  return { action: "fail" };
}

/**
 * Statuses after which a request that is not safe to repeat may have taken effect: the retryable ones the
 * server does not send before processing (408, 500, 502, 504), and any other 5xx but those (503).
 */
function isAmbiguousStatus(policy: RetryPolicy, status: number): boolean {
  if (policy.afterStatusCodes.includes(status)) return false;
  return policy.statusCodes.includes(status) || status >= 500;
}

/** Reported before every wait, so callers (and tests) can see why and how long the client waits. */
export interface RetryEvent {
  method: string;
  path: string;
  /** 1 for the first retry. */
  retry: number;
  action: "retry" | "recover";
  delayMs: number;
  /** The server's `Retry-After` in ms, when it sent one (before capping). */
  retryAfterMs?: number;
  reason: string;
  error: unknown;
}

export interface RetryLoop<T> {
  method: string;
  path: string;
  policy: RetryPolicy;
  /** One attempt; throws `FutrouApiError` / `FutrouNetworkError` (anything else is not retried). */
  send: () => Promise<T>;
  /** After an ambiguous failure of a method that is not safe to repeat: did it take effect? */
  recover?: () => Promise<T | undefined>;
  sleep: (ms: number) => Promise<void>;
  onRetry?: (event: RetryEvent) => void;
  random?: () => number;
  /** The clock of `deadline` and of `Retry-After` dates. Default `Date.now`. */
  now?: () => number;
  /** The operation's deadline: no wait past it, no attempt after it (FutrouDeadlineError). */
  deadline?: Deadline;
}

/** The one retry loop. Every wait goes through `sleep` and is announced to `onRetry` first. */
export async function withRetry<T>(loop: RetryLoop<T>): Promise<T> {
  const clock = loop.now ?? Date.now;
  const started = clock();
  const { deadline } = loop;
  const stopped = (attempts: number, last: unknown, retryAfterMs?: number) =>
    new FutrouDeadlineError({
      method: loop.method,
      path: loop.path,
      deadline: deadline as Deadline,
      attempts,
      elapsedMs: clock() - started,
      last,
      retryAfterMs,
    });
  let error: unknown;
  for (let retries = 0; ; retries++) {
    if (deadline && clock() >= deadline.at) throw stopped(retries, error);
    try {
      return await loop.send();
    } catch (e) {
      error = e;
    }
    const attempts = retries + 1;
    const decision = decide(loop.policy, {
      method: loop.method,
      error,
      retries,
      now: clock(),
      random: loop.random,
    });
    if (decision.action === "fail") throw decision.exhausted ? exhausted(error, attempts, clock() - started) : error;
    if (decision.action === "recover" && !loop.recover) throw error;
    let delayMs = decision.delayMs;
    if (deadline) {
      const left = deadline.at - clock();
      if (decision.action === "retry") {
        if (decision.retryAfterMs !== undefined && decision.retryAfterMs > left) {
          throw stopped(attempts, error, decision.retryAfterMs);
        }
        if (delayMs >= left) throw stopped(attempts, error);
      } else {
        // The lookup is made whatever is left; its own requests are bounded by the same deadline.
        delayMs = Math.max(0, Math.min(delayMs, left));
      }
    }
    loop.onRetry?.({
      method: loop.method,
      path: loop.path,
      retry: retries + 1,
      action: decision.action,
      delayMs,
      retryAfterMs: decision.action === "retry" ? decision.retryAfterMs : undefined,
      reason: decision.reason,
      error,
    });
    await loop.sleep(delayMs);
    if (decision.action === "recover" && loop.recover) {
      // The wait above also gives a slow server time to finish the write before we look for it.
      let found: T | undefined;
      try {
        found = await loop.recover();
      } catch (lookup) {
        throw new OutcomeUnknownError(loop.method, loop.path, error, lookup);
      }
      if (found !== undefined) return found;
      if (decision.last) throw error;
    }
  }
}

/**
 * The last failure of a request the table gave up on at its retry limit, saying so: its class (and status)
 * unchanged, for callers that branch on them, its message ending in how many attempts over how long.
 */
function exhausted(error: unknown, attempts: number, elapsedMs: number): unknown {
  if (error instanceof Error) {
    error.message = `${error.message}; gave up after ${attempts} attempts over ${duration(elapsedMs)} (the retry limit)`;
  }
  return error;
}

export const realSleep = (ms: number): Promise<void> =>
  ms <= 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, ms));
