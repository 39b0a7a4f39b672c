/** A tiny node:http server for client tests that need exact control over one answer at a time. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface Seen {
  method: string;
  url: string;
  /** The request line as it arrived (node keeps the request target unparsed): `GET /v2/x HTTP/1.1`. */
  line: string;
  headers: IncomingMessage["headers"];
  body: string;
}

export type Handler = (req: Seen, res: ServerResponse) => void;

export interface Fixture {
  url: string;
  seen: Seen[];
  /** Answers requests in turn; the last handler answers every request after it. */
  answer(...handlers: Handler[]): void;
  close(): Promise<void>;
}

export async function startFixture(): Promise<Fixture> {
  const seen: Seen[] = [];
  let handlers: Handler[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const s: Seen = {
        method: req.method ?? "",
        url: req.url ?? "",
        line: `${req.method} ${req.url} HTTP/${req.httpVersion}`,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
      };
      const handler = handlers[Math.min(seen.length, handlers.length - 1)];
      seen.push(s);
      if (handler) handler(s, res);
      else json(404, { message: "no handler" })(s, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v2`,
    seen,
    answer: (...h) => {
      handlers = h;
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(JSON.stringify(body));
  };
}

export function text(status: number, body: string, headers: Record<string, string> = {}): Handler {
  return (_req, res) => {
    res.writeHead(status, { "content-type": "text/html", ...headers });
    res.end(body);
  };
}

/** Destroys the connection without answering: the client sees a reset/closed socket. */
export const drop: Handler = (_req, res) => {
  res.socket?.destroy();
};

/** Never answers (until the fixture closes): the client's timeout fires. */
export const hang: Handler = () => {};

/** The contract's error body. */
export function errorBody(message: string, errors: { field?: string | null; code: string; message: string }[] = []) {
  return {
    message,
    requestId: "6f1c2a9e-0d4b-4a8e-9b1f-3c5d7e9f1a2b",
    clientIp: "127.0.0.1",
    errors: errors.map((e) => ({ field: null, stack: [], ...e })),
  };
}

/** A recording `sleep` for the client: waits nothing, remembers every wait asked for. */
export function recordingSleep(): { waits: number[]; sleep: (ms: number) => Promise<void> } {
  const waits: number[] = [];
  return { waits, sleep: async (ms) => void waits.push(ms) };
}

/** Project `p<n>` as the API answers it (every field of the published shape). */
export const project = (n: number) => ({
  id: `p${n}`,
  workspaceId: "w1",
  name: `project-${n}`,
  displayName: `Project ${n}`,
  gitRepositoryName: null,
  gitRepositoryUrl: null,
  createdAt: "2025-01-01T00:00:00.000Z",
  updatedAt: "2025-01-01T00:00:00.000Z",
});
