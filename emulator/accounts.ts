/** Workspaces, users and API tokens: who a request is, and what it may see. */
import { randomBytes, randomUUID } from "node:crypto";
import { Workspace } from "../provider/api/models";
import { invalid, unauthorized } from "./errors";
import { DEFAULT_LIMIT } from "./seed";
import { type Obj, own, type Store, type TokenRecord, type UserRecord } from "./store";

/** The workspace quota fields (`projectsLimit`, …), read off the model so they cannot drift. */
export const LIMIT_FIELDS = Object.keys(Workspace.shape).filter((k) => k.endsWith("Limit"));

export interface Principal {
  workspaceId: string;
  userId: string;
  tokenId: string;
}

export interface NewWorkspace {
  name?: string;
  limits?: Partial<Record<string, number>>;
}

export class Accounts {
  constructor(private readonly store: Store) {}

  createWorkspace(opts: NewWorkspace = {}, user?: { email: string; password: string; name: string }) {
    const limits = opts.limits ?? {};
    for (const [field, value] of Object.entries(limits)) {
      if (!LIMIT_FIELDS.includes(field)) throw new Error(`unknown workspace limit ${field}; one of ${LIMIT_FIELDS}`);
      if (!Number.isInteger(value) || (value ?? -1) < 0) throw new Error(`${field} must be a whole number >= 0`);
    }
    const now = new Date().toISOString();
    const workspaceId = randomUUID();
    const workspace: Obj = { id: workspaceId, name: opts.name ?? `workspace-${workspaceId.slice(0, 8)}` };
    for (const field of LIMIT_FIELDS) workspace[field] = limits[field] ?? DEFAULT_LIMIT;
    Object.assign(workspace, { createdAt: now, updatedAt: now });
    this.store.data.workspaces[workspaceId] = Workspace.parse(workspace);
    const owner: UserRecord = {
      id: randomUUID(),
      email: user?.email ?? `owner-${workspaceId.slice(0, 8)}@futrou.local`,
      name: user?.name ?? null,
      // Without a given password nobody can log in as this user; tests use tokens.
      password: user?.password ?? randomBytes(24).toString("hex"),
      workspaceId,
    };
    this.store.data.users[owner.id] = owner;
    const token = this.issueToken(workspaceId);
    return { workspaceId, token };
  }

  /** A new token `<apiTokenId>-<secret>` for the workspace's first user. */
  issueToken(workspaceId: string, opts: { expiresAt?: string; userId?: string } = {}): string {
    if (!own(this.store.data.workspaces, workspaceId)) throw new Error(`no workspace ${workspaceId}`);
    if (opts.expiresAt !== undefined && Number.isNaN(Date.parse(opts.expiresAt))) {
      throw new Error(`expiresAt is not a date-time: ${opts.expiresAt}`);
    }
    const userId = opts.userId ?? Object.values(this.store.data.users).find((u) => u.workspaceId === workspaceId)?.id;
    if (!userId) throw new Error(`workspace ${workspaceId} has no user`);
    const record: TokenRecord = {
      id: randomUUID(),
      workspaceId,
      userId,
      expiresAt: opts.expiresAt ?? null,
      revoked: false,
    };
    const token = `${record.id}-${randomBytes(24).toString("hex")}`;
    this.store.data.tokens[token] = record;
    this.store.changed();
    return token;
  }

  /** Revoked tokens are kept so the 401 can say "revoked" rather than "invalid". */
  revokeToken(token: string): void {
    const record = own(this.store.data.tokens, token);
    if (!record) throw new Error("no such token");
    record.revoked = true;
    this.store.changed(["tokens", token]);
  }

  /**
   * Resolves `Authorization: Bearer <token>`; the 401 message says what is wrong, never the token. The
   * lookup is by the whole token (own entries only: `constructor` or `__proto__` are just invalid), so
   * "revoked"/"expired" are told only to someone holding the full secret, and a known token id with a
   * wrong secret reads exactly like an unknown token.
   */
  authenticate(header: string | undefined): Principal {
    if (!header) throw unauthorized("missing bearer token (send Authorization: Bearer <API_TOKEN>)");
    const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
    if (!match?.[1]) throw unauthorized("missing bearer token (the Authorization header is not 'Bearer <API_TOKEN>')");
    const record = own(this.store.data.tokens, match[1]);
    if (!record || !own(this.store.data.workspaces, record.workspaceId)) throw unauthorized("invalid token");
    if (record.revoked) throw unauthorized("token revoked");
    if (record.expiresAt !== null && Date.parse(record.expiresAt) <= Date.now()) throw unauthorized("token expired");
    return { workspaceId: record.workspaceId, userId: record.userId, tokenId: record.id };
  }

  /** POST /auth/login: a fresh token for the user, answered like the real API (`{apiToken, user}`). */
  login(email: string, password: string) {
    const user = Object.values(this.store.data.users).find((u) => u.email.toLowerCase() === email.toLowerCase());
    if (!user || user.password !== password) throw unauthorized("wrong email or password");
    const token = this.issueToken(user.workspaceId, { userId: user.id });
    const record = this.store.data.tokens[token];
    return {
      apiToken: { id: record?.id, token: token.slice(37), expiresAt: null },
      user: publicUser(user),
    };
  }

  context(p: Principal) {
    const user = this.store.data.users[p.userId];
    if (!user) throw invalid(null, "token has no user");
    return { user: publicUser(user), workspace: this.store.data.workspaces[p.workspaceId] };
  }
}

function publicUser(u: UserRecord) {
  return { id: u.id, email: u.email, name: u.name };
}
