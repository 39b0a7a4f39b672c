/**
 * Generic CRUD for every managed kind, written once and driven by the wire definitions (wire/) and the
 * behaviour table (kinds.ts). Objects are stored whole; each answer is projected to the emulator's shape.
 */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import type { Accounts, Principal } from "./accounts";
import { ApiError, fieldError, fromZod, invalid, notFound } from "./errors";
import { KINDS } from "./kinds";
import type { Env } from "./lifecycle";
import { listPage, type PageResult } from "./listing";
import type { Entry, Obj } from "./store";
import { WIRE } from "./wire";
import { ERROR_CODES, type Kind, PLAN_COLLECTIONS, type PlanKind, QUOTA_FIELDS } from "./wire/api";
import { answerIn, schemaFor } from "./wire/kind";

type Params = Record<string, string>;

/** Where an id-valued field must point. A field name means the same thing in every kind. */
type Ref = { kind: Kind } | { plans: PlanKind } | { regions: true };
const REFERENCES: Record<string, Ref> = {
  projectId: { kind: "project" },
  serverletId: { kind: "serverlet" },
  regionId: { regions: true },
  serverletPlanId: { plans: "serverlet" },
  volumePlanId: { plans: "volume" },
  dnsPlanId: { plans: "dns" },
  cronPlanId: { plans: "cron" },
  proxyPlanId: { plans: "proxy" },
  storagePlanId: { plans: "storage" },
};

export class Resources {
  constructor(
    private readonly env: Env,
    private readonly accounts: Accounts,
  ) {}

  /** The object as this emulator's generation and shape answer it. */
  answer(kind: Kind, object: Obj): Obj {
    const wire = WIRE[kind];
    const present = wire.present?.[this.env.generation];
    return answerIn(wire.views, present ? present(object) : object, this.env);
  }

  list(kind: Kind, p: Principal, params: Params, query: URLSearchParams): PageResult {
    const spec = KINDS[kind];
    const parent = spec.parent ? this.owned(spec.parent.kind, p, { id: params[spec.parent.param] ?? "" }) : undefined;
    const visible = new Set(this.accounts.workspacesOf(p));
    // ASSUMED: `workspaceId` filters by owner, also for kinds whose answers do not carry it.
    const workspaceFilter = spec.underWorkspace ? this.pathWorkspace(kind, p, params) : query.get("workspaceId");
    if (kind === "storage" && this.env.assume.storageListNeedsScope && !workspaceFilter && !query.get("projectId")) {
      throw invalid("workspaceId", "workspaceId or projectId is required to list storages");
    }
    const rest = new URLSearchParams(query);
    rest.delete("workspaceId");
    const rows = this.env.store
      .all(kind)
      .filter(
        (e) =>
          visible.has(e.workspaceId) &&
          (workspaceFilter === null || e.workspaceId === workspaceFilter) &&
          (!spec.parent || e.object[spec.parent.field] === parent?.object.id),
      );
    const page = listPage(rows, rest, Object.keys(schemaFor(WIRE[kind].views, this.env).shape));
    return { ...page, body: page.body.map((o) => this.answer(kind, o)) };
  }

  get(kind: Kind, p: Principal, params: Params): Obj {
    return this.answer(kind, this.owned(kind, p, params).object);
  }

  create(kind: Kind, p: Principal, params: Params, body: unknown): Obj {
    const spec = KINDS[kind];
    const wire = WIRE[kind];
    const parent = spec.parent ? this.owned(spec.parent.kind, p, { id: params[spec.parent.param] ?? "" }) : undefined;
    const pathOwner = spec.underWorkspace ? this.pathWorkspace(kind, p, params) : undefined;
    const input = withoutUnset(parse(wire.create[this.env.generation], body));
    const values: Obj = { ...spec.initial, ...input };
    this.fillDefaults(kind, values);
    wire.normalize?.(values);
    checkRules(kind, values);

    const visible = this.accounts.workspacesOf(p);
    const workspaceId = pathOwner ?? parent?.workspaceId ?? this.ownerOf(kind, input, visible);
    this.checkReferences(visible, workspaceId, input);
    spec.checkStored?.(this.env, values, workspaceId);
    this.checkQuota(kind, workspaceId);
    // A defaulted owner is stored like a sent one (the `full` shape and the kept field answer it).
    if (spec.ownWorkspaceField) values.workspaceId = workspaceId;

    const now = new Date().toISOString();
    Object.assign(values, { id: randomUUID(), createdAt: now, updatedAt: now });
    if (spec.parent && parent) values[spec.parent.field] = parent.object.id;
    if (pathOwner) values.workspaceId = pathOwner;
    const writeOnly = takeWriteOnly(kind, values);
    this.checkUnique(kind, workspaceId, values);

    const entry: Entry = { workspaceId, seq: this.env.store.nextSeq(), object: values };
    if (writeOnly) entry.writeOnly = writeOnly;
    this.env.store.put(kind, entry);
    spec.afterCreate?.(this.env, entry);
    const once = spec.answeredOnce?.(this.env, entry, p);
    return { ...this.answer(kind, entry.object), ...once };
  }

