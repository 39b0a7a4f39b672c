/**
 * Read-only lookups, each in Pulumi's two forms: `getX(args, opts?)` returns a Promise, `getXOutput(args,
 * opts?)` an Output (its args may be Outputs). They run in the program process with the settings of the
 * provider in `opts.provider` (or the parent's), else the stack's `futrou:*` config, then the environment.
 * Results hold only the looked-up objects, never the token; a field the API leaves out is `undefined`.
 *
 * Existing objects are found with the API's list filters (`name`, `domain`, `workspaceId`), following
 * every page, then matched exactly (a filter may match more loosely than we need).
 */
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { PLAN_COLLECTIONS, type PlanKind } from "../provider/api/contract";
import * as models from "../provider/api/models";
import { type ConfigSource, clientFor, resolveSettings, type Settings } from "../provider/config";
import { normalize, type Props } from "../provider/normal";
import { providerSettings } from "./provider";

// ---------------------------------------------------------------------------------------------------
// Result types (hand-written: the package's public types never name zod)

export interface ProjectResult {
  readonly id: string;
  readonly name: string | undefined;
  readonly displayName: string | undefined;
  readonly workspaceId: string | undefined;
  readonly gitRepositoryName: string | undefined;
  readonly gitRepositoryUrl: string | undefined;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
}

export interface DnsZoneResult {
  readonly id: string;
  readonly domain: string | undefined;
  readonly enableDnssec: boolean | undefined;
  readonly workspaceId: string | undefined;
  readonly projectId: string | undefined;
  readonly dnsPlanId: string | undefined;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
}

export interface ServerletResult {
  readonly id: string;
  readonly name: string | undefined;
  readonly image: string | undefined;
  /** Millicores per instance. */
  readonly cpu: number | undefined;
  /** MiB per instance. */
  readonly ram: number | undefined;
  readonly minInstances: number | undefined;
  readonly maxInstances: number | undefined;
  readonly instances: number | undefined;
  /** `deploying`, `running`, `stopped`, `failed` (or a state this package does not know). */
  readonly state: string | undefined;
  readonly networkId: string | undefined;
  readonly runtime: string | undefined;
  readonly workspaceId: string | undefined;
  readonly projectId: string | undefined;
  readonly regionId: string | undefined;
  readonly serverletPlanId: string | undefined;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
}

export interface VolumeResult {
  readonly id: string;
  readonly name: string | undefined;
  readonly sizeGb: number | undefined;
  readonly type: string | undefined;
  readonly workspaceId: string | undefined;
  readonly projectId: string | undefined;
  readonly regionId: string | undefined;
  readonly volumePlanId: string | undefined;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
}

/** A storage (the newest API generation). Sized by its plan (`getStoragePlans`). */
export interface StorageResult {
  readonly id: string;
  readonly name: string | undefined;
  readonly storagePlanId: string | undefined;
  readonly public: boolean | undefined;
  readonly workspaceId: string | undefined;
  readonly projectId: string | undefined;
  readonly regionId: string | undefined;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
}

export interface ProxyResult {
  readonly id: string;
  readonly domain: string | undefined;
  readonly target: string | undefined;
  readonly port: number | undefined;
  readonly type: string | undefined;
  readonly strategy: string | undefined;
  readonly enforceHttps: boolean | undefined;
  readonly compress: boolean | undefined;
  readonly followRedirects: boolean | undefined;
  readonly preserveHeaders: boolean | undefined;
  readonly preserveHost: boolean | undefined;
  readonly preservePath: boolean | undefined;
  readonly preserveQuery: boolean | undefined;
  readonly verifyTls: boolean | undefined;
  readonly status: string | undefined;
  readonly workspaceId: string | undefined;
  readonly projectId: string | undefined;
  readonly proxyPlanId: string | undefined;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
}

