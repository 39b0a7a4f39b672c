/**
 * The HTTP pipeline. Every request: the Host must name this emulator and a browser's Origin must be its
 * own (no DNS rebinding, no cross-site pages); the request target must be a plain path (no dot segments,
 * encoded or not), routed exactly as sent. For /v2: count the request, apply faults (drop, latency,
 * injected 429/503/500), authenticate, rate-limit per token (per address without a valid token),
 * dispatch to the route table, wait until the change is durable, maybe drop or delay the answer of a
 * committed create; an answer fault (a lying API) may replace or rewrite the answer. /_emulator admin
 * routes skip faults, rate limiting, auth and stats.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { Accounts, Principal } from "./accounts";
import { ApiError, errorBody, fieldError, fromZod, invalid, newRequestId, notFound, withRetryAfter } from "./errors";
import { type AnswerFault, ENDLESS_PAGES, type Faults } from "./faults";
import { PersistenceError } from "./persist";
import type { RateLimiter } from "./ratelimit";
import { ANONYMOUS, matchRoute, type Reply, type Route } from "./router";
import type { Stats } from "./stats";
import { ERROR_CODES, PAGE_HEADERS } from "./wire/api";

export const API_PREFIX = "/v2";
export const ADMIN_PREFIX = "/_emulator";
const MAX_BODY_BYTES = 1024 * 1024;
/**
 * ASSUMED: the deepest nesting of objects and arrays a request body may have (the body itself is level 1).
 * The contract says nothing; the real API (Go) refuses bodies past its JSON decoder's limit with 400. The
 * deepest field the contract knows is 5 levels (a proxy rule's action, `rules[].then[]`); this store copies
 * and persists bodies recursively, which fails somewhere past 2,000 levels: 100 keeps every real payload and
 * refuses, before anything is stored, what could not be kept durably. The one place this limit lives.
 */
export const MAX_BODY_DEPTH = 100;

export interface Pipeline {
  api: readonly Route[];
  admin: readonly Route[];
  accounts: Accounts;
  faults: Faults;
  limiter: RateLimiter;
  stats: Stats;
  retryAfterSeconds: number;
  /** Resolves once every change made so far is durable (at once without a data file). */
  durable: () => Promise<void>;
  /** Aborted on close: cuts short injected delays so closing never waits for them. */
  signal: AbortSignal;
  /** Called with unexpected errors (emulator bugs), unless quiet. */
  warn: (message: string) => void;
  /** The current answer of any object by id (the `answerOther` fault), undefined when there is none. */
  answerOf: (id: string) => Record<string, unknown> | undefined;
}

export function requestHandler(p: Pipeline) {
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(p, req, res).catch((error: unknown) => {
      p.warn(`futrou-emulator: unhandled ${String(error)}`);
      if (!res.headersSent) res.destroy();
    });
  };
}

