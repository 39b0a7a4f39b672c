/** A started emulator plus a tiny HTTP helper that never throws on error statuses. */
import { type EmulatorOptions, type RunningEmulator, startEmulator } from "../../emulator";
import type { Kind } from "../../provider/api/contract";
import { answerable } from "../oracle/published";

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: test bodies are read field by field; the assertions are the checks
  body: any;
}

export interface Harness {
  emu: RunningEmulator;
  /** `path` is relative to /v2; `token: null` sends no Authorization header. */
  call(method: string, path: string, body?: unknown, token?: string | null): Promise<Answer>;
  /** An admin route under /_emulator. */
  admin(method: string, path: string, body?: unknown): Promise<Answer>;
  /** `body` with the default workspace's `workspaceId`, as the CLI sends it on every create. */
  own<T extends object>(body: T): T & { workspaceId: string };
}

export async function start(opts: EmulatorOptions = {}): Promise<Harness> {
  const emu = await startEmulator({ deployDelayMs: 50, quiet: true, ...opts });
  const root = emu.url.replace(/\/v2$/, "");
  const send = async (url: string, method: string, body: unknown, token: string | null): Promise<Answer> => {
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (token !== null) headers.authorization = `Bearer ${token}`;
    const res = await fetch(url, {
      method,
      headers,
      // An answer fault may redirect: the test reads the 3xx, it never follows it.
      redirect: "manual",
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };
  return {
    emu,
    call: (method, path, body, token = emu.token) => send(`${emu.url}${path}`, method, body, token),
    admin: (method, path, body) => send(`${root}/_emulator${path}`, method, body, null),
    own: (body) => ({ workspaceId: emu.workspaceId, ...body }),
  };
}

/** Polls until `check` passes (state changes are async); fails with the last value seen. */
export async function eventually<T>(read: () => Promise<T>, check: (v: T) => boolean, timeoutMs = 3000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last = await read();
  while (!check(last)) {
    if (Date.now() > deadline)
      throw new Error(`condition not met in ${timeoutMs} ms; last value: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 20));
    last = await read();
  }
  return last;
}

/** "400 VALIDATION_ERROR on name" — what a user would read in the error body. */
export function describeError(a: Answer): string {
  const errors = (a.body?.errors ?? []) as Array<{ code: string; field: string | null; message: string }>;
  return `${a.status} ${errors.map((e) => `${e.code} on ${e.field}: ${e.message}`).join("; ") || JSON.stringify(a.body)}`;
}

/** Status plus each error's code and field: what a user sees of a refusal. */
export const seen = (a: Answer) => ({
  status: a.status,
  errors: (a.body?.errors ?? []).map((e: { code: string; field: string | null }) => ({ code: e.code, field: e.field })),
});

/** Fails naming every answered field the kind does not publish, and every null (unset fields are omitted). */
export function expectPublishedOnly(kind: Kind, body: Record<string, unknown>): void {
  // The oracle's list (test/oracle/published.ts), not the emulator's: a field the real API does not promise fails.
  const allowed = answerable(kind);
  expect({ kind, extra: Object.keys(body).filter((f) => !allowed.includes(f)) }).toEqual({ kind, extra: [] });
  expect({ kind, nulls: Object.keys(body).filter((f) => body[f] === null) }).toEqual({ kind, nulls: [] });
}
