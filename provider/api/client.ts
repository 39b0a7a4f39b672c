/**
 * The Futrou API v2 client: undici with keep-alive, Bearer auth, a per-request timeout, the retry table
 * (retry.ts), the shared client-side rate limit (limiter.ts), paging, and responses parsed with the zod
 * model the caller passes in. The token lives in a `#private` field and is sent only in the
 * Authorization header: it is in no property, message, error or log line.
 */
import type { Dispatcher } from "undici";
import type { z } from "zod";
import { API_VERSION_PATH, DEFAULT_API_URL, PAGE_HEADERS, PAGE_MAX_LIMIT, RATE_LIMIT_PER_SECOND } from "./contract";
import { DEFAULT_DEADLINE_MS, type Deadline, deadlineIn, postingDeadline } from "./deadline";
import { FutrouApiError, FutrouNetworkError, FutrouResponseError, isRedirect } from "./errors";
import {
  classify,
  describeIssue,
  errorCode,
  header,
  intHeader,
  type RawResponse,
  sharedAgent,
  USER_AGENT,
  undici,
} from "./http";
import { type Release, sharedLimiter } from "./limiter";
import { idOfBody, UnreadableCreateError } from "./outcome";
import { PageTracker } from "./paging";
import { UnsafePathError } from "./path";
import { encodeQuery, type Query } from "./query";
import { type HttpMethod, type RetryEvent, type RetryPolicy, realSleep, retryPolicy, withRetry } from "./retry";

export { USER_AGENT } from "./http";
export { type DateRange, encodeQuery, type Query, type QueryScalar, type QueryValue } from "./query";

// ---------------------------------------------------------------------------------------------------
// Options

export interface ClientOptions {
  /** Base URL including the version, e.g. `https://api.futrou.com/v2`. */
  baseUrl: string;
  token: string;
  /** Per attempt: connect, send, headers and body together. Default 30 s; never past the deadline. */
  timeoutMs?: number;
  /**
   * The deadline of a request made through a client with no operation's deadline (`within`), from its
   * start: its length and the setting that sets it, for messages. Default DEFAULT_DEADLINE_MS.
   */
  deadline?: { ms: number; setting: string };
  /** The clock deadlines and `Retry-After` dates are read on; tests pass a fake one with `sleep`. Default `Date.now`. */
  now?: () => number;
  /** Overrides of `DEFAULT_RETRY_POLICY` (retry.ts). */
  retry?: Partial<RetryPolicy>;
  /** Client-side limit, shared by all clients of this base URL + token in the process. Default 100. */
  requestsPerSecond?: number;
  /** Default `pulumi-futrou/<package version>`. */
  userAgent?: string;
  /** Called before every retry wait (why, how long, the server's Retry-After). */
  onRetry?: (event: RetryEvent) => void;
  /** How retry waits are spent; tests pass a recorder. Default: a real timer. */
  sleep?: (ms: number) => Promise<void>;
  /** Random source for backoff jitter (0 ≤ x < 1). */
  random?: () => number;
  /** The undici dispatcher; default one keep-alive Agent shared by the process. */
  dispatcher?: Dispatcher;
  /**
   * Where the URL and the token came from (`FUTROU_API_URL (environment)`, …): a refused token (401) and an
   * address where nothing answers say which setting to fix. `apiUrlAsGiven`: the URL as that setting holds
   * it, when the provider added `/v2` to make `baseUrl` (a wrong path is reported as the user wrote it).
   */
  origin?: { apiUrl: string; apiUrlAsGiven?: string; apiToken: string };
}

export const DEFAULT_TIMEOUT_MS = 30_000;

// ---------------------------------------------------------------------------------------------------
// The client

/** One page of a listing, with the paging headers (undefined when the server did not send one). */
export interface Page<T> {
  items: T[];
  page?: number;
  totalPages?: number;
  totalItems?: number;
  pageItems?: number;
}

/**
 * A write this client made or tried, for whoever keeps copies of API objects current (provider/listing.ts).
 * `done`: the API acknowledged it (a DELETE that found nothing counts); false: it failed, perhaps after
 * taking effect. `result`: the object the API answered (for a create, also the one its recovery found).
 */
export interface WriteEvent {
  op: "create" | "update" | "delete" | "action";
  path: string;
  body?: object;
  result?: unknown;
  done: boolean;
}
export type WriteObserver = (event: WriteEvent) => void;