async function handle(p: Pipeline, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const requestId = newRequestId();
  const clientIp = (req.socket.remoteAddress ?? "").replace(/^::ffff:/, "");
  const method = req.method ?? "GET";
  const send = (reply: Reply) => write(res, reply, requestId);
  const fail = (error: unknown) => send(toReply(p, error, requestId, clientIp));

  let target: Target;
  try {
    refuseForeign(req);
    target = parseTarget(req.url ?? "/");
  } catch (error) {
    fail(error);
    return;
  }
  const { path: rawPath, query } = target;

  if (rawPath === ADMIN_PREFIX || rawPath.startsWith(`${ADMIN_PREFIX}/`)) {
    let reply: Reply;
    try {
      const body = await readBody(req);
      const match = matchRoute(p.admin, method, rawPath.slice(ADMIN_PREFIX.length));
      if (!match || !("route" in match)) throw notFound(`admin route ${method} ${rawPath}`);
      reply = match.route.handle({ principal: ANONYMOUS, params: match.params, query, body: body.json() });
    } catch (error) {
      // Admin helpers throw plain Errors for bad input: that is the caller's mistake, a 400.
      if (error instanceof ApiError) reply = toReply(p, error, requestId, clientIp);
      else if (error instanceof z.ZodError) reply = toReply(p, fromZod(error), requestId, clientIp);
      else
        reply = toReply(p, invalid(null, error instanceof Error ? error.message : String(error)), requestId, clientIp);
    }
    send(await afterDurable(p, reply, requestId, clientIp));
    return;
  }

  if (rawPath !== API_PREFIX && !rawPath.startsWith(`${API_PREFIX}/`)) {
    fail(notFound(`${rawPath} (the API lives under ${API_PREFIX})`));
    return;
  }
  const path = rawPath.slice(API_PREFIX.length) || "/";
  const match = matchRoute(p.api, method, path);
  p.stats.request(method, match && "route" in match ? match.route.pattern : "(no route)", rawPath);
  const count = (status: number | "dropped") => p.stats.status(status);
  const drop = () => {
    count("dropped");
    req.socket.destroy();
  };

  // The body is read first: with dice by request, what the request sends is part of what it is.
  const read = await readBody(req).then(
    (body) => ({ body }),
    (error: unknown) => ({ error }),
  );
  const dice = p.faults.dice(`${method} ${path}?${query} ${"body" in read ? read.body.text : ""}`);
  if (dice.hit("dropRate")) return drop();
  const latency = p.faults.current.latencyMs;
  if (latency > 0 && !(await pause(latency, p.signal))) return drop();
  const lie = p.faults.answer(method, rawPath);
  if (lie?.kind === "redirect") {
    count(lie.status);
    send({ status: lie.status, headers: { location: lie.location } });
    return;
  }

  let reply: Reply;
  let committedCreate = false;
  try {
    if ("error" in read) throw read.error;
    const { body } = read;
    if (dice.hit("rate429")) throw withRetryAfter(429, p.retryAfterSeconds, "Too many requests (injected fault)");
    if (dice.hit("rate503")) throw withRetryAfter(503, p.retryAfterSeconds, "Service unavailable (injected fault)");
    if (dice.hit("rate500") || lie?.kind === "fail500") {
      throw new ApiError(500, "Internal server error (injected fault)", [
        fieldError(ERROR_CODES.internal, null, "injected fault"),
      ]);
    }
    // The budget belongs to the token (its record's id, however the header is spelled); a request
    // without a valid token spends its address's budget, so bogus headers cannot mint fresh budgets.
    const who = identify(p.accounts, req.headers.authorization);
    if (!p.limiter.allow("principal" in who ? `token:${who.principal.tokenId}` : `address:${clientIp}`)) {
      const whose = "principal" in who ? "this token" : "this client address";
      throw withRetryAfter(429, p.retryAfterSeconds, `Too many requests: rate limit exceeded for ${whose}`);
    }
    if (!match) throw notFound(`${method} ${path}: no such endpoint`);
    if (!("route" in match)) {
      throw new ApiError(
        405,
        `${method} is not allowed on ${path}`,
        [fieldError("METHOD_NOT_ALLOWED", null, `allowed: ${match.allowed.join(", ")}`)],
        { allow: match.allowed.join(", ") },
      );
    }
    const { route, params } = match;
    let principal = ANONYMOUS;
    if (!route.public) {
      if ("error" in who) throw who.error;
      principal = who.principal;
    }
    // Endless pages: every page asked is served as page 1.
    const asked = lie?.kind === "endlessPages" ? new URLSearchParams(query) : query;
    if (lie?.kind === "endlessPages") asked.delete("page");
    reply = route.handle({ principal, params, query: asked, body: body.json() });
    committedCreate = route.creates === true && reply.status < 300;
    if (lie && reply.status < 300) reply = lying(p, lie, reply, query);
  } catch (error) {
    reply = toReply(p, error, requestId, clientIp);
  }
  reply = await afterDurable(p, reply, requestId, clientIp);
  if (committedCreate && reply.status < 300) {
    if (dice.hit("commitThenDropRate")) return drop();
    if (dice.hit("commitThenLateRate") && !(await pause(p.faults.current.lateAnswerMs, p.signal))) return drop();
  }
  count(reply.status);
  send(reply);
}

