/**
 * The errors the Futrou client throws, one small class per kind of failure (ky-style):
 * - `FutrouApiError`: the API answered with an error status (anything but 2xx: a 3xx too, see
 *   CONTRACT.md "Responses"); carries everything in the error body, or a redirect's `Location`.
 * - `FutrouNetworkError`: no usable answer (connection refused/reset/closed, timeout).
 * - `FutrouResponseError`: the API answered 2xx, but the body is not what the model says.
 * - `FutrouDeadlineError`: retries stopped by the operation's deadline (deadline.ts), with the last failure.
 * None of them ever holds the token: the client never passes request headers to them.
 */
import { type Deadline, duration } from "./deadline";
import { ErrorBody } from "./models";

export interface ApiFieldError {
  field?: string | null;
  /** Absent in some real answers (the CLI's mocks show field errors without a code). */
  code?: string;
  message: string;
}

/** Where a failure happened, as the user would recognise it: `POST /projects`. */
export interface RequestRef {
  method: string;
  /** The path relative to the base URL, without the query string. */
  path: string;
}

/** Standard reason phrases, for servers (and HTTP/2) that send none. */
const STATUS_TEXT: Record<number, string> = {
  300: "Multiple Choices",
  301: "Moved Permanently",
  302: "Found",
  303: "See Other",
  304: "Not Modified",
  307: "Temporary Redirect",
  308: "Permanent Redirect",
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  405: "Method Not Allowed",
  408: "Request Timeout",
  409: "Conflict",
  413: "Payload Too Large",
  422: "Unprocessable Entity",
  429: "Too Many Requests",
  500: "Internal Server Error",
  502: "Bad Gateway",
  503: "Service Unavailable",
  504: "Gateway Timeout",
};

export function statusText(status: number): string {
  return STATUS_TEXT[status] ?? (status >= 500 ? "Server Error" : status < 400 ? "Redirect" : "Error");
}

/** Non-JSON error bodies (proxies, load balancers) are cut to one short line. */
const TEXT_BODY_MAX = 200;

