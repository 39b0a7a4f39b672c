/**
 * Read-only lookups, each in Pulumi's two forms: `getX(args, opts?)` returns a Promise, `getXOutput(args,
 * opts?)` an Output (its args may be Outputs). They run in the program process with the settings of the
 * provider in `opts.provider` (or the parent's), else the stack's `futrou:*` config, then the environment.
 * Results hold only the looked-up objects, never the token; a field the API leaves out is `undefined`.
 * What each one asks the API is in provider/lookups.ts, which the plugin's invokes run too.
 */
import * as pulumi from "@pulumi/pulumi";
import { type ConfigSource, clientFor, requestDeadline, resolveSettings, type Settings } from "../provider/config";
import { LOOKUPS, type LookupName } from "../provider/lookups";
import type { Props } from "../provider/normal";
import { asOneLine } from "../provider/oneLine";
import type {
  CronResult,
  DnsZoneResult,
  ProjectResult,
  ProxyResult,
  ServerletResult,
  StorageResult,
  VolumeResult,
} from "./generated/results";
import { providerSettings } from "./provider";

// Result types: each kind's from its declarations (sdk/generated/results.ts, exported by sdk/index.ts); plans
// and regions below.

export interface Plan {
  /** The plan's id, for the `…PlanId` inputs. */
  readonly id: string;
  /** The plan's name, e.g. `starter`. */
  readonly name: string | undefined;
  /** The name shown in the console. */
  readonly displayName: string | undefined;
  /** Price per minute, keyed by currency. */
  readonly minutePrice: Readonly<Record<string, number>> | undefined;
  /** Price per month, keyed by currency. */
  readonly monthlyPrice: Readonly<Record<string, number>> | undefined;
  /** Whether every workspace can use the plan. */
  readonly isPublic: boolean | undefined;
  /** When the plan was created (ISO 8601). */
  readonly createdAt: string | undefined;
  /** When the plan last changed (ISO 8601). */
  readonly updatedAt: string | undefined;
}

/** A storage plan: a plan plus its `size` (an object whose keys the API does not publish). */
export interface StoragePlan extends Plan {
  /** What the plan holds, as the API describes it (an object whose keys the API does not publish). */
  readonly size: Readonly<Record<string, unknown>> | undefined;
}