/** A successful answer rewritten by an answer fault (those that let the request be processed). */
function lying(p: Pipeline, lie: AnswerFault, reply: Reply, query: URLSearchParams): Reply {
  const { body } = reply;
  const headers = { ...reply.headers };
  const listing = headers[PAGE_HEADERS.totalPages] !== undefined;
  switch (lie.kind) {
    case "swapId":
      return body !== null && typeof body === "object" && !Array.isArray(body)
        ? { ...reply, body: { ...body, id: lie.id } }
        : reply;
    case "answerOther": {
      const other = p.answerOf(lie.id);
      return other ? { ...reply, body: other } : reply;
    }
    case "lagList": {
      if (!listing || !Array.isArray(body)) return reply;
      const hidden = new Set(lie.omit);
      const shown = body.filter(
        (item: unknown) =>
          !(
            item !== null &&
            typeof item === "object" &&
            ["id", "name", "domain", "key"].some((f) => hidden.has(String((item as Record<string, unknown>)[f])))
          ),
      );
      const total = Number(headers[PAGE_HEADERS.totalItems] ?? body.length) - (body.length - shown.length);
      headers[PAGE_HEADERS.totalItems] = String(total);
      headers[PAGE_HEADERS.pageItems] = String(shown.length);
      return { ...reply, body: shown, headers };
    }
    case "endlessPages": {
      if (!listing || !Array.isArray(body)) return reply;
      headers[PAGE_HEADERS.totalPages] = String(ENDLESS_PAGES);
      headers[PAGE_HEADERS.totalItems] = String(ENDLESS_PAGES * body.length);
      headers[PAGE_HEADERS.page] = query.get("page") || "1";
      return { ...reply, headers };
    }
    default:
      return reply;
  }
}

/** Waits until what the request changed (or could have seen) is on disk; if that failed, the answer is a 503. */
async function afterDurable(p: Pipeline, reply: Reply, requestId: string, clientIp: string): Promise<Reply> {
  try {
    await p.durable();
    return reply;
  } catch (error) {
    return toReply(p, error, requestId, clientIp);
  }
}

/** Resolves true after `ms`, false when the emulator closes first. */
async function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  try {
    await sleep(ms, undefined, { signal });
    return true;
  } catch {
    return false;
  }
}

function identify(accounts: Accounts, header: string | undefined): { principal: Principal } | { error: unknown } {
  try {
    return { principal: accounts.authenticate(header) };
  } catch (error) {
    return { error };
  }
}

/**
 * Only clients that reached this emulator by its own name get in: the Host must be 127.0.0.1, localhost
 * or [::1] with the listening port (a DNS-rebound name is refused), and a browser request must come
 * from the emulator's own origin (Node's clients send neither Origin nor Sec-Fetch-Site).
 */
function refuseForeign(req: IncomingMessage): void {
  const port = req.socket.localPort;
  const names = ["127.0.0.1", "localhost", "[::1]"];
  const hosts = names.flatMap((name) => (port === 80 ? [name, `${name}:80`] : [`${name}:${port}`]));
  const host = (req.headers.host ?? "").toLowerCase();
  if (!hosts.includes(host)) {
    throw refused(`the Host header must name this emulator (127.0.0.1:${port} or localhost:${port})`);
  }
  const origin = req.headers.origin;
  if (origin !== undefined && !hosts.some((h) => origin.toLowerCase() === `http://${h}`)) {
    throw refused("cross-origin requests are not accepted");
  }
  const site = req.headers["sec-fetch-site"];
  if (site !== undefined && site !== "same-origin" && site !== "none") {
    throw refused("cross-site requests are not accepted");
  }
}

const refused = (message: string) =>
  new ApiError(403, `Access denied: ${message}`, [fieldError(ERROR_CODES.forbidden, null, message)]);

interface Target {
  path: string;
  query: URLSearchParams;
}