/** A cron job. Its `headers` and `body` may hold credentials: lookups leave them out. */
export interface CronResult {
  readonly id: string;
  readonly name: string | undefined;
  readonly schedule: string | undefined;
  readonly type: string | undefined;
  readonly method: string | undefined;
  readonly url: string | undefined;
  readonly code: string | undefined;
  readonly enabled: boolean | undefined;
  readonly startedAt: string | undefined;
  readonly workspaceId: string | undefined;
  readonly projectId: string | undefined;
  readonly cronPlanId: string | undefined;
  readonly regionId: string | undefined;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
}

export interface Plan {
  readonly id: string;
  readonly name: string | undefined;
  readonly displayName: string | undefined;
  /** Price per minute, keyed by currency. */
  readonly minutePrice: Readonly<Record<string, number>> | undefined;
  /** Price per month, keyed by currency. */
  readonly monthlyPrice: Readonly<Record<string, number>> | undefined;
  readonly isPublic: boolean | undefined;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
}

/** A storage plan: a plan plus its `size` (an object whose keys the API does not publish). */
export interface StoragePlan extends Plan {
  readonly size: Readonly<Record<string, unknown>> | undefined;
}

export interface Region {
  readonly id: string;
  readonly name: string | undefined;
  readonly displayName: string | undefined;
  readonly domain: string | undefined;
  readonly isPublic: boolean | undefined;
  readonly workspaceId: string | undefined;
  readonly createdAt: string | undefined;
  readonly updatedAt: string | undefined;
}

// ---------------------------------------------------------------------------------------------------
// Arguments and the two forms

export interface GetByNameArgs {
  /** The exact name. */
  name: string;
  /** Only in this workspace (needed when the token sees several with an object of that name). */
  workspaceId?: string;
}

export interface GetByDomainArgs {
  /** The exact domain, e.g. `example.com`. */
  domain: string;
  /** Only in this workspace (needed when the token sees several with an object of that domain). */
  workspaceId?: string;
}

export interface GetStorageArgs {
  /** The exact name. */
  name: string;
  /**
   * Only in this workspace. `GET /storages` needs a workspace or a project: without either, the lookup asks
   * in `futrou:workspaceId`, else in each workspace the token sees.
   */
  workspaceId?: string;
  /** Only in this project. */
  projectId?: string;
}

export interface PlanArgs {
  /** The plan's name, e.g. `starter`. */
  name: string;
}

/** The args of an Output-form lookup: each may be an Output. */
export type OutputArgs<A> = { [K in keyof A]: pulumi.Input<A[K]> };

export type Lookup<A, R> = (args: A, opts?: pulumi.InvokeOptions) => Promise<R>;
export type OutputLookup<A, R> = (args: OutputArgs<A>, opts?: pulumi.InvokeOptions) => pulumi.Output<R>;

function outputForm<A, R>(lookup: Lookup<A, R>): OutputLookup<A, R> {
  return (args, opts) => pulumi.output(args).apply((a) => lookup(a as A, opts));
}

// ---------------------------------------------------------------------------------------------------
// Settings and the list-and-match machinery

/** Stack config `futrou:<key>` as the provider's ConfigSource. */
function stackConfig(): ConfigSource {
  const config = new pulumi.Config("futrou");
  return { get: (key) => config.get(key.replace(/^futrou:/, "")) };
}

/** The settings of `opts.provider` (or the parent's provider), else of the stack. */
async function settingsFor(opts: pulumi.InvokeOptions | undefined): Promise<Settings> {
  const provider = opts?.provider ?? opts?.parent?.getProvider("pulumi-nodejs:dynamic:Resource");
  const explicit = providerSettings(provider);
  if (!explicit) return resolveSettings(stackConfig());
  const keys = await new Promise<Record<string, string>>((resolve) => explicit.apply(resolve));
  return resolveSettings({ get: (key) => keys[key] });
}

async function client(opts: pulumi.InvokeOptions | undefined) {
  return clientFor(await settingsFor(opts));
}

/**
 * The tolerant model's answer as a result type: every field of the type, `undefined` where the API said
 * nothing (or `null`), so an Output-form result has every property (`getProjectOutput(…).name`).
 */
