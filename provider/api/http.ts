/**
 * The client's HTTP plumbing (client.ts): undici, loaded on the first request, one keep-alive pool per
 * process, the User-Agent, and how a raw response, a network failure and a zod issue are read.
 */
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Dispatcher } from "undici";
import type { z } from "zod";
import type { NetworkFailure } from "./errors";

/** The package version, found by walking up from this file (works from sources and from dist/). */
function packageVersion(): string {
  let dir = __dirname;
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { name?: unknown; version?: unknown };
      if (pkg.name === "pulumi-futrou" && typeof pkg.version === "string") return pkg.version;
    } catch {
      // not here; keep walking up
    }
    dir = dirname(dir);
  }
  return "0.0.0";
}

export const USER_AGENT = `pulumi-futrou/${packageVersion()}`;

/**
 * undici, loaded on the first request: a process that never calls the API (a no-change `pulumi up`, whose
 * provider host only checks and diffs; a program without lookups) does not pay for loading it.
 */
let loaded: typeof import("undici") | undefined;
export const undici = (): typeof import("undici") => {
  loaded ??= require("undici") as typeof import("undici");
  return loaded;
};

let defaultAgent: Dispatcher | undefined;
/** One keep-alive connection pool per process, so short-lived clients still reuse connections. */
export function sharedAgent(): Dispatcher {
  defaultAgent ??= new (undici().Agent)({ keepAliveTimeout: 10_000, keepAliveMaxTimeout: 60_000, connections: 64 });
  return defaultAgent;
}

/** A response as the client reads it: status, headers and the whole body as text. */
export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export function header(headers: RawResponse["headers"], name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

export function intHeader(headers: RawResponse["headers"], name: string): number | undefined {
  const v = header(headers, name);
  if (v === undefined || !/^\d+$/.test(v.trim())) return undefined;
  return Number(v);
}

/** The system or undici error code of a failed request (its own, else its cause's). */
export function errorCode(e: unknown): string | undefined {
  const own = (e as { code?: unknown } | null)?.code;
  if (typeof own === "string") return own;
  const cause = (e as { cause?: { code?: unknown } } | null)?.cause?.code;
  return typeof cause === "string" ? cause : undefined;
}

/** What kind of network failure an error code means (errors.ts `NetworkFailure`). */
export function classify(code: string | undefined): NetworkFailure {
  switch (code) {
    case "ECONNREFUSED":
      return "refused";
    case "UND_ERR_CONNECT_TIMEOUT":
      return "connect-timeout";
    case "ECONNRESET":
    case "EPIPE":
      return "reset";
    case "UND_ERR_SOCKET":
    case "UND_ERR_CLOSED":
    case "ECONNABORTED":
      return "closed";
    case "UND_ERR_HEADERS_TIMEOUT":
    case "UND_ERR_BODY_TIMEOUT":
    case "ETIMEDOUT":
      return "timeout";
    default:
      return "other";
  }
}

/** `name: expected string, received number` — zod issues as the user would read them. */
export function describeIssue(issue: z.core.$ZodIssue): string {
  let where = "";
  for (const key of issue.path) {
    where += typeof key === "number" ? `[${key}]` : where ? `.${String(key)}` : String(key);
  }
  return `${where || "(body)"}: ${issue.message.replace(/^Invalid input: /, "")}`;
}