/**
 * The request target exactly as sent, refused unless it is a plain absolute path: no `.`/`..`
 * segments (also as `%2e`), no empty segments (`//`), no backslashes, valid percent-encoding. Routing
 * uses this path, never a normalized one, so `/v2/../_emulator/...` cannot reach the admin routes.
 */
export function parseTarget(raw: string): Target {
  const cut = raw.indexOf("?");
  const path = cut < 0 ? raw : raw.slice(0, cut);
  const query = new URLSearchParams(cut < 0 ? "" : raw.slice(cut + 1));
  const bad = (why: string) => invalid(null, `request path is not accepted: ${why}`);
  if (!path.startsWith("/")) throw bad("it must start with /");
  const segments = path.slice(1).split("/");
  for (const [i, segment] of segments.entries()) {
    if (segment === "" && i < segments.length - 1) throw bad("empty segment (//)");
    let decoded: string;
    try {
      decoded = decodeURIComponent(segment);
    } catch {
      throw bad("malformed percent-encoding");
    }
    if (decoded === "." || decoded === "..") throw bad("dot segments");
    if (decoded.includes("\\") || decoded.includes("\0")) throw bad("backslash or NUL");
  }
  return { path, query };
}

/** Reads the whole body: its text, and a parser so bad JSON is reported only once auth has passed. */
async function readBody(req: IncomingMessage): Promise<{ text: string; json: () => unknown }> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalid(null, `request body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  const json = () => {
    if (text.trim() === "") return undefined;
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      throw invalid(null, `request body is not valid JSON: ${error instanceof Error ? error.message : error}`);
    }
    const deep = pathTooDeep(body, MAX_BODY_DEPTH);
    if (deep) {
      const where = deep.slice(0, 6).map((k, i) => (typeof k === "number" ? `[${k}]` : i === 0 ? k : `.${k}`));
      throw invalid(
        typeof deep[0] === "string" ? deep[0] : null,
        `nested deeper than ${MAX_BODY_DEPTH} levels of objects and arrays (at ${where.join("")}…)`,
      );
    }
    return body;
  };
  return { text, json };
}

/**
 * The keys down to the first object or array nested deeper than `max` levels (the value itself is level 1),
 * or undefined. Iterative, so any depth is measured without recursion.
 */
export function pathTooDeep(value: unknown, max: number): (string | number)[] | undefined {
  interface Node {
    value: unknown;
    key?: string | number;
    parent?: Node;
    level: number;
  }
  const pending: Node[] = [{ value, level: 1 }];
  for (let node = pending.pop(); node; node = pending.pop()) {
    const v = node.value;
    if (v === null || typeof v !== "object") continue;
    if (node.level > max) {
      const path: (string | number)[] = [];
      for (let n: Node | undefined = node; n?.key !== undefined; n = n.parent) path.unshift(n.key);
      return path;
    }
    const entries: [string | number, unknown][] = Array.isArray(v) ? [...v.entries()] : Object.entries(v);
    for (const [key, child] of entries) pending.push({ value: child, key, parent: node, level: node.level + 1 });
  }
  return undefined;
}

function toReply(p: Pipeline, error: unknown, requestId: string, clientIp: string): Reply {
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
  else if (error instanceof PersistenceError) apiError = withRetryAfter(503, p.retryAfterSeconds, error.message);
  else {
    p.warn(`futrou-emulator: internal error [requestId ${requestId}]: ${error instanceof Error ? error.stack : error}`);
    apiError = new ApiError(500, "Internal emulator error", [
      fieldError(ERROR_CODES.internal, null, error instanceof Error ? error.message : String(error)),
    ]);
  }
  return { status: apiError.status, body: errorBody(apiError, requestId, clientIp), headers: apiError.headers };
}

function write(res: ServerResponse, reply: Reply, requestId: string): void {
  res.setHeader("x-request-id", requestId);
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (reply.status === 204 || reply.body === undefined) {
    res.writeHead(reply.status).end();
    return;
  }
  const text = JSON.stringify(reply.body);
  res.writeHead(reply.status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
  });
  res.end(text);
}