function resultOf<R extends { id: string }>(obj: Props, keys: readonly (keyof R & string)[]): R {
  return Object.fromEntries(["id", ...keys].map((k) => [k, obj[k] ?? undefined])) as unknown as R;
}

interface Finder<R extends { id: string }> {
  collection: string;
  model: z.ZodType<Props>;
  /** The field the object is found by, and the list filter of the same name. */
  by: "name" | "domain";
  what: string;
  /** Brings an API object to the API's normal form (a zone's domain from `domain` or `name`). */
  kind?: Parameters<typeof normalize>[0];
  fields: readonly (keyof R & string)[];
}

function finder<R extends { id: string }, A extends { workspaceId?: string }>(f: Finder<R>): Lookup<A, R> {
  return async (args, opts) => {
    const value = (args as Record<string, unknown>)[f.by];
    if (typeof value !== "string" || value === "") throw new Error(`futrou: get ${f.what} needs a ${f.by}`);
    const query = { [f.by]: value, ...(args.workspaceId ? { workspaceId: args.workspaceId } : {}) };
    const listed = (await (await client(opts)).list(f.collection, f.model, query)) as Props[];
    const all = listed.map((o) => (f.kind ? normalize(f.kind, o) : o));
    const found = all.filter(
      (o) =>
        o[f.by] === value && (!args.workspaceId || o.workspaceId === undefined || o.workspaceId === args.workspaceId),
    );
    const where = args.workspaceId ? ` in workspace ${args.workspaceId}` : "";
    if (found.length === 0) throw new Error(`futrou: no ${f.what} with ${f.by} "${value}"${where}`);
    if (found.length > 1) {
      throw new Error(
        `futrou: ${found.length} ${f.what}s have ${f.by} "${value}" (${found.map((o) => o.id).join(", ")}); ` +
          "pass workspaceId to choose",
      );
    }
    return resultOf<R>(found[0] as Props, f.fields);
  };
}

const TIMES = ["createdAt", "updatedAt"] as const;
const OWNERS = ["workspaceId", "projectId"] as const;

// ---------------------------------------------------------------------------------------------------
// Existing objects

/** The project with this name. */
export const getProject: Lookup<GetByNameArgs, ProjectResult> = finder<ProjectResult, GetByNameArgs>({
  collection: "/projects",
  model: models.Project,
  by: "name",
  what: "project",
  fields: ["name", "displayName", "workspaceId", "gitRepositoryName", "gitRepositoryUrl", ...TIMES],
});
/** The project with this name, as an Output. */
export const getProjectOutput: OutputLookup<GetByNameArgs, ProjectResult> = outputForm(getProject);

/** The DNS zone for this domain. */
export const getDnsZone: Lookup<GetByDomainArgs, DnsZoneResult> = finder<DnsZoneResult, GetByDomainArgs>({
  collection: "/dns",
  model: models.DnsZone,
  by: "domain",
  what: "DNS zone",
  kind: "dnsZone",
  fields: ["domain", "enableDnssec", ...OWNERS, "dnsPlanId", ...TIMES],
});
/** The DNS zone for this domain, as an Output. */
export const getDnsZoneOutput: OutputLookup<GetByDomainArgs, DnsZoneResult> = outputForm(getDnsZone);

/** The serverlet with this name. */
export const getServerlet: Lookup<GetByNameArgs, ServerletResult> = finder<ServerletResult, GetByNameArgs>({
  collection: "/serverlets",
  model: models.Serverlet,
  by: "name",
  what: "serverlet",
  kind: "serverlet",
  fields: [
    "name",
    "image",
    "cpu",
    "ram",
    "minInstances",
    "maxInstances",
    "instances",
    "state",
    "networkId",
    "runtime",
    ...OWNERS,
    "regionId",
    "serverletPlanId",
    ...TIMES,
  ],
});
/** The serverlet with this name, as an Output. */
export const getServerletOutput: OutputLookup<GetByNameArgs, ServerletResult> = outputForm(getServerlet);

