/**
 * Client-side rate limit: a sliding window of `limit` slots. A request takes a slot and gives it back
 * when its response has arrived; the slot can be taken again `windowMs` after that.
 *
 * Why count from the response and not from the send: the server counts a request when it arrives,
 * which is somewhere between our send and the response. Reusing a slot a full window after the
 * previous request *finished* therefore guarantees that the server never sees more than `limit`
 * requests in any window, however sends are delayed on the way (new connections, a busy event loop).
 * A token bucket (full bucket plus refill) would allow up to twice the limit in the first second.
 * It also bounds the requests in flight to `limit`. Waiters are served in call order.
 *
 * One limiter is shared by every client for the same base URL and token in a process (the server
 * limits per token), so many resources created in parallel still stay under the limit.
 */
import { createHash } from "node:crypto";
import { RATE_LIMIT_PER_SECOND } from "./contract";

export interface LimiterClock {
  now(): number;
  /** Calls `fn` after `ms`; returns a cancel function. */
  timer(fn: () => void, ms: number): () => void;
}

const realClock: LimiterClock = {
  now: () => Date.now(),
  timer: (fn, ms) => {
    const t = setTimeout(fn, ms);
    return () => clearTimeout(t);
  },
};

/** Margin for millisecond rounding between our clock and the server's. */
export const WINDOW_GUARD_MS = 10;

/** Gives the slot back; call once when the response (or the failure) is in. Extra calls are ignored. */
export type Release = () => void;

export class SlidingWindowLimiter {
  readonly limit: number;
  readonly windowMs: number;
  /** When each slot that is not in flight may be taken again. */
  readonly #free: number[];
  readonly #waiters: ((release: Release) => void)[] = [];
  readonly #clock: LimiterClock;
  #cancelTimer: (() => void) | undefined;
  #timerAt = Number.POSITIVE_INFINITY;

  constructor(limit: number, windowMs = 1000 + WINDOW_GUARD_MS, clock: LimiterClock = realClock) {
    if (!Number.isFinite(limit) || limit < 1) throw new RangeError(`rate limit must be at least 1 (got ${limit})`);
    this.limit = Math.floor(limit);
    this.windowMs = windowMs;
    this.#free = new Array<number>(this.limit).fill(Number.NEGATIVE_INFINITY);
    this.#clock = clock;
  }

  /** Requests in flight plus waiters, for tests and diagnostics. */
  get pending(): { inFlight: number; waiting: number } {
    return { inFlight: this.limit - this.#free.length, waiting: this.#waiters.length };
  }

  /**
   * Requests that could be sent right now without waiting: free slots whose window has passed, none while
   * others wait. What optional work (a listing warmed ahead of its reads, listing.ts) may spend.
   */
  get idle(): number {
    if (this.#waiters.length > 0) return 0;
    const now = this.#clock.now();
    return this.#free.filter((at) => at <= now).length;
  }

  /** Resolves when a slot is free, with the function that gives it back. */
  acquire(): Promise<Release> {
    return new Promise((resolve) => {
      this.#waiters.push(resolve);
      this.#pump();
    });
  }

  #pump(): void {
    const now = this.#clock.now();
    while (this.#waiters.length > 0 && this.#free.length > 0) {
      let earliest = 0;
      for (let i = 1; i < this.#free.length; i++) {
        if ((this.#free[i] ?? 0) < (this.#free[earliest] ?? 0)) earliest = i;
      }
      const at = this.#free[earliest] ?? 0;
      if (at > now) {
        this.#wakeAt(at);
        return;
      }
      this.#free.splice(earliest, 1);
      this.#waiters.shift()?.(this.#releaser());
    }
  }

  #releaser(): Release {
    let done = false;
    return () => {
      if (done) return;
      done = true;
      this.#free.push(this.#clock.now() + this.windowMs);
      this.#pump();
    };
  }

  #wakeAt(at: number): void {
    if (this.#cancelTimer && this.#timerAt <= at) return;
    this.#cancelTimer?.();
    this.#timerAt = at;
    this.#cancelTimer = this.#clock.timer(() => {
      this.#cancelTimer = undefined;
      this.#timerAt = Number.POSITIVE_INFINITY;
      this.#pump();
    }, at - this.#clock.now());
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