export interface Region {
  /** The region's id, for the `regionId` inputs. */
  readonly id: string;
  /** The region's name, e.g. `eu-central`. */
  readonly name: string | undefined;
  /** The name shown in the console. */
  readonly displayName: string | undefined;
  /** The region's domain. */
  readonly domain: string | undefined;
  /** Whether every workspace can use the region. */
  readonly isPublic: boolean | undefined;
  /** The workspace a private region belongs to. */
  readonly workspaceId: string | undefined;
  /** When the region was created (ISO 8601). */
  readonly createdAt: string | undefined;
  /** When the region last changed (ISO 8601). */
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
// Settings

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

/** Runs a lookup of provider/lookups.ts with the provider's settings. */
async function run(name: LookupName, args: object, opts: pulumi.InvokeOptions | undefined): Promise<unknown> {
  const settings = await settingsFor(opts);
  try {
    return await LOOKUPS[name].run(clientFor(settings).within(requestDeadline(settings)), args as Props, settings);
  } catch (error) {
    // "no project with name …", a refused token, the deadline: one line each, no stack frames.
    throw error instanceof Error ? asOneLine(error) : error;
  }
}

/** A lookup in the Promise form. */
function lookup<A extends object, R>(name: LookupName): Lookup<A, R> {
  return async (args, opts) => (await run(name, args, opts)) as R;
}

// ---------------------------------------------------------------------------------------------------
// Existing objects (found with the API's list filters, every page, then matched exactly)

/** The project with this name. */
export const getProject: Lookup<GetByNameArgs, ProjectResult> = lookup("getProject");
/** The project with this name, as an Output. */
export const getProjectOutput: OutputLookup<GetByNameArgs, ProjectResult> = outputForm(getProject);

/** The DNS zone for this domain. */
export const getDnsZone: Lookup<GetByDomainArgs, DnsZoneResult> = lookup("getDnsZone");
/** The DNS zone for this domain, as an Output. */
export const getDnsZoneOutput: OutputLookup<GetByDomainArgs, DnsZoneResult> = outputForm(getDnsZone);

/** The serverlet with this name. */
export const getServerlet: Lookup<GetByNameArgs, ServerletResult> = lookup("getServerlet");
/** The serverlet with this name, as an Output. */
export const getServerletOutput: OutputLookup<GetByNameArgs, ServerletResult> = outputForm(getServerlet);

/** The volume with this name. */
export const getVolume: Lookup<GetByNameArgs, VolumeResult> = lookup("getVolume");
/** The volume with this name, as an Output. */
export const getVolumeOutput: OutputLookup<GetByNameArgs, VolumeResult> = outputForm(getVolume);

/**
 * The storage with this name. `GET /storages` needs `workspaceId` or `projectId` (unlike the other lists),
 * so without either the lookup asks in `futrou:workspaceId`, else in each workspace the token sees.
 */
export const getStorage: Lookup<GetStorageArgs, StorageResult> = lookup("getStorage");
/** The storage with this name, as an Output. */
export const getStorageOutput: OutputLookup<GetStorageArgs, StorageResult> = outputForm(getStorage);

/** The proxy for this domain. */
export const getProxy: Lookup<GetByDomainArgs, ProxyResult> = lookup("getProxy");
/** The proxy for this domain, as an Output. */
export const getProxyOutput: OutputLookup<GetByDomainArgs, ProxyResult> = outputForm(getProxy);

/** The cron job with this name (without its `headers` and `body`, which may hold credentials). */
export const getCron: Lookup<GetByNameArgs, CronResult> = lookup("getCron");
/** The cron job with this name, as an Output. */
export const getCronOutput: OutputLookup<GetByNameArgs, CronResult> = outputForm(getCron);

// ---------------------------------------------------------------------------------------------------
// Plans and regions (small catalogues: listed whole, matched by name)

/** Every region, for `regionId` inputs. */
export async function getRegions(opts?: pulumi.InvokeOptions): Promise<Region[]> {
  return (await run("getRegions", {}, opts)) as Region[];
}
/** Every region, as an Output. */
export function getRegionsOutput(opts?: pulumi.InvokeOptions): pulumi.Output<Region[]> {
  return pulumi.output(getRegions(opts));
}

/** The serverlet plan with this name, for `Serverlet.serverletPlanId`. */
export const getServerletPlan: Lookup<PlanArgs, Plan> = lookup("getServerletPlan");
/** The serverlet plan with this name, as an Output. */
export const getServerletPlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getServerletPlan);
/** The volume plan with this name, for `Volume.volumePlanId`. */
export const getVolumePlan: Lookup<PlanArgs, Plan> = lookup("getVolumePlan");
/** The volume plan with this name, as an Output. */
export const getVolumePlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getVolumePlan);
/** The DNS plan with this name, for `DnsZone.dnsPlanId`. */
export const getDnsPlan: Lookup<PlanArgs, Plan> = lookup("getDnsPlan");
/** The DNS plan with this name, as an Output. */
export const getDnsPlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getDnsPlan);
/** The cron plan with this name, for `Cron.cronPlanId`. */
export const getCronPlan: Lookup<PlanArgs, Plan> = lookup("getCronPlan");
/** The cron plan with this name, as an Output. */
export const getCronPlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getCronPlan);
/** The storage plan with this name, for `Storage.storagePlanId`. */
export const getStoragePlan: Lookup<PlanArgs, StoragePlan> = lookup("getStoragePlan");
/** The storage plan with this name, as an Output. */
export const getStoragePlanOutput: OutputLookup<PlanArgs, StoragePlan> = outputForm(getStoragePlan);

/** Every storage plan (`GET /storages/plans`), each with its `size`. */
export async function getStoragePlans(opts?: pulumi.InvokeOptions): Promise<StoragePlan[]> {
  return (await run("getStoragePlans", {}, opts)) as StoragePlan[];
}
/** Every storage plan, as an Output. */
export function getStoragePlansOutput(opts?: pulumi.InvokeOptions): pulumi.Output<StoragePlan[]> {
  return pulumi.output(getStoragePlans(opts));
}
/** The proxy plan with this name, for `Proxy.proxyPlanId`. */
export const getProxyPlan: Lookup<PlanArgs, Plan> = lookup("getProxyPlan");
/** The proxy plan with this name, as an Output. */
export const getProxyPlanOutput: OutputLookup<PlanArgs, Plan> = outputForm(getProxyPlan);
