/**
 * The read-only lookups, once, over a client: the TypeScript SDK's `getX` functions (sdk/lookups.ts) and the
 * plugin's invokes (`futrou:index:getX`) both run these, and the plugin's schema lists them from here.
 *
 * Existing objects are found with the API's list filters (`name`, `domain`, `workspaceId`), following every
 * page, then matched exactly (a filter may match more loosely than we need). Plans and regions are small
 * catalogues: listed whole, matched by name. Results hold only the looked-up objects, never the token; a
 * field the API leaves out (or sends as `null`) is `undefined`.
 */
import { z } from "zod";
import type { FutrouClient } from "./api/client";
import { COLLECTIONS, PLAN_COLLECTIONS, type PlanKind } from "./api/contract";
import * as models from "./api/models";
import type { Settings } from "./config";
import { Storage } from "./kinds/storage/fields";
import { normalize, type Props } from "./normal";
import { specFor } from "./registry";

export interface LookupSpec {
  /** The function's name in every SDK; the plugin's token is `futrou:index:<name>`. */
  name: string;
  /** Its arguments (validated before any request). */
  args: z.ZodObject;
  /** The API model of one result object (the schema's result types come from it). */
  model: z.ZodObject;
  /** The result fields besides `id`, in order. */
  fields: readonly string[];
  /** A list result: the invoke answers `{ <list>: [...] }` (an invoke's result is an object). */
  list?: string;
  /** Runs it: `settings` are the provider's (the default workspace for lookups that need one). */
  run(client: FutrouClient, args: Props, settings: Settings): Promise<Props | Props[]>;
}

/** Every result field, `undefined` where the API said nothing (or `null`), so Output forms can lift them. */
function resultOf(obj: Props, fields: readonly string[]): Props {
  return Object.fromEntries(["id", ...fields].map((k) => [k, obj[k] ?? undefined]));
}

const byName = z.object({ name: z.string().min(1, "must not be empty"), workspaceId: z.string().optional() });
const byDomain = z.object({ domain: z.string().min(1, "must not be empty"), workspaceId: z.string().optional() });
const planArgs = z.object({ name: z.string().min(1, "must not be empty") });

type FinderKind = "project" | "dnsZone" | "serverlet" | "volume" | "proxy" | "cron";

/** The model's fields, less `id` and `omit`: what a result carries. */
const fieldsOf = (model: z.ZodObject, omit: readonly string[] = []): string[] =>
  Object.keys(model.shape).filter((k) => k !== "id" && !omit.includes(k));

/**
 * An object of `kind` found by its `by` field (a list filter of the same name), in one workspace if asked.
 * The result has every field of the kind's model except `omit`.
 */
function finder(
  name: string,
  kind: FinderKind,
  by: "name" | "domain",
  what: string,
  omit: readonly string[] = [],
): LookupSpec {
  const model = specFor(kind).model;
  const fields = fieldsOf(model, omit);
  return {
    name,
    args: by === "name" ? byName : byDomain,
    model,
    fields,
    async run(client, args) {
      const value = args[by];
      const workspaceId =
        typeof args.workspaceId === "string" && args.workspaceId !== "" ? args.workspaceId : undefined;
      if (typeof value !== "string" || value === "") throw new Error(`futrou: get ${what} needs a ${by}`);
      const query = { [by]: value, ...(workspaceId ? { workspaceId } : {}) };
      const listed = (await client.list(COLLECTIONS[kind], model, query)) as Props[];
      const found = listed
        .map((o) => normalize(kind, o))
        .filter(
          (o) => o[by] === value && (!workspaceId || o.workspaceId === undefined || o.workspaceId === workspaceId),
        );
      const where = workspaceId ? ` in workspace ${workspaceId}` : "";
      if (found.length === 0) throw new Error(`futrou: no ${what} with ${by} "${value}"${where}`);
      if (found.length > 1) {
        throw new Error(
          `futrou: ${found.length} ${what}s have ${by} "${value}" (${found.map((o) => o.id).join(", ")}); ` +
            "pass workspaceId to choose",
        );
      }
      return resultOf(found[0] as Props, fields);
    },
  };
}

const REGION_FIELDS = fieldsOf(models.Region);

function planLookup(name: string, kind: PlanKind, what: string, model: z.ZodObject = models.Plan): LookupSpec {
  const fields = fieldsOf(model);
  return {
    name,
    args: planArgs,
    model,
    fields,
    async run(client, args) {
      const all = (await client.list(PLAN_COLLECTIONS[kind], model)) as Props[];
      const found = all.find((p) => p.name === args.name);
      if (!found) {
        const names = all.map((p) => p.name).filter((n) => typeof n === "string");
        throw new Error(`futrou: no ${what} named "${String(args.name)}" (available: ${names.join(", ") || "none"})`);
      }
      return resultOf(found, fields);
    },
  };
}

