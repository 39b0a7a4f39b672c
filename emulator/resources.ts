/** Generic CRUD for every managed kind, written once and driven by MODELS, CREATE_DEFAULTS, QUOTA_FIELDS and KINDS. */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ERROR_CODES, type Kind, PLAN_COLLECTIONS, type PlanKind, QUOTA_FIELDS } from "../provider/api/contract";
import { CREATE_DEFAULTS, MODELS } from "../provider/api/models";
import type { Principal } from "./accounts";
import { ApiError, fieldError, forbidden, fromZod, invalid, notFound } from "./errors";
import { KINDS } from "./kinds";
import type { Env } from "./lifecycle";
import { listPage, type PageResult } from "./listing";
import type { Entry, Obj } from "./store";

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
};

export function modelFields(kind: Kind): string[] {
  return Object.keys(MODELS[kind].model.shape);
}

export class Resources {
  constructor(private readonly env: Env) {}

  list(kind: Kind, p: Principal, params: Params, query: URLSearchParams): PageResult {
    const parent = this.parentOf(kind, p, params);
    const spec = KINDS[kind];
    const rows = this.env.store
      .inWorkspace(kind, p.workspaceId)
      .filter((e) => !spec.parent || e.object[spec.parent.field] === parent);
    return listPage(rows, query, modelFields(kind));
  }

  get(kind: Kind, p: Principal, params: Params): Obj {
    return this.owned(kind, p, params).object;
  }

  create(kind: Kind, p: Principal, params: Params, body: unknown): Obj {
    const spec = KINDS[kind];
    const parentId = this.parentOf(kind, p, params);
    const input = this.parse(MODELS[kind].create, body);
    this.checkWorkspace(p, body);
    this.checkReferences(p, input);
    this.checkQuota(kind, p);

    const now = new Date().toISOString();
    const values: Obj = { ...CREATE_DEFAULTS[kind], ...spec.initial, ...spec.derivedDefaults?.(input), ...input };
    values.id = randomUUID();
    if (spec.ownWorkspaceField) values.workspaceId = p.workspaceId;
    if (spec.parent && parentId) values[spec.parent.field] = parentId;
    Object.assign(values, { createdAt: now, updatedAt: now });
    const writeOnly = takeWriteOnly(kind, values);
    // In the model's field order; ASSUMED (models.ts): every model field is present, unset optional ones null.
    const object: Obj = {};
    for (const field of modelFields(kind)) object[field] = values[field] ?? null;
    this.checkUnique(kind, p, object);

    const entry: Entry = { workspaceId: p.workspaceId, seq: this.env.store.nextSeq(), object: this.emit(kind, object) };
    if (writeOnly) entry.writeOnly = writeOnly;
    this.env.store.put(kind, entry);
    spec.afterCreate?.(this.env, entry);
    return entry.object;
  }

  update(kind: Kind, p: Principal, params: Params, body: unknown): Obj {
    const spec = KINDS[kind];
    const entry = this.owned(kind, p, params);
    const patch = this.parse(MODELS[kind].update, body);
    this.checkWorkspace(p, body);
    this.checkReferences(p, patch);
    spec.checkUpdate?.(entry.object, patch);

    const writeOnly = takeWriteOnly(kind, patch);
    const merged: Obj = { ...entry.object, ...patch };
    const problems = (spec.rules ?? []).flatMap((rule) => {
      const problem = rule({ ...merged, ...entry.writeOnly, ...writeOnly });
      return problem ? [fieldError(ERROR_CODES.validation, problem.path, problem.message)] : [];
    });
    if (problems.length > 0) {
      throw new ApiError(
        400,
        `Invalid request: ${problems.map((e) => `${e.field}: ${e.message}`).join("; ")}`,
        problems,
      );
    }
    this.checkUnique(kind, p, merged);

    merged.updatedAt = new Date().toISOString();
    entry.object = this.emit(kind, merged);
    if (writeOnly) entry.writeOnly = { ...entry.writeOnly, ...writeOnly };
    this.env.store.put(kind, entry);
    spec.afterUpdate?.(this.env, entry);
    return entry.object;
  }

  remove(kind: Kind, p: Principal, params: Params): void {
    const entry = this.owned(kind, p, params);
    this.env.store.remove(kind, String(entry.object.id));
    KINDS[kind].afterDelete?.(this.env, entry);
  }