  update(kind: Kind, p: Principal, params: Params, body: unknown): Obj {
    const spec = KINDS[kind];
    const wire = WIRE[kind];
    const entry = this.owned(kind, p, params);
    this.checkUnlocked(kind, entry.object);
    const patch = parse(wire.update[this.env.generation], body);
    // Aliases sent in the PATCH name the same field (a zone's `name` renames its `domain` too).
    wire.normalize?.(patch);
    for (const field of wire.createOnly) {
      if (!(field in patch)) continue;
      if (!sameValue(patch[field], entry.object[field])) {
        // ASSUMED: the API refuses rather than ignores a change it cannot make.
        throw invalid(field, `cannot be changed after create (create a new ${spec.label} instead)`);
      }
      delete patch[field];
    }
    this.checkReferences(this.accounts.workspacesOf(p), entry.workspaceId, patch);
    spec.checkUpdate?.(entry.object, patch);

    const writeOnly = takeWriteOnly(kind, patch);
    const merged: Obj = { ...entry.object };
    for (const [field, value] of Object.entries(patch)) {
      // ASSUMED: null clears a field; one with a default gets the default back.
      if (value === null) delete merged[field];
      else if (value !== undefined) merged[field] = value;
    }
    this.fillDefaults(kind, merged);
    wire.normalize?.(merged);
    checkRules(kind, { ...merged, ...entry.writeOnly, ...writeOnly });
    spec.checkStored?.(this.env, merged, entry.workspaceId);
    this.checkUnique(kind, entry.workspaceId, merged);

    merged.updatedAt = new Date().toISOString();
    entry.object = merged;
    if (writeOnly) entry.writeOnly = { ...entry.writeOnly, ...writeOnly };
    this.env.store.put(kind, entry);
    spec.afterUpdate?.(this.env, entry);
    return this.answer(kind, entry.object);
  }

  remove(kind: Kind, p: Principal, params: Params): void {
    const entry = this.owned(kind, p, params);
    this.checkUnlocked(kind, entry.object);
    this.env.store.remove(kind, String(entry.object.id));
    KINDS[kind].afterDelete?.(this.env, entry);
  }

  /**
   * The object with `params.id`, if one of the token's workspaces owns it. Another workspace's id gets the
   * very same 404 as an id that never existed: the answer is no oracle for other workspaces' ids.
   */
  owned(kind: Kind, p: Principal, params: Params): Entry {
    const spec = KINDS[kind];
    const parent = spec.parent ? this.owned(spec.parent.kind, p, { id: params[spec.parent.param] ?? "" }) : undefined;
    if (spec.underWorkspace) return this.inPathWorkspace(kind, p, params);
    const entry = this.env.store.find(kind, params.id ?? "");
    if (
      !entry ||
      !this.accounts.workspacesOf(p).includes(entry.workspaceId) ||
      (spec.parent && entry.object[spec.parent.field] !== parent?.object.id)
    ) {
      throw notFound(`${spec.label} ${params.id}`);
    }
    return entry;
  }

