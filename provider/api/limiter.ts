/**
 * Client-side rate limit: at most `limit` requests start in any window of `windowMs` (a sliding-window
 * log). Unlike a token bucket, whose full bucket plus refill allows up to twice the rate in the first
 * second, a sliding window can never exceed the server's per-second limit, whichever way the server
 * counts. Waiters are served in call order.
 *
 * One limiter is shared by every client for the same base URL and token in a process (the server
 * limits per token), so many resources created in parallel still stay under the limit.
 */
import { createHash } from "node:crypto";
import { RATE_LIMIT_PER_SECOND } from "./contract";

export interface LimiterClock {
  now(): number;
  sleep(ms: number): Promise<void>;
}

const realClock: LimiterClock = {
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Margin added to the window: a request that leaves here just over a second after another may arrive
 * at the server a little less than a second after it (network jitter).
 */
export const WINDOW_GUARD_MS = 25;

export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** Start times of the last `limit` reserved slots, a ring; `next` is the oldest. */
  readonly #slots: number[];
  #next = 0;
  #last = Number.NEGATIVE_INFINITY;
  readonly #clock: LimiterClock;

  constructor(limit: number, windowMs = 1000 + WINDOW_GUARD_MS, clock: LimiterClock = realClock) {
    if (!Number.isFinite(limit) || limit < 1) throw new RangeError(`rate limit must be at least 1 (got ${limit})`);
    this.limit = Math.floor(limit);
    this.windowMs = windowMs;
    this.#slots = new Array<number>(this.limit).fill(Number.NEGATIVE_INFINITY);
    this.#clock = clock;
  }

  /**
   * Reserves the earliest slot that keeps the window under the limit and resolves at that time.
   * Reservation is synchronous, so concurrent callers get increasing slots in call order.
   */
  acquire(): Promise<void> {
    const now = this.#clock.now();
    const oldest = this.#slots[this.#next] ?? Number.NEGATIVE_INFINITY;
    const at = Math.max(now, oldest + this.windowMs, this.#last);
    this.#slots[this.#next] = at;
    this.#next = (this.#next + 1) % this.limit;
    this.#last = at;
    const wait = at - now;
    return wait > 0 ? this.#clock.sleep(wait) : Promise.resolve();
  }
}

/** Module-level registry: one limiter per (base URL, token, rate) in this process. */
const registry = new Map<string, SlidingWindowLimiter>();
/** Bound on the registry; the oldest entry goes first (a process rarely sees more than a few tokens). */
const REGISTRY_MAX = 256;

/** The shared limiter for a base URL and token. The key is a hash, so the token is not kept here. */
export function sharedLimiter(baseUrl: string, token: string, perSecond = RATE_LIMIT_PER_SECOND): SlidingWindowLimiter {
  const key = `${createHash("sha256").update(`${baseUrl}\n${token}`).digest("hex")}:${perSecond}`;
  let limiter = registry.get(key);
  if (!limiter) {
    limiter = new SlidingWindowLimiter(perSecond);
    if (registry.size >= REGISTRY_MAX) registry.delete(registry.keys().next().value as string);
    registry.set(key, limiter);
  }
  return limiter;
}
