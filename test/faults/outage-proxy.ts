/**
 * An HTTP proxy in front of the emulator that a test switches into an outage: `hang` accepts every request
 * and never answers, `retry-after` answers every request 429 with `Retry-After: 3600`; `pass` forwards.
 */
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { forward } from "./holding-proxy";

export type OutageMode = "pass" | "hang" | "retry-after";

export interface OutageProxy {
  /** The emulator's URL through the proxy (with the same /v2 path). */
  url: string;
  mode: OutageMode;
  /** Requests that arrived while in an outage mode (method and path). */
  seen: string[];
  close(): Promise<void>;
}

export async function startOutageProxy(target: string): Promise<OutageProxy> {
  const upstream = new URL(target);
  const held: ServerResponse[] = [];
  const proxy: OutageProxy = { url: "", mode: "pass", seen: [], close: async () => {} };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (proxy.mode !== "pass") proxy.seen.push(`${req.method} ${req.url}`);
      if (proxy.mode === "hang") {
        held.push(res);
        return;
      }
      if (proxy.mode === "retry-after") {
        res.writeHead(429, { "content-type": "application/json", "retry-after": "3600" });
        res.end(JSON.stringify({ message: "Too many requests", requestId: "rq-outage", errors: [] }));
        return;
      }
      forward(upstream, req, Buffer.concat(chunks), res, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  proxy.url = `http://127.0.0.1:${port}${upstream.pathname}`;
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const res of held.splice(0)) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