/** Every plan of a kind (a list result). */
function planList(name: string, kind: PlanKind, model: z.ZodObject): LookupSpec {
  const fields = fieldsOf(model);
  return {
    name,
    args: z.object({}),
    model,
    fields,
    list: "plans",
    async run(client) {
      const all = (await client.list(PLAN_COLLECTIONS[kind], model)) as Props[];
      return all.map((p) => resultOf(p, fields));
    },
  };
}

/**
 * The storage with this name. `GET /storages` needs `workspaceId` or `projectId` (unlike the other lists),
 * so without either it asks in `futrou:workspaceId`, else in each workspace the token sees.
 */
const getStorage: LookupSpec = {
  name: "getStorage",
  args: byName.extend({ projectId: z.string().optional() }),
  model: Storage,
  fields: fieldsOf(Storage),
  async run(client, args, settings) {
    const name = args.name;
    const workspaceId = typeof args.workspaceId === "string" && args.workspaceId !== "" ? args.workspaceId : undefined;
    const projectId = typeof args.projectId === "string" && args.projectId !== "" ? args.projectId : undefined;
    if (typeof name !== "string" || name === "") throw new Error("futrou: get storage needs a name");
    const scopes = projectId
      ? [{ projectId, ...(workspaceId ? { workspaceId } : {}) }]
      : (workspaceId
          ? [workspaceId]
          : settings.workspaceId
            ? [settings.workspaceId]
            : (await client.list("/workspaces", models.Workspace)).map((w) => w.id)
        ).map((id): { workspaceId?: string; projectId?: string } => ({ workspaceId: id }));
    const found: Props[] = [];
    for (const scope of scopes) {
      const listed = (await client.list(COLLECTIONS.storage, Storage, { name, ...scope })) as Props[];
      found.push(
        ...listed.filter(
          (o) =>
            o.name === name &&
            (o.workspaceId === undefined || scope.workspaceId === undefined || o.workspaceId === scope.workspaceId) &&
            (o.projectId === undefined || projectId === undefined || o.projectId === projectId),
        ),
      );
    }
    const where = projectId ? ` in project ${projectId}` : workspaceId ? ` in workspace ${workspaceId}` : "";
    if (found.length === 0) throw new Error(`futrou: no storage with name "${name}"${where}`);
    if (found.length > 1) {
      throw new Error(
        `futrou: ${found.length} storages have name "${name}" (${found.map((o) => o.id).join(", ")}); ` +
          "pass workspaceId or projectId to choose",
      );
    }
    return resultOf(found[0] as Props, fieldsOf(Storage));
  },
};

/** Every lookup, by function name. */
export const LOOKUPS = {
  getProject: finder("getProject", "project", "name", "project"),
  // `name` is the zone's domain under its older name (normal.ts reads it into `domain`).
  getDnsZone: finder("getDnsZone", "dnsZone", "domain", "DNS zone", ["name"]),
  // Without the fields no published shape carries (`status` is read into `state`); the newest Model's
  // `arch`, `mounts` and `scaling` are in.
  getServerlet: finder("getServerlet", "serverlet", "name", "serverlet", [
    "status",
    "stateReason",
    "env",
    "volumes",
    "ports",
  ]),
  getVolume: finder("getVolume", "volume", "name", "volume"),
  getStorage,
  getProxy: finder("getProxy", "proxy", "domain", "proxy"),
  // Without `headers` and `body`: they may hold credentials.
  getCron: finder("getCron", "cron", "name", "cron job", ["headers", "body"]),
  getRegions: {
    name: "getRegions",
    args: z.object({}),
    model: models.Region,
    fields: REGION_FIELDS,
    list: "regions",
    async run(client: FutrouClient) {
      const all = (await client.list("/regions", models.Region)) as Props[];
      return all.map((r) => resultOf(r, REGION_FIELDS));
    },
  },
  getServerletPlan: planLookup("getServerletPlan", "serverlet", "serverlet plan"),
  getVolumePlan: planLookup("getVolumePlan", "volume", "volume plan"),
  getDnsPlan: planLookup("getDnsPlan", "dns", "DNS plan"),
  getCronPlan: planLookup("getCronPlan", "cron", "cron plan"),
  getStoragePlan: planLookup("getStoragePlan", "storage", "storage plan", models.StoragePlan),
  getStoragePlans: planList("getStoragePlans", "storage", models.StoragePlan),
  getProxyPlan: planLookup("getProxyPlan", "proxy", "proxy plan"),
} satisfies Record<string, LookupSpec>;

export type LookupName = keyof typeof LOOKUPS;
