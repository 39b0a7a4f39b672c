/**
 * What differs between kinds, as data plus a few small hooks. The generic CRUD in resources.ts reads
 * this table; a kind without an entry here would behave like a plain named object.
 */
import type { Kind } from "../provider/api/contract";
import {
  type CrossFieldRule,
  cronTypeRule,
  dnsRecordRule,
  instancesRule,
  variableScopeRule,
} from "../provider/api/models";
import { invalid } from "./errors";
import { activateProxy, deployServerlet, type Env } from "./lifecycle";
import type { Entry, Obj } from "./store";

export interface KindSpec {
  /** For messages: "project", "DNS zone". */
  label: string;
  /** Nested collections: the parent kind, the path parameter and the field that carries its id. */
  parent?: { kind: Kind; param: string; field: string };
  /**
   * ASSUMED (contract: "a duplicate name is a 400 VALIDATION_ERROR on field name"): which field must be
   * unique within the workspace, optionally within a narrower scope.
   */
  unique?: { field: string; scope?: (o: Obj) => string };
  /** Accepted and stored, never returned. */
  writeOnly?: readonly string[];
  /** Cross-field rules, re-run on the merged object after a PATCH. */
  rules?: ReadonlyArray<CrossFieldRule<Obj>>;
  /** Whether the object's `workspaceId` is filled from the token (not for variables: there it is a scope). */
  ownWorkspaceField: boolean;
  /** Read-only fields a new object starts with (everything else unset is null). */
  initial?: Obj;
  /** Defaults computed from the request, where CREATE_DEFAULTS cannot say them. */
  derivedDefaults?: (input: Obj) => Obj;
  /** Refuses a PATCH that the schemas cannot judge alone (needs the current object). */
  checkUpdate?: (current: Obj, patch: Obj) => void;
  afterCreate?: (env: Env, entry: Entry) => void;
  afterUpdate?: (env: Env, entry: Entry) => void;
  afterDelete?: (env: Env, entry: Entry) => void;
}

/** The rules are typed per kind; the merged object they run on was assembled from validated parts. */
const rule =
  <T>(r: CrossFieldRule<T>): CrossFieldRule<Obj> =>
  (o) =>
    r(o as T);

/** ASSUMED: variables scoped to an object go with it. */
function deleteScopedVariables(env: Env, field: "projectId" | "serverletId", id: unknown): void {
  for (const v of env.store.all("variable"))
    if (v.object[field] === id) env.store.remove("variable", String(v.object.id));
}

export const KINDS: Record<Kind, KindSpec> = {
  project: {
    label: "project",
    unique: { field: "name" },
    // ASSUMED: the display name defaults to the name.
    derivedDefaults: (input) => ({ displayName: input.name }),
    ownWorkspaceField: true,
    afterDelete: (env, e) => deleteScopedVariables(env, "projectId", e.object.id),
  },
  variable: {
    label: "variable",
    // ASSUMED: a key is unique within its scope (the one of workspaceId/projectId/serverletId that is set).
    unique: { field: "key", scope: (o) => `${o.workspaceId ?? ""}|${o.projectId ?? ""}|${o.serverletId ?? ""}` },
    writeOnly: ["value"],
    rules: [rule(variableScopeRule)],
    ownWorkspaceField: false,
  },
  dnsZone: {
    label: "DNS zone",
    unique: { field: "domain" },
    ownWorkspaceField: true,
    afterDelete: (env, zone) => {
      for (const r of env.store.all("dnsRecord")) {
        if (r.object.dnsId === zone.object.id) env.store.remove("dnsRecord", String(r.object.id));
      }
    },
  },
  dnsRecord: {
    label: "DNS record",
    parent: { kind: "dnsZone", param: "dnsId", field: "dnsId" },
    rules: [rule(dnsRecordRule)],
    ownWorkspaceField: false,
  },
  cron: {
    label: "cron",
    unique: { field: "name" },
    rules: [rule(cronTypeRule)],
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
  serverlet: {
    label: "serverlet",
    unique: { field: "name" },
    rules: [rule(instancesRule)],
    ownWorkspaceField: true,
    initial: { state: "deploying", stateReason: null, instances: 0 },
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
};
