/**
 * An HTTP proxy in front of the emulator that can hold one request, so a test can kill `pulumi up` at an
 * exact point of a create: `before` (the POST never reaches the API) or `after` (the API committed and
 * answered; the answer is kept from the client). Everything else passes through unchanged.
 */
import { createServer, type IncomingMessage, request, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface HoldRule {
  method: string;
  path: RegExp;
  phase: "before" | "after";
}

export interface HoldingProxy {
  /** The emulator's URL through the proxy (with the same /v2 path). */
  url: string;
  /** Holds the first request matching `rule`; resolves once it is held. */
  hold(rule: HoldRule): Promise<void>;
  /** Drops every held request (the client sees its connection closed). */
  release(): void;
  close(): Promise<void>;
}

/**
 * Sends a request the proxy received (its body read already) on to the emulator; `onAnswer` gets the
 * emulator's answer. A failed upstream request closes the client's connection.
 */
export function forward(
  upstream: URL,
  req: IncomingMessage,
  body: Buffer,
  res: ServerResponse,
  onAnswer: (answer: IncomingMessage) => void,
): void {
  const out = request(
    {
      host: upstream.hostname,
      port: upstream.port,
      method: req.method,
      path: req.url,
      headers: { ...req.headers, host: upstream.host },
    },
    onAnswer,
  );
  out.on("error", () => res.socket?.destroy());
  out.end(body);
}

export async function startHoldingProxy(target: string): Promise<HoldingProxy> {
  const upstream = new URL(target);
  let rule: HoldRule | undefined;
  let onHeld: (() => void) | undefined;
  const held: ServerResponse[] = [];

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const path = new URL(req.url ?? "/", "http://x").pathname;
      const matched = rule && req.method === rule.method && rule.path.test(path) ? rule : undefined;
      if (matched) rule = undefined;
      if (matched?.phase === "before") {
        held.push(res);
        onHeld?.();
        return;
      }
      forward(upstream, req, Buffer.concat(chunks), res, (answer) => {
        const body: Buffer[] = [];
        answer.on("data", (c: Buffer) => body.push(c));
        answer.on("end", () => {
          if (matched) {
            held.push(res);
            onHeld?.();
            return;
          }
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          res.end(Buffer.concat(body));
        });
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  const release = () => {
    for (const res of held.splice(0)) res.socket?.destroy();
  };
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname}`,
    hold(r) {
      rule = r;
      return new Promise((resolve) => {
        onHeld = resolve;
      });
    },
    release,
    close() {
      release();
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