  /**
   * The workspace a nested collection's path names (`/workspaces/{workspaceId}/users`), if the token sees
   * it; else the same 404 as for a workspace that does not exist.
   */
  private pathWorkspace(kind: Kind, p: Principal, params: Params): string {
    const param = KINDS[kind].underWorkspace?.param ?? "";
    const workspaceId = params[param] ?? "";
    if (
      !Object.hasOwn(this.env.store.data.workspaces, workspaceId) ||
      !this.accounts.workspacesOf(p).includes(workspaceId)
    ) {
      throw notFound(`workspace ${workspaceId}`);
    }
    return workspaceId;
  }

  /** The item of a collection under a workspace, by its `id` or (ASSUMED: the path says `{userId}`) its `alsoBy` field. */
  private inPathWorkspace(kind: Kind, p: Principal, params: Params): Entry {
    const workspaceId = this.pathWorkspace(kind, p, params);
    const key = params.id ?? "";
    const alsoBy = KINDS[kind].underWorkspace?.alsoBy;
    const entry =
      this.env.store.find(kind, key) ??
      (alsoBy ? this.env.store.inWorkspace(kind, workspaceId).find((e) => e.object[alsoBy] === key) : undefined);
    if (!entry || entry.workspaceId !== workspaceId) throw notFound(`${KINDS[kind].label} ${key}`);
    return entry;
  }

  /** Defaults the API fills in: static ones, then those derived from the object (plan sizing, display name). */
  private fillDefaults(kind: Kind, o: Obj): void {
    const wire = WIRE[kind];
    const derived = wire.derive?.(o, this.env.store.data, this.env.generation);
    for (const [field, value] of Object.entries({ ...wire.defaults, ...derived })) {
      if (o[field] === undefined || o[field] === null) o[field] = structuredClone(value);
    }
  }

  /**
   * The workspace a new object goes to: the body's `workspaceId`, or for a variable the owner of its scope.
   * A workspace or scope the token cannot see is answered exactly like one that does not exist.
   */
  private ownerOf(kind: Kind, input: Obj, visible: readonly string[]): string {
    if (KINDS[kind].ownWorkspaceField && typeof input.workspaceId !== "string") {
      return this.defaultOwner(input, visible);
    }
    const scope = KINDS[kind].ownWorkspaceField
      ? "workspaceId"
      : (["workspaceId", "projectId", "serverletId"] as const).find((f) => typeof input[f] === "string");
    const value = scope ? input[scope] : undefined;
    if (typeof value !== "string") throw invalid("workspaceId", "is required");
    if (scope === "workspaceId") {
      if (!visible.includes(value)) throw invalid("workspaceId", `workspace ${value} does not exist`);
      return value;
    }
    const target = scope === "projectId" ? "project" : "serverlet";
    const owner = this.env.store.find(target, value);
    if (!owner || !visible.includes(owner.workspaceId))
      throw invalid(scope ?? "", `${KINDS[target].label} ${value} does not exist`);
    return owner.workspaceId;
  }

  /**
   * The owner of a create that names no workspace (the kind's schema allows it: the official CLI creates
   * volumes, serverlets, DNS zones and proxies this way and its tests answer 201). ASSUMED: the project's
   * workspace when the body names a project; else the token's only workspace, as the provider resolves
   * it; a token that sees several must name one.
   */
  private defaultOwner(input: Obj, visible: readonly string[]): string {
    if (typeof input.projectId === "string") {
      const project = this.env.store.find("project", input.projectId);
      if (!project || !visible.includes(project.workspaceId)) {
        throw invalid("projectId", `project ${input.projectId} does not exist`);
      }
      return project.workspaceId;
    }
    const [only, ...more] = visible;
    if (only === undefined) throw invalid("workspaceId", "is required: this token sees no workspace");
    if (more.length > 0) {
      throw invalid(
        "workspaceId",
        `is required when the token sees several workspaces (${visible.length}: ${visible.join(", ")}); name one of them`,
      );
    }
    return only;
  }

  /** Refuses a change or delete of an object users may not touch (platform records, with the switch on). */
  private checkUnlocked(kind: Kind, o: Obj): void {
    const reason = KINDS[kind].lockedBecause?.(o, this.env);
    if (reason) throw invalid(null, reason);
  }