/** The volume with this name. */
export const getVolume: Lookup<GetByNameArgs, VolumeResult> = finder<VolumeResult, GetByNameArgs>({
  collection: "/volumes",
  model: models.Volume,
  by: "name",
  what: "volume",
  fields: ["name", "sizeGb", "type", ...OWNERS, "regionId", "volumePlanId", ...TIMES],
});
/** The volume with this name, as an Output. */
export const getVolumeOutput: OutputLookup<GetByNameArgs, VolumeResult> = outputForm(getVolume);

const STORAGE_FIELDS = ["name", "storagePlanId", "public", ...OWNERS, "regionId", ...TIMES] as const;

/**
 * The storage with this name. `GET /storages` needs `workspaceId` or `projectId` (unlike the other lists),
 * so without either the lookup asks in `futrou:workspaceId`, else in each workspace the token sees.
 */
export const getStorage: Lookup<GetStorageArgs, StorageResult> = async (args, opts) => {
  const { name } = args;
  if (typeof name !== "string" || name === "") throw new Error("futrou: get storage needs a name");
  const settings = await settingsFor(opts);
  const api = clientFor(settings);
  const scopes = args.projectId
    ? [{ projectId: args.projectId, ...(args.workspaceId ? { workspaceId: args.workspaceId } : {}) }]
    : (args.workspaceId
        ? [args.workspaceId]
        : settings.workspaceId
          ? [settings.workspaceId]
          : (await api.list("/workspaces", models.Workspace)).map((w) => w.id)
      ).map((workspaceId) => ({ workspaceId }));
  const found: Props[] = [];
  for (const scope of scopes) {
    const listed = (await api.list("/storages", models.Storage, { name, ...scope })) as Props[];
    found.push(
      ...listed.filter(
        (o) =>
          o.name === name &&
          (o.workspaceId === undefined || scope.workspaceId === undefined || o.workspaceId === scope.workspaceId) &&
          (o.projectId === undefined || args.projectId === undefined || o.projectId === args.projectId),
      ),
    );
  }
  const where = args.projectId
    ? ` in project ${args.projectId}`
    : args.workspaceId
      ? ` in workspace ${args.workspaceId}`
      : "";
  if (found.length === 0) throw new Error(`futrou: no storage with name "${name}"${where}`);
  if (found.length > 1) {
    throw new Error(
      `futrou: ${found.length} storages have name "${name}" (${found.map((o) => o.id).join(", ")}); ` +
        "pass workspaceId or projectId to choose",
    );
  }
  return resultOf<StorageResult>(found[0] as Props, STORAGE_FIELDS);
};
/** The storage with this name, as an Output. */
export const getStorageOutput: OutputLookup<GetStorageArgs, StorageResult> = outputForm(getStorage);

/** The proxy for this domain. */
export const getProxy: Lookup<GetByDomainArgs, ProxyResult> = finder<ProxyResult, GetByDomainArgs>({
  collection: "/proxies",
  model: models.Proxy,
  by: "domain",
  what: "proxy",
  fields: [
    "domain",
    "target",
    "port",
    "type",
    "strategy",
    "enforceHttps",
    "compress",
    "followRedirects",
    "preserveHeaders",
    "preserveHost",
    "preservePath",
    "preserveQuery",
    "verifyTls",
    "status",
    ...OWNERS,
    "proxyPlanId",
    ...TIMES,
  ],
});
/** The proxy for this domain, as an Output. */
export const getProxyOutput: OutputLookup<GetByDomainArgs, ProxyResult> = outputForm(getProxy);

/** The cron job with this name (without its `headers` and `body`, which may hold credentials). */
export const getCron: Lookup<GetByNameArgs, CronResult> = finder<CronResult, GetByNameArgs>({
  collection: "/crons",
  model: models.Cron,
  by: "name",
  what: "cron job",
  fields: [
    "name",
    "schedule",
    "type",
    "method",
    "url",
    "code",
    "enabled",
    "startedAt",
    ...OWNERS,
    "cronPlanId",
    "regionId",
    ...TIMES,
  ],
});
/** The cron job with this name, as an Output. */
export const getCronOutput: OutputLookup<GetByNameArgs, CronResult> = outputForm(getCron);

