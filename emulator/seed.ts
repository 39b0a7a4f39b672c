/** What a fresh emulator holds: regions, plans per plan kind, and the default workspace (created in accounts.ts). */
import { createHash } from "node:crypto";
import type { Obj } from "./store";
import { PLAN_COLLECTIONS, type PlanKind } from "./wire/api";

/** Name-derived UUIDs, so plan and region ids are the same in every emulator run and on every machine. */
export function stableId(name: string): string {
  const h = createHash("sha1").update(`futrou-emulator:${name}`).digest("hex");
  const variant = ((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

/** Lookups are as old as the platform: a fixed date keeps them identical across runs. */
const SEEDED_AT = "2026-01-01T00:00:00.000Z";

/** `country` is the emulator's own (only the `full` shape answers it). ASSUMED: region domains. */
export const SEED_REGIONS: ReadonlyArray<{ name: string; displayName: string; country: string }> = [
  { name: "eu-central", displayName: "EU Central (Frankfurt)", country: "DE" },
  { name: "eu-west", displayName: "EU West (Amsterdam)", country: "NL" },
  { name: "us-east", displayName: "US East (Virginia)", country: "US" },
];

/**
 * ASSUMED sizing of the serverlet plans: `cpu` in millicores, `ram` as `{size, unit}`, `capacity` as max
 * instances; of the storage plans: `size` as `{size, unit}` (the types say only "an object").
 */
const TIERS = [
  { name: "starter", displayName: "Starter", monthly: 5, cpu: 250, ramMiB: 512, instances: 3, storageGb: 10 },
  { name: "standard", displayName: "Standard", monthly: 20, cpu: 1000, ramMiB: 2048, instances: 10, storageGb: 100 },
  { name: "pro", displayName: "Pro", monthly: 80, cpu: 4000, ramMiB: 8192, instances: 50, storageGb: 1000 },
];

export function seedRegions(): Obj[] {
  return SEED_REGIONS.map((r) => ({
    id: stableId(`region:${r.name}`),
    name: r.name,
    displayName: r.displayName,
    domain: `${r.name}.futrou.com`,
    isPublic: true,
    country: r.country,
    createdAt: SEEDED_AT,
    updatedAt: SEEDED_AT,
  }));
}

export function seedPlans(): Record<PlanKind, Obj[]> {
  const plans = {} as Record<PlanKind, Obj[]>;
  for (const kind of Object.keys(PLAN_COLLECTIONS) as PlanKind[]) {
    plans[kind] = TIERS.map((t) => ({
      id: stableId(`plan:${kind}:${t.name}`),
      name: t.name,
      displayName: t.displayName,
      // 30-day month, rounded to 6 places like a price list would be.
      minutePrice: { EUR: round(t.monthly / 43200), USD: round((t.monthly * 1.1) / 43200) },
      monthlyPrice: { EUR: t.monthly, USD: round(t.monthly * 1.1) },
      isPublic: true,
      ...(kind === "serverlet"
        ? { cpu: t.cpu, ram: { size: t.ramMiB, unit: "MiB" }, capacity: { instances: t.instances } }
        : {}),
      ...(kind === "storage" ? { size: { size: t.storageGb, unit: "GB" } } : {}),
      createdAt: SEEDED_AT,
      updatedAt: SEEDED_AT,
    }));
  }
  return plans;
}

function round(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

export const DEMO_USER = { email: "demo@futrou.local", password: "demo-password", name: "Demo User" } as const;
/** Generous quotas for the default workspace and for new ones unless told otherwise. */
export const DEFAULT_LIMIT = 1000;
