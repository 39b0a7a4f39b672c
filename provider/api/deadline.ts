/**
 * The total time one engine operation (check, create, read, update, delete) or one lookup may spend on API
 * requests, retries and waits included: the bound above the per-attempt timeout. The kit gives each
 * operation a view of the client with its deadline (`FutrouClient.within`, kit/guard.ts `bounded`); every
 * request made through it, however deep (a listing shared with other reads, a create's recovery lookup),
 * is bounded by it: an attempt gets at most the time left, a wait that would end past it is not begun, and a
 * `Retry-After` longer than what is left fails at once. A request made through a client with no deadline
 * gets one of its own (the client's default).
 *
 * Passed down, not kept in an AsyncLocalStorage: once one of those has run, Node.js pays async hooks on every
 * promise of the process (issue 38: 1 to 4 % of the provider's busy time in a create).
 */

/**
 * The default: 2 minutes. Long enough for what a healthy but busy API asks of a careful client (the table's
 * longest honoured `Retry-After`, 60 s, plus a full 30 s attempt and backoff), and for four attempts of 30 s
 * against an API that does not answer at all; short enough that a run against a dead API fails in about
 * two minutes, not the five to eight that five attempts with 60 s waits took. A slower API: raise it.
 */
export const DEFAULT_DEADLINE_MS = 120_000;

export interface Deadline {
  /** When it passes, on the clock of the code that made it (ms since the epoch for `Date.now`). */
  at: number;
  /** Its length, for messages: `deadline 2m`. */
  ms: number;
  /** What sets it, for messages: `futrou:requestDeadlineSeconds or FUTROU_REQUEST_DEADLINE_SECONDS`. */
  setting: string;
}

/** A deadline `ms` from `now`. */
export function deadlineIn(ms: number, setting: string, now = Date.now()): Deadline {
  return { at: now + ms, ms, setting };
}

/** `850ms`, `4.1s`, `2m`, `1m52s`, `1h`, `1h0m5s`: short, exact to the tenth of a second under a minute. */
export function duration(ms: number): string {
  const t = Math.max(0, Math.round(ms));
  if (t < 1000) return `${t}ms`;
  if (t < 60_000) return `${Number((t / 1000).toFixed(1))}s`;
  const s = Math.round(t / 1000);
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  if (h > 0) return sec > 0 ? `${h}h${m}m${sec}s` : m > 0 ? `${h}h${m}m` : `${h}h`;
  return sec > 0 ? `${m}m${sec}s` : `${m}m`;
}

/**
 * The room an ambiguous POST keeps for its recovery lookup (create.ts, step 2): max(5 s, a tenth of the
 * deadline), at most half of it. POST attempts stop that long before the deadline (`postingDeadline`), so
 * a POST that hangs until its attempt times out still leaves time to look for what it may have made.
 */
export function recoveryReserveMs(deadlineMs: number): number {
  return Math.min(Math.max(5_000, deadlineMs / 10), deadlineMs / 2);
}

/** The deadline POST attempts are bounded by: the operation's, less the room kept for the lookup. */
export function postingDeadline(deadline: Deadline): Deadline {
  return { ...deadline, at: deadline.at - recoveryReserveMs(deadline.ms) };
}