  /** The object with `params.id`, if the token's workspace owns it (another workspace's id is a plain 404). */
  owned(kind: Kind, p: Principal, params: Params): Entry {
    const spec = KINDS[kind];
    const parentId = this.parentOf(kind, p, params);
    const entry = this.env.store.find(kind, params.id ?? "");
    if (
      !entry ||
      entry.workspaceId !== p.workspaceId ||
      (spec.parent && entry.object[spec.parent.field] !== parentId)
    ) {
      throw notFound(`${spec.label} ${params.id}`);
    }
    return entry;
  }

  /** For nested kinds, the parent id from the path, after checking the parent is visible. */
  private parentOf(kind: Kind, p: Principal, params: Params): string | undefined {
    const parent = KINDS[kind].parent;
    if (!parent) return undefined;
    return String(this.owned(parent.kind, p, { id: params[parent.param] ?? "" }).object.id);
  }

  private parse(schema: z.ZodType, body: unknown): Obj {
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw fromZod(parsed.error);
    return parsed.data as Obj;
  }

  /** A body may name the token's own workspace (or none); naming another is 403. */
  private checkWorkspace(p: Principal, body: unknown): void {
    if (typeof body !== "object" || body === null || !("workspaceId" in body)) return;
    const ws = body.workspaceId;
    if (ws !== null && ws !== undefined && ws !== p.workspaceId) {
      throw forbidden("workspaceId", "names a workspace this token has no access to");
    }
  }

  /** Referenced ids must exist (400 on the field); objects of another workspace are 403. */
  private checkReferences(p: Principal, input: Obj): void {
    const refs: Array<[string, Ref, unknown]> = Object.entries(REFERENCES).map(([f, ref]) => [f, ref, input[f]]);
    if (Array.isArray(input.volumes)) {
      input.volumes.forEach((v: { volumeId?: unknown }, i) => {
        refs.push([`volumes.${i}.volumeId`, { kind: "volume" }, v.volumeId]);
      });
    }
    const lookups = this.env.store.data;
    for (const [field, ref, value] of refs) {
      if (typeof value !== "string") continue;
      if ("kind" in ref) {
        const target = this.env.store.find(ref.kind, value);
        if (!target) throw invalid(field, `${KINDS[ref.kind].label} ${value} does not exist`);
        if (target.workspaceId !== p.workspaceId) throw forbidden(field, "names an object in another workspace");
      } else if ("plans" in ref) {
        if (!lookups.plans[ref.plans].some((x) => x.id === value)) {
          throw invalid(field, `${ref.plans} plan ${value} does not exist (GET ${PLAN_COLLECTIONS[ref.plans]})`);
        }
      } else if (!lookups.regions.some((x) => x.id === value)) {
        throw invalid(field, `region ${value} does not exist (GET /regions)`);
      }
    }
  }

  private checkQuota(kind: Kind, p: Principal): void {
    const field = QUOTA_FIELDS[kind];
    if (!field) return;
    const limit = Number(this.env.store.data.workspaces[p.workspaceId]?.[field]);
    const count = this.env.store.inWorkspace(kind, p.workspaceId).length;
    if (count >= limit) {
      // ASSUMED: `field` of the LIMIT_EXCEEDED entry is the workspace quota field.
      const message = `workspace limit reached: ${field} is ${limit} and ${count} ${KINDS[kind].label}s exist`;
      throw new ApiError(400, message, [fieldError(ERROR_CODES.limitExceeded, field, message)]);
    }
  }

  private checkUnique(kind: Kind, p: Principal, object: Obj): void {
    const unique = KINDS[kind].unique;
    if (!unique) return;
    const value = object[unique.field];
    const scope = unique.scope?.(object);
    const clash = this.env.store
      .inWorkspace(kind, p.workspaceId)
      .find(
        (e) =>
          e.object.id !== object.id &&
          e.object[unique.field] === value &&
          (scope === undefined || unique.scope?.(e.object) === scope),
      );
    if (clash)
      throw invalid(unique.field, `already in use: a ${KINDS[kind].label} "${value}" exists (id ${clash.object.id})`);
  }

  /** The stored object always parses with the response model; if not, that is an emulator bug (500). */
  private emit(kind: Kind, object: Obj): Obj {
    const parsed = MODELS[kind].model.safeParse(object);
    if (!parsed.success) throw new Error(`emulator bug: ${kind} does not match its model: ${parsed.error.message}`);
    return object;
  }
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
