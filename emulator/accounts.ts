/** Workspaces, users and API tokens: who a request is, and what it may see. */
import { randomBytes, randomUUID } from "node:crypto";
import { invalid, unauthorized } from "./errors";
import { DEFAULT_LIMIT } from "./seed";
import { type Obj, own, type Store, type TokenRecord, type UserRecord } from "./store";
import { LIMIT_FIELDS } from "./wire/api";
import { answerIn, type Serving } from "./wire/kind";
import { User, Workspace } from "./wire/lookups";

/** Internal field of a stored workspace: users who belong to it besides its first one (never answered). */
const MEMBERS = "memberIds";

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
    const workspaceId = this.newWorkspace(opts);
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
    return { workspaceId, token, userId: owner.id };
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
      apiToken: { id: record?.id, token: token.slice(37) },
      user: publicUser(user),
    };
  }

  /** GET /auth/context: the user only (`real`); the `full` shape adds the token's workspace. */
  context(p: Principal, serving: Serving): Obj {
    const user = own(this.store.data.users, p.userId);
    if (!user) throw invalid(null, "token has no user");
    const answer: Obj = { user: answerIn(User, { ...publicUser(user), name: user.name }, serving) };
    if (serving.shape === "full") {
      answer.workspace = answerIn(Workspace, own(this.store.data.workspaces, p.workspaceId) ?? {}, serving);
    }
    return answer;
  }

  /**
   * The workspaces the token's user belongs to: its first one, the token's own, any it was added to, and
   * any it is a member of (`POST /workspaces/{id}/users`). ASSUMED: a member sees the whole workspace
   * whatever its role; the emulator checks no role.
   */
  workspacesOf(p: Principal): string[] {
    const home = own(this.store.data.users, p.userId)?.workspaceId;
    const joined = new Set(
      this.store
        .all("workspaceMember")
        .filter((m) => m.object.userId === p.userId)
        .map((m) => m.workspaceId),
    );
    return Object.values(this.store.data.workspaces)
      .filter((ws) => {
        const members = ws[MEMBERS];
        return (
          ws.id === p.workspaceId ||
          ws.id === home ||
          joined.has(String(ws.id)) ||
          (Array.isArray(members) && members.includes(p.userId))
        );
      })
      .map((ws) => String(ws.id));
  }

  /** Gives the token's user one more workspace; its objects are visible to the user's tokens from then on. */
  addWorkspace(token: string, opts: NewWorkspace = {}): { workspaceId: string } {
    const { userId } = this.authenticate(`Bearer ${token}`);
    return { workspaceId: this.newWorkspace(opts, [userId]) };
  }

  /** Stores a new workspace with its quotas and the published Workspace fields. */
  private newWorkspace(opts: NewWorkspace, members: string[] = []): string {
    const limits = opts.limits ?? {};
    for (const [field, value] of Object.entries(limits)) {
      if (!(LIMIT_FIELDS as readonly string[]).includes(field)) {
        throw new Error(`unknown workspace limit ${field}; one of ${LIMIT_FIELDS.join(", ")}`);
      }
      if (!Number.isInteger(value) || (value ?? -1) < 0) throw new Error(`${field} must be a whole number >= 0`);
    }
    const now = new Date().toISOString();
    const workspaceId = randomUUID();
    const name = opts.name ?? `workspace-${workspaceId.slice(0, 8)}`;
    const workspace: Obj = {
      id: workspaceId,
      number: Object.keys(this.store.data.workspaces).length + 1,
      name,
      displayName: name,
      // ASSUMED: a new workspace has no credit, bills in eur (the types' first currency), has no feature flags.
      credit: 0,
      currency: "eur",
      featureFlags: [],
    };
    for (const field of LIMIT_FIELDS) workspace[field] = limits[field] ?? DEFAULT_LIMIT;
    Object.assign(workspace, { createdAt: now, updatedAt: now });
    if (members.length > 0) workspace[MEMBERS] = members;
    this.store.data.workspaces[workspaceId] = workspace;
    this.store.changed(["workspaces", workspaceId]);
    return workspaceId;
  }
}

/** The published User fields the emulator has (`fullname`, not the store's `name`). */
function publicUser(u: UserRecord): Obj {
  return { id: u.id, email: u.email, ...(u.name ? { fullname: u.name } : {}) };
}
