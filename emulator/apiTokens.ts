/**
 * What an API token made through `/api-tokens` does besides being stored: it is a bearer token like any
 * other (accounts.ts), its secret is answered once, its expiry follows PATCHes and a DELETE revokes it.
 */
import { randomBytes } from "node:crypto";
import type { Principal } from "./accounts";
import type { Env } from "./lifecycle";
import type { Entry, Obj, TokenRecord } from "./store";

/** The tokens-table keys (`<id>-<secret>`) of the token with this id. */
function keysOf(env: Env, id: string): string[] {
  return Object.keys(env.store.data.tokens).filter((key) => env.store.data.tokens[key]?.id === id);
}

/** Makes the token usable by the creating user, in the token's workspace; the answer's `token` is its secret. */
export function issueApiToken(env: Env, entry: Entry, p: Principal): Obj {
  const id = String(entry.object.id);
  entry.object.userId = p.userId;
  env.store.changed(["objects", "apiToken", id]);
  const record: TokenRecord = {
    id,
    workspaceId: entry.workspaceId,
    userId: p.userId,
    expiresAt: typeof entry.object.expiresAt === "string" ? entry.object.expiresAt : null,
    revoked: false,
  };
  const secret = randomBytes(24).toString("hex");
  env.store.data.tokens[`${id}-${secret}`] = record;
  env.store.changed(["tokens", `${id}-${secret}`]);
  return { token: secret };
}

/** A PATCHed expiry applies to the bearer token at once. */
export function syncApiToken(env: Env, entry: Entry): void {
  const expiresAt = typeof entry.object.expiresAt === "string" ? entry.object.expiresAt : null;
  for (const key of keysOf(env, String(entry.object.id))) {
    const record = env.store.data.tokens[key];
    if (record && record.expiresAt !== expiresAt) {
      record.expiresAt = expiresAt;
      env.store.changed(["tokens", key]);
    }
  }
}

/** A deleted token is revoked (kept, so its 401 says "revoked"). */
export function withdrawApiToken(env: Env, entry: Entry): void {
  for (const key of keysOf(env, String(entry.object.id))) {
    const record = env.store.data.tokens[key];
    if (record && !record.revoked) {
      record.revoked = true;
      env.store.changed(["tokens", key]);
    }
  }
}
