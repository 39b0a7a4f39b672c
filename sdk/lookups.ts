/**
 * Read-only lookups for the ids resources need (plans, regions). They run in the program process with
 * the same settings as the provider: `futrou:*` stack config (a secret token is fine), then the
 * environment. Results hold only the looked-up objects, never the token.
 */
import * as pulumi from "@pulumi/pulumi";
import type { z } from "zod";
import { PLAN_COLLECTIONS, type PlanKind } from "../provider/api/contract";
import { Plan, Region } from "../provider/api/models";
import { type ConfigSource, clientFor, resolveSettings } from "../provider/config";

export type { Plan, Region } from "../provider/api/models";

/** Stack config `futrou:<key>` as the provider's ConfigSource. */
function stackConfig(): ConfigSource {
  const config = new pulumi.Config("futrou");
  return { get: (key) => config.get(key.replace(/^futrou:/, "")) };
}

/** Lists `path` and returns every item, or the one whose `name` matches exactly. */
async function lookup<S extends z.ZodType<{ name?: string | null }>>(
  path: string,
  item: S,
  what: string,
  name?: string,
) {
  const all = await clientFor(resolveSettings(stackConfig())).list(path, item);
  if (name === undefined) return all;
  const found = all.find((x) => x.name === name);
  if (!found) {
    throw new Error(`futrou: no ${what} named "${name}" (available: ${all.map((x) => x.name).join(", ") || "none"})`);
  }
  return [found];
}

export interface PlanArgs {
  /** The plan's name, e.g. `starter`. */
  name: string;
}

const planLookup =
  (kind: PlanKind, what: string) =>
  async ({ name }: PlanArgs): Promise<Plan> =>
    (await lookup(PLAN_COLLECTIONS[kind], Plan, what, name))[0] as Plan;

/** Every region (`id`, `name`, `displayName`, `country`), for `regionId` inputs. */
export async function getRegions(): Promise<Region[]> {
  return lookup("/regions", Region, "region");
}

/** The serverlet plan with this name, for `Serverlet.serverletPlanId`. */
export const getServerletPlan = planLookup("serverlet", "serverlet plan");
/** The volume plan with this name, for `Volume.volumePlanId`. */
export const getVolumePlan = planLookup("volume", "volume plan");
/** The DNS plan with this name, for `DnsZone.dnsPlanId`. */
export const getDnsPlan = planLookup("dns", "DNS plan");
/** The cron plan with this name, for `Cron.cronPlanId`. */
export const getCronPlan = planLookup("cron", "cron plan");
/** The proxy plan with this name, for `Proxy.proxyPlanId`. */
export const getProxyPlan = planLookup("proxy", "proxy plan");
