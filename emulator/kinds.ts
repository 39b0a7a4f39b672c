/**
 * What differs between kinds in behaviour, as data plus a few small hooks: uniqueness, ownership, nesting,
 * async state. What differs on the wire lives in wire/. The generic CRUD in resources.ts reads both.
 */
import type { Principal } from "./accounts";
import { issueApiToken, syncApiToken, withdrawApiToken } from "./apiTokens";
import { invalid } from "./errors";
import { activateProxy, deployServerlet, type Env, issueCert } from "./lifecycle";
import { checkPlatformUpdate, lockedRecordReason, platformRecords } from "./platform";
import type { Entry, Obj } from "./store";
import type { Kind } from "./wire/api";

export interface KindSpec {
  /** For messages: "project", "DNS zone". */
  label: string;
  /** Nested collections: the parent kind, the path parameter and the field that carries its id. */
  parent?: { kind: Kind; param: string; field: string };
  /**
   * Collections under a workspace (`/workspaces/{workspaceId}/users`): the path parameter that names the
   * owner, and a field an item's path may name it by instead of its `id`.
   */
  underWorkspace?: { param: string; alsoBy?: string };
  /** No PATCH route (certificates: nothing of one changes but by an action). */
  fixed?: true;
  /**
   * ASSUMED (contract: "a duplicate name is a 400 VALIDATION_ERROR on field name"): which field must be
   * unique within the workspace, optionally within a narrower scope.
   */
  unique?: { field: string; scope?: (o: Obj) => string };
  /** Accepted and stored, never returned. */
  writeOnly?: readonly string[];
  /** The body's `workspaceId` names the owner (not for variables, where it is one of three scopes). */
  ownWorkspaceField: boolean;
  /** Read-only fields a new object starts with. */
  initial?: Obj;
  /** Refuses a create or update the schemas cannot judge alone (needs the store): references beyond `REFERENCES`. */
  checkStored?: (env: Env, values: Obj, workspaceId: string) => void;
  /** Refuses a PATCH that the schemas cannot judge alone (needs the current object). */
  checkUpdate?: (current: Obj, patch: Obj) => void;
  /** Why a stored object may not be changed or deleted by a user, if it may not. */
  lockedBecause?: (o: Obj, env: Env) => string | undefined;
  afterCreate?: (env: Env, entry: Entry) => void;
  /** Fields only the create answer carries (a new API token's secret), made once, never stored in the object. */
  answeredOnce?: (env: Env, entry: Entry, p: Principal) => Obj;
  afterUpdate?: (env: Env, entry: Entry) => void;
  afterDelete?: (env: Env, entry: Entry) => void;
}

/** ASSUMED: variables scoped to an object go with it. */
function deleteScopedVariables(env: Env, field: "projectId" | "serverletId", id: unknown): void {
  for (const v of env.store.all("variable"))
    if (v.object[field] === id) env.store.remove("variable", String(v.object.id));
}

/** ASSUMED: a member's user exists, and the projects it is limited to are the workspace's own. */
function checkMember(env: Env, o: Obj, workspaceId: string): void {
  if (typeof o.userId === "string" && !Object.hasOwn(env.store.data.users, o.userId)) {
    throw invalid("userId", `user ${o.userId} does not exist`);
  }
  const projectIds = Array.isArray(o.projectIds) ? o.projectIds : [];
  for (const [i, projectId] of projectIds.entries()) {
    const project = env.store.find("project", String(projectId));
    if (!project || project.workspaceId !== workspaceId) {
      throw invalid(`projectIds.${i}`, `project ${projectId} does not exist in workspace ${workspaceId}`);
    }
  }
}

export const KINDS: Record<Kind, KindSpec> = {
  project: {
    label: "project",
    unique: { field: "name" },
    ownWorkspaceField: true,
    afterDelete: (env, e) => deleteScopedVariables(env, "projectId", e.object.id),
  },
  variable: {
    label: "variable",
    // ASSUMED: a key is unique within its scope (the one of workspaceId/projectId/serverletId that is set).
    unique: { field: "key", scope: (o) => `${o.workspaceId ?? ""}|${o.projectId ?? ""}|${o.serverletId ?? ""}` },
    writeOnly: ["value"],
    ownWorkspaceField: false,
  },
  dnsZone: {
    label: "DNS zone",
    unique: { field: "domain" },
    ownWorkspaceField: true,
    afterCreate: (env, zone) => {
      for (const object of platformRecords(zone.object, String(zone.object.createdAt))) {
        env.store.put("dnsRecord", { workspaceId: zone.workspaceId, seq: env.store.nextSeq(), object });
      }
    },
    afterDelete: (env, zone) => {
      for (const r of env.store.all("dnsRecord")) {
        if (r.object.dnsId === zone.object.id) env.store.remove("dnsRecord", String(r.object.id));
      }
    },
  },
  dnsRecord: {
    label: "DNS record",
    parent: { kind: "dnsZone", param: "dnsId", field: "dnsId" },
    ownWorkspaceField: false,
    checkUpdate: checkPlatformUpdate,
    lockedBecause: (o, env) => lockedRecordReason(o, env.assume.lockedPlatformRecords),
  },
  cron: {
    label: "cron",
    unique: { field: "name" },
    ownWorkspaceField: true,
  },
  proxy: {
    label: "proxy",
    unique: { field: "domain" },
    ownWorkspaceField: true,
    initial: { status: "pending" },
    afterCreate: activateProxy,
  },
  volume: {
    label: "volume",
    unique: { field: "name" },
    ownWorkspaceField: true,
    checkUpdate: (current, patch) => {
      const size = patch.sizeGb;
      // ASSUMED (contract): volumes only grow.
      if (typeof size === "number" && size < Number(current.sizeGb)) {
        throw invalid("sizeGb", `can only grow: ${size} GB is smaller than the current ${current.sizeGb} GB`);
      }
    },
  },
  storage: {
    label: "storage",
    unique: { field: "name" },
    ownWorkspaceField: true,
  },
  serverlet: {
    label: "serverlet",
    unique: { field: "name" },
    ownWorkspaceField: true,
    initial: { state: "deploying", instances: 0 },
    afterCreate: deployServerlet,
    // ASSUMED: an update redeploys, except a stopped serverlet stays stopped until started.
    afterUpdate: (env, e) => {
      if (e.object.state !== "stopped") deployServerlet(env, e);
    },
    afterDelete: (env, e) => {
      env.timers.cancel(`serverlet:${e.object.id}`);
      deleteScopedVariables(env, "serverletId", e.object.id);
    },
  },
  apiToken: {
    label: "API token",
    ownWorkspaceField: true,
    answeredOnce: issueApiToken,
    afterUpdate: syncApiToken,
    afterDelete: withdrawApiToken,
  },
  workspaceMember: {
    label: "workspace member",
    // ASSUMED: a user is a member of a workspace once; the path names a member by its user too.
    unique: { field: "userId" },
    underWorkspace: { param: "workspaceId", alsoBy: "userId" },
    ownWorkspaceField: false,
    checkStored: checkMember,
  },
  cert: {
    label: "certificate",
    // ASSUMED: one certificate per domain in a workspace.
    unique: { field: "domain" },
    ownWorkspaceField: true,
    fixed: true,
    initial: { status: "pending" },
    afterCreate: issueCert,
    afterDelete: (env, e) => env.timers.cancel(`cert:${e.object.id}`),
  },
};
