/**
 * The HTTP pipeline. For /v2: count the request, apply faults (drop, latency, injected 429/503/500),
 * rate-limit per token, authenticate, dispatch to the route table, maybe drop after committing a create.
 * /_emulator admin routes skip faults, rate limiting, auth and stats.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import { ERROR_CODES } from "../provider/api/contract";
import type { Accounts } from "./accounts";
import { ApiError, errorBody, fieldError, fromZod, invalid, newRequestId, notFound, withRetryAfter } from "./errors";
import type { Faults } from "./faults";
import type { RateLimiter } from "./ratelimit";
import { ANONYMOUS, matchRoute, type Reply, type Route } from "./router";
import type { Stats } from "./stats";

export const API_PREFIX = "/v2";
export const ADMIN_PREFIX = "/_emulator";
const MAX_BODY_BYTES = 1024 * 1024;

export interface Pipeline {
  api: readonly Route[];
  admin: readonly Route[];
  accounts: Accounts;
  faults: Faults;
  limiter: RateLimiter;
  stats: Stats;
  retryAfterSeconds: number;
  /** Called with unexpected errors (emulator bugs), unless quiet. */
  warn: (message: string) => void;
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
  const url = new URL(req.url ?? "/", "http://emulator.local");
  const method = req.method ?? "GET";
  const send = (reply: Reply) => write(res, reply, requestId);
  const fail = (error: unknown) => send(toReply(p, error, requestId, clientIp));

  if (url.pathname === ADMIN_PREFIX || url.pathname.startsWith(`${ADMIN_PREFIX}/`)) {
    try {
      const body = await readBody(req);
      const match = matchRoute(p.admin, method, url.pathname.slice(ADMIN_PREFIX.length));
      if (!match || !("route" in match)) throw notFound(`admin route ${method} ${url.pathname}`);
      send(match.route.handle({ principal: ANONYMOUS, params: match.params, query: url.searchParams, body: body() }));
    } catch (error) {
      // Admin helpers throw plain Errors for bad input: that is the caller's mistake, a 400.
      if (error instanceof ApiError) fail(error);
      else if (error instanceof z.ZodError) fail(fromZod(error));
      else fail(invalid(null, error instanceof Error ? error.message : String(error)));
    }
    return;
  }

  if (url.pathname !== API_PREFIX && !url.pathname.startsWith(`${API_PREFIX}/`)) {
    fail(notFound(`${url.pathname} (the API lives under ${API_PREFIX})`));
    return;
  }
  const path = url.pathname.slice(API_PREFIX.length) || "/";
  const match = matchRoute(p.api, method, path);
  p.stats.request(method, match && "route" in match ? match.route.pattern : "(no route)");
  const count = (status: number | "dropped") => p.stats.status(status);

  if (p.faults.hit("dropRate")) {
    count("dropped");
    req.socket.destroy();
    return;
  }
  const latency = p.faults.current.latencyMs;
  if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));

  try {
    const body = await readBody(req);
    if (p.faults.hit("rate429")) throw withRetryAfter(429, p.retryAfterSeconds, "Too many requests (injected fault)");
    if (p.faults.hit("rate503")) throw withRetryAfter(503, p.retryAfterSeconds, "Service unavailable (injected fault)");
    if (p.faults.hit("rate500")) {
      throw new ApiError(500, "Internal server error (injected fault)", [
        fieldError(ERROR_CODES.internal, null, "injected fault"),
      ]);
    }
    const limitKey = req.headers.authorization ?? `ip:${clientIp}`;
    if (!p.limiter.allow(limitKey)) {
      throw withRetryAfter(429, p.retryAfterSeconds, "Too many requests: rate limit exceeded for this token");
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
    const principal = route.public ? ANONYMOUS : p.accounts.authenticate(req.headers.authorization);
    const reply = route.handle({ principal, params, query: url.searchParams, body: body() });
    if (route.creates && reply.status < 300 && p.faults.hit("commitThenDropRate")) {
      count("dropped");
      req.socket.destroy();
      return;
    }
    count(reply.status);
    send(reply);
  } catch (error) {
    const reply = toReply(p, error, requestId, clientIp);
    count(reply.status);
    send(reply);
  }
}

/** Reads the whole body; returns a parser so bad JSON is reported only once auth has passed. */
async function readBody(req: IncomingMessage): Promise<() => unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw invalid(null, `request body larger than ${MAX_BODY_BYTES} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  return () => {
    if (text.trim() === "") return undefined;
    try {
      return JSON.parse(text);
    } catch (error) {
      throw invalid(null, `request body is not valid JSON: ${error instanceof Error ? error.message : error}`);
    }
  };
}

function toReply(p: Pipeline, error: unknown, requestId: string, clientIp: string): Reply {
  let apiError: ApiError;
  if (error instanceof ApiError) apiError = error;
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