// ---------------------------------------------------------------------------------------------------
// Plans and regions (small catalogues: listed whole, matched by name)

const PLAN_FIELDS = ["name", "displayName", "minutePrice", "monthlyPrice", "isPublic", ...TIMES] as const;
const REGION_FIELDS = ["name", "displayName", "domain", "isPublic", "workspaceId", ...TIMES] as const;

const planLookup =
  <P extends Plan = Plan>(
    kind: PlanKind,
    what: string,
    model: z.ZodType<Props> = models.Plan,
    fields: readonly (keyof P & string)[] = PLAN_FIELDS,
  ): Lookup<PlanArgs, P> =>
  async ({ name }, opts) => {
    const all = (await (await client(opts)).list(PLAN_COLLECTIONS[kind], model)) as Props[];
    const found = all.find((p) => p.name === name);
    if (!found) {
      const names = all.map((p) => p.name).filter((n) => typeof n === "string");
      throw new Error(`futrou: no ${what} named "${name}" (available: ${names.join(", ") || "none"})`);
    }
    return resultOf<P>(found, fields);
  };

const STORAGE_PLAN_FIELDS = [...PLAN_FIELDS, "size"] as const;

/** Every region, for `regionId` inputs. */
export async function getRegions(opts?: pulumi.InvokeOptions): Promise<Region[]> {
  const all = (await (await client(opts)).list("/regions", models.Region)) as Props[];
  return all.map((r) => resultOf<Region>(r, REGION_FIELDS));
}
/** Every region, as an Output. */
export function getRegionsOutput(opts?: pulumi.InvokeOptions): pulumi.Output<Region[]> {
  return pulumi.output(getRegions(opts));
}

/** The serverlet plan with this name, for `Serverlet.serverletPlanId`. */
export const getServerletPlan: Lookup<PlanArgs, Plan> = planLookup("serverlet", "serverlet plan");
export const getServerletPlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getServerletPlan);
/** The volume plan with this name, for `Volume.volumePlanId`. */
export const getVolumePlan: Lookup<PlanArgs, Plan> = planLookup("volume", "volume plan");
export const getVolumePlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getVolumePlan);
/** The DNS plan with this name, for `DnsZone.dnsPlanId`. */
export const getDnsPlan: Lookup<PlanArgs, Plan> = planLookup("dns", "DNS plan");
export const getDnsPlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getDnsPlan);
/** The cron plan with this name, for `Cron.cronPlanId`. */
export const getCronPlan: Lookup<PlanArgs, Plan> = planLookup("cron", "cron plan");
export const getCronPlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getCronPlan);
/** The storage plan with this name, for `Storage.storagePlanId`. */
export const getStoragePlan: Lookup<PlanArgs, StoragePlan> = planLookup<StoragePlan>(
  "storage",
  "storage plan",
  models.StoragePlan,
  STORAGE_PLAN_FIELDS,
);
export const getStoragePlanOutput: OutputLookup<PlanArgs, StoragePlan> = outputForm(getStoragePlan);

/** Every storage plan (`GET /storages/plans`), each with its `size`. */
export async function getStoragePlans(opts?: pulumi.InvokeOptions): Promise<StoragePlan[]> {
  const all = (await (await client(opts)).list(PLAN_COLLECTIONS.storage, models.StoragePlan)) as Props[];
  return all.map((p) => resultOf<StoragePlan>(p, STORAGE_PLAN_FIELDS));
}
/** Every storage plan, as an Output. */
export function getStoragePlansOutput(opts?: pulumi.InvokeOptions): pulumi.Output<StoragePlan[]> {
  return pulumi.output(getStoragePlans(opts));
}
/** The proxy plan with this name, for `Proxy.proxyPlanId`. */
export const getProxyPlan: Lookup<PlanArgs, Plan> = planLookup("proxy", "proxy plan");
export const getProxyPlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getProxyPlan);