  /** Referenced ids must exist, be visible (else the same 400 as missing) and live in the object's workspace. */
  private checkReferences(visible: readonly string[], workspaceId: string, input: Obj): void {
    const refs: Array<[string, Ref, unknown]> = Object.entries(REFERENCES).map(([f, ref]) => [f, ref, input[f]]);
    if (Array.isArray(input.volumes)) {
      input.volumes.forEach((v: { volumeId?: unknown }, i) => {
        refs.push([`volumes.${i}.volumeId`, { kind: "volume" }, v.volumeId]);
      });
    }
    if (input.mounts !== null && typeof input.mounts === "object") {
      for (const [path, storageId] of Object.entries(input.mounts))
        refs.push([`mounts.${path}`, { kind: "storage" }, storageId]);
    }
    const lookups = this.env.store.data;
    for (const [field, ref, value] of refs) {
      if (typeof value !== "string") continue;
      if ("kind" in ref) {
        const target = this.env.store.find(ref.kind, value);
        const label = KINDS[ref.kind].label;
        if (!target || !visible.includes(target.workspaceId)) throw invalid(field, `${label} ${value} does not exist`);
        // ASSUMED: objects refer only within their workspace.
        if (target.workspaceId !== workspaceId) {
          throw invalid(field, `${label} ${value} is in workspace ${target.workspaceId}, not ${workspaceId}`);
        }
      } else if ("plans" in ref) {
        if (!lookups.plans[ref.plans].some((x) => x.id === value)) {
          throw invalid(field, `${ref.plans} plan ${value} does not exist (GET ${PLAN_COLLECTIONS[ref.plans]})`);
        }
      } else if (!lookups.regions.some((x) => x.id === value)) {
        throw invalid(field, `region ${value} does not exist (GET /regions)`);
      }
    }
  }

  private checkQuota(kind: Kind, workspaceId: string): void {
    const field = QUOTA_FIELDS[kind];
    if (!field) return;
    const workspace = Object.hasOwn(this.env.store.data.workspaces, workspaceId)
      ? this.env.store.data.workspaces[workspaceId]
      : undefined;
    const limit = Number(workspace?.[field]);
    const count = this.env.store.inWorkspace(kind, workspaceId).length;
    if (count >= limit) {
      // ASSUMED: `field` of the LIMIT_EXCEEDED entry is the workspace quota field.
      const message = `workspace limit reached: ${field} is ${limit} and ${count} ${KINDS[kind].label}s exist`;
      throw new ApiError(400, message, [fieldError(ERROR_CODES.limitExceeded, field, message)]);
    }
  }

  private checkUnique(kind: Kind, workspaceId: string, object: Obj): void {
    const unique = KINDS[kind].unique;
    if (!unique) return;
    const value = object[unique.field];
    const scope = unique.scope?.(object);
    const clash = this.env.store
      .inWorkspace(kind, workspaceId)
      .find(
        (e) =>
          e.object.id !== object.id &&
          e.object[unique.field] === value &&
          (scope === undefined || unique.scope?.(e.object) === scope),
      );
    if (clash) {
      throw invalid(unique.field, `already in use: a ${KINDS[kind].label} "${value}" exists (id ${clash.object.id})`);
    }
  }
}

/** Parses a body; unknown fields are stripped, like the API ignores them. */
function parse(schema: z.ZodType, body: unknown): Obj {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data as Obj;
}

/** On create, null means "not sent". */
function withoutUnset(o: Obj): Obj {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
}

/** Every cross-field problem at once, each on its field. */
function checkRules(kind: Kind, o: Obj): void {
  const problems = WIRE[kind].rules.flatMap((rule) => {
    const problem = rule(o);
    return problem ? [fieldError(ERROR_CODES.validation, problem.field, problem.message)] : [];
  });
  if (problems.length > 0) {
    const summary = problems.map((e) => `${e.field}: ${e.message}`).join("; ");
    throw new ApiError(400, `Invalid request: ${summary}`, problems);
  }
}

/** null and absent are the same; objects compare by content. */
function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
}

function takeWriteOnly(kind: Kind, object: Obj): Obj | undefined {
  const fields = KINDS[kind].writeOnly;
  if (!fields) return undefined;
  const taken: Obj = {};
  for (const f of fields) {
    if (f in object) {
      taken[f] = object[f];
      delete object[f];
    }
  }
  return Object.keys(taken).length > 0 ? taken : undefined;
}
