/**
 * A canned Futrou API for contract tests: a plain HTTP server on 127.0.0.1 that answers what each test
 * tells it to, under `/v2` only (as the real API does), and records every request it gets. It knows no
 * resource kind and shares nothing with the provider or the emulator, so it can disagree with both.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the server saw it; `path` is relative to `/v2`. */
export interface Seen {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The parsed JSON body, or undefined when there was none. */
  body: unknown;
  /** False when the path did not start with `/v2` (a base URL taken without its version). */
  versioned: boolean;
  authorization?: string;
  contentType?: string;
}

/** What to answer: JSON (`json`), raw text (`text`, e.g. a body that is not JSON), or nothing. */
export interface Answer {
  status: number;
  json?: unknown;
  text?: string;
  headers?: Record<string, string>;
}

export type Route = (req: Seen, params: Record<string, string>) => Answer;

interface Entry {
  method: string;
  pattern: RegExp;
  names: string[];
  route: Route;
}

export const VERSION = "/v2";
/** The body the official CLI's mocks answer for unknown paths: no requestId, no errors[]. */
export const NOT_FOUND: Answer = { status: 404, json: { message: "not found" } };

export const json = (status: number, body: unknown): Answer => ({ status, json: body });
export const noContent: Answer = { status: 204 };

/** `/dns/{dnsId}/records/{id}` → a pattern with one capture per placeholder. */
function compile(template: string): { pattern: RegExp; names: string[] } {
  const names: string[] = [];
  const source = template
    .split("/")
    .map((part) => {
      const m = /^\{(\w+)\}$/.exec(part);
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      names.push(m[1] as string);
      return "([^/]+)";
    })
    .join("/");
  return { pattern: new RegExp(`^${source}$`), names };
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString("utf8");
  if (text.trim() === "") return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class CannedApi {
  /** Every request since the last `reset()`, in order. */
  readonly requests: Seen[] = [];
  #routes: Entry[] = [];
  #server?: Server;
  #origin = "";

  /** `http://127.0.0.1:<port>` (no version: add VERSION for the versioned form). */
  get origin(): string {
    return this.#origin;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => void this.#handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.#server = server;
    this.#origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    return this;
  }

  async stop(): Promise<void> {
    const server = this.#server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Forgets routes and recorded requests. */
  reset(): void {
    this.#routes = [];
    this.requests.length = 0;
  }

  /** Answers `method template` (e.g. `GET /serverlets/{id}`); a later route for the same request wins. */
  on(method: string, template: string, answer: Route | Answer): this {
    const route: Route = typeof answer === "function" ? answer : () => answer;
    this.#routes.unshift({ method, ...compile(template), route });
    return this;
  }

  /** Requests that change something (what "0 writes" counts). */
  writes(): Seen[] {
    return this.requests.filter((r) => r.method !== "GET");
  }

  /** Recorded requests as `METHOD /path` lines, for messages. */
  log(): string {
    return this.requests.map((r) => `${r.method} ${r.versioned ? VERSION : ""}${r.path}`).join("\n");
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", this.#origin);
    const versioned = url.pathname === VERSION || url.pathname.startsWith(`${VERSION}/`);
    const seen: Seen = {
      method: req.method ?? "GET",
      path: versioned ? url.pathname.slice(VERSION.length) || "/" : url.pathname,
      query: url.searchParams,
      body: await readBody(req),
      versioned,
      authorization: req.headers.authorization,
      contentType: req.headers["content-type"],
    };
    this.requests.push(seen);
    let answer = NOT_FOUND;
    if (versioned) {
      for (const entry of this.#routes) {
        const m = entry.method === seen.method ? entry.pattern.exec(seen.path) : null;
        if (!m) continue;
        const params = Object.fromEntries(entry.names.map((n, i) => [n, decodeURIComponent(m[i + 1] as string)]));
        answer = entry.route(seen, params);
        break;
      }
    }
    const text = answer.json !== undefined ? JSON.stringify(answer.json) : answer.text;
    res.writeHead(answer.status, {
      ...(answer.json !== undefined ? { "content-type": "application/json" } : {}),
      ...answer.headers,
    });
    res.end(text);
  }
}