/** What a client and every view of it (`within`) share. */
interface Shared {
  readonly token: string;
  readonly policy: RetryPolicy;
  readonly limiter: { acquire(): Promise<Release>; readonly idle: number };
  readonly dispatcher?: Dispatcher;
  readonly sleep: (ms: number) => Promise<void>;
  readonly onRetry?: (event: RetryEvent) => void;
  readonly random?: () => number;
  readonly observers: Set<WriteObserver>;
  readonly origin?: { apiUrl: string; apiUrlAsGiven?: string; apiToken: string };
  /** The base URL's path as URL parsing has it (`/v2`; empty for a base URL without one). */
  readonly basePath: string;
  readonly deadline: { ms: number; setting: string };
  readonly now: () => number;
  /** The API's clock as the latest answer's `Date` header said it, and when (on `now`) that answer came. */
  readonly apiClock: { at?: { date: number; heard: number } };
}

export class FutrouClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly userAgent: string;
  /** What a client and its views (`within`) share: one object, so a view copies one reference. */
  readonly #s: Shared;
  /** The operation's deadline this view's requests are bounded by (`within`); none: each its own. */
  readonly #scope?: Deadline;
  /** The client this one is a view of (itself, when it is no view): what per-client memory is kept by. */
  readonly root: FutrouClient;

  /** A client of `opts`, or (`within`) a view of one with an operation's deadline. */
  constructor(opts: ClientOptions | { of: FutrouClient; deadline: Deadline }) {
    if ("of" in opts) {
      const of = opts.of.root;
      this.baseUrl = of.baseUrl;
      this.timeoutMs = of.timeoutMs;
      this.userAgent = of.userAgent;
      this.#s = of.#s;
      this.#scope = opts.deadline;
      this.root = of;
      return;
    }
    this.root = this;
    if (!opts.token)
      throw new Error(
        "a Futrou API token is required: `pulumi config set futrou:apiToken --secret <token>` or FUTROU_API_TOKEN",
      );
    let url: URL;
    try {
      url = new URL(opts.baseUrl);
    } catch {
      throw new Error(`invalid Futrou API URL: ${JSON.stringify(opts.baseUrl)}`);
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") throw new Error(`unsupported API URL ${url.protocol}`);
    this.baseUrl = opts.baseUrl.replace(/\/+$/, "");
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.userAgent = opts.userAgent ?? USER_AGENT;
    this.#s = {
      token: opts.token,
      policy: retryPolicy(opts.retry),
      limiter: sharedLimiter(this.baseUrl, opts.token, opts.requestsPerSecond ?? RATE_LIMIT_PER_SECOND),
      dispatcher: opts.dispatcher,
      sleep: opts.sleep ?? realSleep,
      onRetry: opts.onRetry,
      random: opts.random,
      observers: new Set(),
      origin: opts.origin,
      basePath: new URL(this.baseUrl).pathname.replace(/\/+$/, ""),
      deadline: opts.deadline ?? { ms: DEFAULT_DEADLINE_MS, setting: "the client's default" },
      now: opts.now ?? Date.now,
      apiClock: {},
    };
  }

  /**
   * This client with every request bounded by `deadline` (api/deadline.ts), however deep the code that makes
   * it: one operation's view, passed down to what the operation calls. It shares everything else with the
   * client it is a view of (`root`): the rate limit, the write observers, the API's clock.
   */
  within(deadline: Deadline): FutrouClient {
    return new FutrouClient({ of: this, deadline });
  }

  /**
   * Requests this client (and every other one sharing its rate limit) could send now without waiting:
   * what optional requests may use without delaying needed ones (limiter.ts).
   */
  get idleRequests(): number {
    return this.#s.limiter.idle;
  }

  /** Calls `observer` after every write (create, update, delete, action), done or failed. */
  observeWrites(observer: WriteObserver): void {
    this.#s.observers.add(observer);
  }

  /** Runs a write and tells the observers how it ended. */
  async #write<T>(event: Omit<WriteEvent, "done" | "result">, run: () => Promise<T>): Promise<T> {
    try {
      const result = await run();
      for (const observe of this.#s.observers) observe({ ...event, result, done: true });
      return result;
    } catch (e) {
      for (const observe of this.#s.observers) observe({ ...event, done: false });
      throw e;
    }
  }

  /** What JSON.stringify shows: never the token. */
  toJSON(): { baseUrl: string } {
    return { baseUrl: this.baseUrl };
  }

  /** GET one object. 404 is a FutrouApiError (use `find` when absence is an answer). */
  async get<S extends z.ZodType>(path: string, schema: S, query?: Query): Promise<z.infer<S>> {
    const res = await this.#call("GET", path, { query });
    return this.#parse("GET", path, res, schema);
  }

  /** GET one object; undefined when it does not exist (404). */
  async find<S extends z.ZodType>(path: string, schema: S): Promise<z.infer<S> | undefined> {
    try {
      return await this.get(path, schema);
    } catch (e) {
      if (e instanceof FutrouApiError && e.status === 404) return undefined;
      throw e;
    }
  }

  /** One page of a listing: the items and the four `X-*` paging headers. */
  async listPage<S extends z.ZodType>(path: string, item: S, query?: Query): Promise<Page<z.infer<S>>> {
    const res = await this.#call("GET", path, { query });
    const items = this.#parse("GET", path, res, item.array()) as z.infer<S>[];
    return {
      items,
      page: intHeader(res.headers, PAGE_HEADERS.page),
      totalPages: intHeader(res.headers, PAGE_HEADERS.totalPages),
      totalItems: intHeader(res.headers, PAGE_HEADERS.totalItems),
      pageItems: intHeader(res.headers, PAGE_HEADERS.pageItems),
    };
  }

  /**
   * Every item, following `X-Total-Pages` with the largest page size (fewest requests). An object that a
   * create or delete elsewhere shifted onto the next page while paging is counted once (by its `id`). A
   * listing that does not advance (paging.ts: a page repeated, more pages than announced) is an
   * IncompleteListingError after a few pages, never a shorter list.
   */
  async list<S extends z.ZodType>(path: string, item: S, query?: Query): Promise<z.infer<S>[]> {
    const q: Query = { ...query, limit: query?.limit ?? PAGE_MAX_LIMIT };
    const pages = new PageTracker(path, Number(q.limit));
    const all: z.infer<S>[] = [];
    for (let page = 1; ; page++) {
      const result = await this.listPage(path, item, { ...q, page });
      all.push(...pages.take(result));
      if (!pages.more(result)) return all;
    }
  }

  /**
   * POST a new object. Never blindly repeated: after every ambiguous failure (the request may have been
   * processed: connection lost after sending, 500/502/504, timeout), the last attempt's included, it calls
   * `recover()` (create.ts: look for an object that did not exist before) and returns what it finds; only
   * when nothing was created and attempts remain does it POST again. A failing `recover()` ends it with
   * OutcomeUnknownError; without `recover` the ambiguous failure is thrown. 429/503 are re-sent after
   * Retry-After. A 2xx whose body is not the model is UnreadableCreateError (with the body's `id`, if any):
   * the object exists, so it is neither re-sent nor looked up as if it might not.
   */
  async create<S extends z.ZodType>(
    path: string,
    body: object,
    schema: S,
    opts?: { recover?: () => Promise<z.infer<S> | undefined> },
  ): Promise<z.infer<S>> {
    const json = JSON.stringify(body);
    const recover = opts?.recover;
    // Attempts stop short of the deadline: what is left is the recovery lookup's (deadline.ts).
    const loop = { ...this.#loop("POST", path) };
    loop.deadline = postingDeadline(loop.deadline);
    return this.#write({ op: "create", path, body }, () =>
      withRetry<z.infer<S>>({
        ...loop,
        send: async () => {
          const res = await this.#attempt("POST", path, undefined, json, loop.deadline);
          try {
            return this.#parse("POST", path, res, schema);
          } catch (problem) {
            throw new UnreadableCreateError("POST", path, res.status, idOfBody(res.text), problem);
          }
        },
        recover: recover && (async () => (await recover()) ?? undefined),
      }),
    );
  }

  /** PATCH (any subset of the updatable fields); returns the whole updated object. */
  async patch<S extends z.ZodType>(path: string, body: object, schema: S): Promise<z.infer<S>> {
    return this.#write({ op: "update", path, body }, async () => {
      const res = await this.#call("PATCH", path, { body: JSON.stringify(body) });
      return this.#parse("PATCH", path, res, schema);
    });
  }

  /** DELETE; false when the object was already gone (404), including after a retried DELETE. */
  async delete(path: string): Promise<boolean> {
    return this.#write({ op: "delete", path }, async () => {
      try {
        await this.#call("DELETE", path, {});
        return true;
      } catch (e) {
        if (e instanceof FutrouApiError && e.status === 404) return false;
        throw e;
      }
    });
  }

  /**
   * A POST action such as `/serverlets/{id}/start`. Like any POST, not repeated after an ambiguous failure.
   * Undefined when the API answers without a body (204).
   */
  async action<S extends z.ZodType>(path: string, schema: S, body?: object): Promise<z.infer<S> | undefined> {
    return this.#write({ op: "action", path, body }, async () => {
      const res = await this.#call("POST", path, { body: body === undefined ? undefined : JSON.stringify(body) });
      // The real API answers serverlet actions 204 with no body: an empty 2xx is a success with nothing to read.
      if (!res.text.trim()) return undefined;
      return this.#parse("POST", path, res, schema);
    });
  }

  /**
   * The API's clock now, as far as its answers tell: the `Date` header of the latest answer this client got
   * (any status), plus the time passed here since. A lower bound (the header is truncated to the second)
   * that the create protocol compares `createdAt` with (create.ts, step 3). Undefined before any answer
   * carried a readable `Date`.
   */
  apiNow(): number | undefined {
    const clock = this.#s.apiClock.at;
    return clock && clock.date + Math.max(0, this.#s.now() - clock.heard);
  }

  #heard(headers: RawResponse["headers"]): void {
    const date = Date.parse(header(headers, "date") ?? "");
    if (!Number.isNaN(date)) this.#s.apiClock.at = { date, heard: this.#s.now() };
  }

  // -------------------------------------------------------------------------------------------------

  /** The retry loop's settings for one request: the operation's deadline, else one of its own from now. */
  #loop(method: HttpMethod, path: string) {
    const deadline = this.#scope ?? deadlineIn(this.#s.deadline.ms, this.#s.deadline.setting, this.#s.now());
    return {
      method,
      path,
      policy: this.#s.policy,
      sleep: this.#s.sleep,
      onRetry: this.#s.onRetry,
      random: this.#s.random,
      now: this.#s.now,
      deadline,
    };
  }

  #call(method: HttpMethod, path: string, req: { query?: Query; body?: string }): Promise<RawResponse> {
    const loop = this.#loop(method, path);
    return withRetry({ ...loop, send: () => this.#attempt(method, path, req.query, req.body, loop.deadline) });
  }

  /** One request: waits for the limiter, sends, reads the body; errors become Futrou* errors. */
  async #attempt(
    method: HttpMethod,
    path: string,
    query: Query | undefined,
    body: string | undefined,
    deadline: Deadline,
  ) {
    if (!path.startsWith("/")) throw new Error(`API paths start with "/": ${path}`);
    const url = `${this.baseUrl}${path}${encodeQuery(query)}`;
    // The last guard: a path that URL parsing changes (a dot segment resolved, a character escaped) would
    // reach another object than the one meant. Nothing is sent; paths.ts refuses such ids before this.
    const sent = new URL(url).pathname;
    if (sent !== this.#s.basePath + path) {
      throw new UnsafePathError(
        `refused to send ${method} ${path}: URL parsing would send it as ${sent.slice(this.#s.basePath.length) || "/"}, another path (an id that is not one the API issued?)`,
      );
    }
    // The slot is held until the response is read: see limiter.ts for why that keeps the server happy.
    const release = await this.#s.limiter.acquire();
    const controller = new AbortController();
    // Never past the deadline: the attempt that would outlive it gets only the time left.
    const timeoutMs = Math.max(1, Math.min(this.timeoutMs, deadline.at - this.#s.now()));
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    try {
      const res = await undici().request(url, {
        method,
        dispatcher: this.#s.dispatcher ?? sharedAgent(),
        signal: controller.signal,
        headers: {
          authorization: `Bearer ${this.#s.token}`,
          "user-agent": this.userAgent,
          "content-type": "application/json",
          accept: "application/json",
        },
        body,
      });
      const text = await res.body.text();
      const headers = res.headers as RawResponse["headers"];
      this.#heard(headers);
      // Success is 2xx only (CONTRACT.md "Responses"); a 3xx is an error that names its Location.
      if (res.statusCode < 200 || res.statusCode >= 300) {
        const origin = this.#s.origin;
        const location = header(headers, "location");
        throw new FutrouApiError({
          status: res.statusCode,
          statusText: res.statusText,
          method,
          path,
          body: this.#redact(text),
          retryAfter: header(headers, "retry-after"),
          ...(isRedirect(res.statusCode)
            ? {
                ...(location === undefined ? {} : { location: this.#redact(location) }),
                hint:
                  `the provider follows no redirect (the API token goes to ${new URL(this.baseUrl).origin} only), ` +
                  `so the request failed; if the API has moved, set ${origin?.apiUrl ?? "futrou:apiUrl or FUTROU_API_URL"} to its new address`,
              }
            : {}),
          ...(res.statusCode === 401 && origin
            ? {
                hint:
                  `the API at ${this.#asGiven(origin)} (${origin.apiUrl}) refused the API token from ${origin.apiToken}: ` +
                  "set a valid token there, or check that the URL is the API the token belongs to",
              }
            : {}),
          // A top-level collection (`/workspaces`, the first request of a run) is never missing from the API:
          // the base URL is wrong (e.g. `…/v3`, which becomes `…/v3/v2`): named as the user wrote it.
          ...(res.statusCode === 404 && origin && /^\/[a-z-]+$/.test(path)
            ? {
                hint:
                  `${this.baseUrl}${path} does not exist: ${this.#asGiven(origin)}, the API URL from ${origin.apiUrl}` +
                  `${this.#versionAdded(origin) ? `, to which the provider added ${API_VERSION_PATH},` : ","} is not ` +
                  `the Futrou API's base URL; set it to one such as ${DEFAULT_API_URL} (with or without ${API_VERSION_PATH})`,
              }
            : {}),
        });
      }
      return { status: res.statusCode, headers, text };
    } catch (e) {
      if (e instanceof FutrouApiError) throw e;
      const code = errorCode(e);
      const failure = controller.signal.aborted ? "timeout" : classify(code);
      const detail = e instanceof Error ? this.#redact(e.message) : undefined;
      // Refused, unreachable or an unknown host: most often a wrong URL.
      const unreachable = failure === "refused" || failure === "connect-timeout" || failure === "other";
      // Named as the user wrote it: the `/v2` the provider may have added is not what they would look for.
      const hint =
        unreachable && this.#s.origin
          ? `nothing usable answers at ${this.#asGiven(this.#s.origin)}, the API URL from ${this.#s.origin.apiUrl}: check it`
          : undefined;
      throw new FutrouNetworkError({ method, path, failure, code, detail, timeoutMs, hint });
    } finally {
      clearTimeout(timer);
      release();
    }
  }

  #parse<S extends z.ZodType>(method: string, path: string, res: RawResponse, schema: S): z.infer<S> {
    let json: unknown;
    if (res.text.trim()) {
      try {
        json = JSON.parse(res.text);
      } catch {
        const problems = [`body is not JSON: ${JSON.stringify(this.#redact(res.text.slice(0, 80)))}`];
        throw new FutrouResponseError({ method, path, status: res.status, problems });
      }
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const problems = parsed.error.issues.map(describeIssue);
      throw new FutrouResponseError({ method, path, status: res.status, problems });
    }
    return parsed.data;
  }

  /** The API URL as its setting holds it (the base URL when the client was not told). */
  #asGiven(origin: { apiUrlAsGiven?: string }): string {
    return origin.apiUrlAsGiven ?? this.baseUrl;
  }

  /** Whether the provider added `/v2` to the URL its setting holds to make the base URL. */
  #versionAdded(origin: { apiUrlAsGiven?: string }): boolean {
    return this.#asGiven(origin).replace(/\/+$/, "") !== this.baseUrl;
  }

  /** Belt and braces: a server (or proxy) that echoes the token must not put it into our errors. */
  #redact(text: string): string {
    let out = text.split(this.#s.token).join("[redacted]");
    const secret = this.#s.token.slice(this.#s.token.indexOf("-") + 1);
    if (secret.length >= 8 && secret !== this.#s.token) out = out.split(secret).join("[redacted]");
    return out;
  }
}