function oneLine(text: string, max = TEXT_BODY_MAX): string {
  const line = text
    .replace(/<[^>]*>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

function describeFieldError(e: ApiFieldError): string {
  const where = e.field ? `${e.field}: ` : "";
  return `${where}${oneLine(e.message)}${e.code ? ` (${e.code})` : ""}`;
}

export interface FutrouApiErrorInit extends RequestRef {
  status: number;
  statusText?: string;
  /** The raw response body text; parsed as the contract's error body when it is one. */
  body?: string;
  /** The `Retry-After` header, kept for callers that give up on retrying but want to report it. */
  retryAfter?: string;
  /** What to do about it, appended to the message (e.g. which setting holds a refused token). */
  hint?: string;
  /** A 3xx's `Location` header (never followed), as the client may show it. */
  location?: string;
}

/** The API answered with an error status. `.message` is one readable line with every field error. */
export class FutrouApiError extends Error {
  override readonly name = "FutrouApiError";
  readonly status: number;
  readonly statusText: string;
  /** The server's `requestId`, to quote to support. */
  readonly requestId?: string;
  /** The first field error's code (e.g. `VALIDATION_ERROR`), the one to branch on. */
  readonly code?: string;
  readonly fieldErrors: ApiFieldError[];
  /** The body's own `message` (or a one-line cut of a non-JSON body). */
  readonly serverMessage?: string;
  readonly method: string;
  readonly path: string;
  readonly retryAfter?: string;
  /** What happened without the request: `503 Service Unavailable — try later [requestId …]`. */
  readonly summary: string;
  readonly hint?: string;
  /** A 3xx's `Location` (undefined when it sent none, or for any other status). */
  readonly location?: string;

  constructor(init: FutrouApiErrorInit) {
    const redirect = isRedirect(init.status);
    // A redirect's body is whatever the server put there for browsers: its Location is what counts.
    const parsed = redirect ? { fieldErrors: [] } : parseErrorBody(init.body);
    const text = init.statusText || statusText(init.status);
    // The body's message and every field error; a message that only repeats the field errors is left out.
    const fields = parsed.fieldErrors.map(describeFieldError).join("; ");
    const message = parsed.message;
    const repeats = message !== undefined && parsed.fieldErrors.every((e) => message.includes(oneLine(e.message)));
    const detail = redirect
      ? `redirect to ${init.location === undefined ? "(no Location)" : oneLine(init.location)}, not followed`
      : fields && message && !repeats
        ? `${message}: ${fields}`
        : fields || message;
    const request = parsed.requestId ? ` [requestId ${parsed.requestId}]` : "";
    const summary = `${init.status} ${text}${detail ? ` — ${detail}` : ""}${request}`;
    super(`${summary} (${init.method} ${init.path})${init.hint ? `: ${init.hint}` : ""}`);
    this.summary = summary;
    this.hint = init.hint;
    this.status = init.status;
    this.statusText = text;
    this.requestId = parsed.requestId;
    this.code = parsed.fieldErrors[0]?.code;
    this.fieldErrors = parsed.fieldErrors;
    this.serverMessage = parsed.message;
    this.method = init.method;
    this.path = init.path;
    this.retryAfter = init.retryAfter;
    if (redirect) this.location = init.location;
  }

  /** The field error on `field`, if the server reported one (e.g. `name` already in use). */
  fieldError(field: string): ApiFieldError | undefined {
    return this.fieldErrors.find((e) => e.field === field);
  }
}

/** A 3xx: an error like any other non-2xx, never a success and never followed (CONTRACT.md "Responses"). */
export function isRedirect(status: number): boolean {
  return status >= 300 && status < 400;
}

function parseErrorBody(body: string | undefined): {
  message?: string;
  requestId?: string;
  fieldErrors: ApiFieldError[];
} {
  if (!body?.trim()) return { fieldErrors: [] };
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return { message: oneLine(body), fieldErrors: [] };
  }
  const parsed = ErrorBody.safeParse(json);
  if (parsed.success) {
    const { message, requestId, errors } = parsed.data;
    return {
      message: message ? oneLine(message, 500) : undefined,
      requestId: requestId ?? undefined,
      fieldErrors: (errors ?? []).map((e) => ({
        field: e.field ?? null,
        ...(e.code ? { code: e.code } : {}),
        message: e.message,
      })),
    };
  }
  // JSON, but not the contract's shape: keep what is recognisable.
  const loose = json as { message?: unknown; requestId?: unknown };
  return {
    message: typeof loose.message === "string" ? oneLine(loose.message) : oneLine(body),
    requestId: typeof loose.requestId === "string" ? loose.requestId : undefined,
    fieldErrors: [],
  };
}

/** Why no usable response came back. `refused` and `connect-timeout` mean the request was never sent. */
export type NetworkFailure = "refused" | "connect-timeout" | "reset" | "closed" | "timeout" | "other";

/** A transport failure: connection refused/reset/closed or the request timed out. */
export class FutrouNetworkError extends Error {
  override readonly name = "FutrouNetworkError";
  readonly method: string;
  readonly path: string;
  readonly failure: NetworkFailure;
  /** The underlying error code, e.g. `ECONNRESET`, `UND_ERR_SOCKET`. */
  readonly code?: string;
  /** What happened without the request: `no response within 30000 ms`, `connect ECONNREFUSED … (ECONNREFUSED)`. */
  readonly summary: string;
  readonly hint?: string;

  constructor(
    init: RequestRef & { failure: NetworkFailure; code?: string; detail?: string; timeoutMs?: number; hint?: string },
  ) {
    const what =
      init.failure === "timeout"
        ? `no response within ${init.timeoutMs ?? "?"} ms`
        : `${init.detail ?? init.failure}${init.code ? ` (${init.code})` : ""}`;
    super(`network error: ${what} (${init.method} ${init.path})${init.hint ? `: ${init.hint}` : ""}`);
    this.summary = what;
    this.hint = init.hint;
    this.method = init.method;
    this.path = init.path;
    this.failure = init.failure;
    this.code = init.code;
  }

  /** True when the server cannot have received the request, so even a POST may be re-sent. */
  get notSent(): boolean {
    return this.failure === "refused" || this.failure === "connect-timeout";
  }
}

/** A 2xx answer whose body does not match the model: names the field(s) that differ. */
export class FutrouResponseError extends Error {
  override readonly name = "FutrouResponseError";
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly problems: string[];

  constructor(init: RequestRef & { status: number; problems: string[] }) {
    const shown = init.problems.slice(0, 5).join("; ");
    const more = init.problems.length > 5 ? ` (+${init.problems.length - 5} more)` : "";
    super(
      `unexpected response from ${init.method} ${init.path} (${init.status}): ${shown}${more}` +
        " — the API may have changed; please report it",
    );
    this.method = init.method;
    this.path = init.path;
    this.status = init.status;
    this.problems = init.problems;
  }
}

/**
 * What a failure was, in a few words, for a message that adds how often and how long: `no response`,
 * `503 Service Unavailable [requestId …]`, `connection reset (ECONNRESET)`.
 */
export function failureOf(error: unknown): string {
  if (error instanceof FutrouNetworkError) return error.failure === "timeout" ? "no response" : error.summary;
  if (error instanceof FutrouApiError) return error.summary;
  return error instanceof Error ? error.message : String(error);
}

export interface DeadlineInit extends RequestRef {
  deadline: Deadline;
  /** Requests sent (0: the deadline had passed before the first). */
  attempts: number;
  elapsedMs: number;
  /** The last attempt's failure. */
  last?: unknown;
  /** The server's `Retry-After` (ms) when it asked for a wait longer than what the deadline leaves. */
  retryAfterMs?: number;
}

/**
 * Retries stopped by the deadline of the operation (or lookup) the request belongs to. One line: the
 * request, what its last attempt met, how many attempts over how long, the deadline and what sets it;
 * `Retry-After` beyond the deadline says how long the API asked to wait.
 */
export class FutrouDeadlineError extends Error {
  override readonly name = "FutrouDeadlineError";
  readonly method: string;
  readonly path: string;
  readonly deadline: Deadline;
  readonly attempts: number;
  readonly elapsedMs: number;
  readonly last?: unknown;
  readonly retryAfterMs?: number;

  constructor(init: DeadlineInit) {
    const bound = `(deadline ${duration(init.deadline.ms)}, set by ${init.deadline.setting})`;
    const request = `${init.method} ${init.path}`;
    const tries = `${init.attempts} attempt${init.attempts === 1 ? "" : "s"} over ${duration(init.elapsedMs)}`;
    const hint = (init.last as { hint?: unknown } | undefined)?.hint;
    const then = typeof hint === "string" ? `: ${hint}` : "";
    let message: string;
    if (init.attempts === 0) {
      message = `${request}: not sent, the deadline had passed ${bound}`;
    } else if (init.retryAfterMs !== undefined) {
      const asked = (init.last as { retryAfter?: unknown } | undefined)?.retryAfter;
      message =
        `${request}: ${failureOf(init.last)}, and the API asked to wait ${duration(init.retryAfterMs)}` +
        `${typeof asked === "string" ? ` (Retry-After: ${asked})` : ""}, past the deadline; ` +
        `gave up after ${tries} ${bound}${then}`;
    } else {
      message = `${request}: ${failureOf(init.last)} after ${tries} ${bound}${then}`;
    }
    super(message);
    this.method = init.method;
    this.path = init.path;
    this.deadline = init.deadline;
    this.attempts = init.attempts;
    this.elapsedMs = init.elapsedMs;
    this.last = init.last;
    this.retryAfterMs = init.retryAfterMs;
  }
}

/**
 * A failure that says the API (or the way to it) is not answering now: the deadline, or no usable answer on
 * the network. A later request of the same operation would only wait for the same outage again, so callers
 * with another way to ask give up instead. (An error status is an answer: another request may well succeed.)
 */
export function isOutage(error: unknown): boolean {
  return error instanceof FutrouDeadlineError || error instanceof FutrouNetworkError;
}
