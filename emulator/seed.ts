/** What a fresh emulator holds: regions, plans per plan kind, and the default workspace (created in accounts.ts). */
import { createHash } from "node:crypto";
import { PLAN_COLLECTIONS, type PlanKind } from "../provider/api/contract";
import type { Obj } from "./store";

/** Name-derived UUIDs, so plan and region ids are the same in every emulator run and on every machine. */
export function stableId(name: string): string {
  const h = createHash("sha1").update(`futrou-emulator:${name}`).digest("hex");
  const variant = ((Number.parseInt(h.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${variant}${h.slice(18, 20)}-${h.slice(20, 32)}`;
}

export const SEED_REGIONS: ReadonlyArray<{ name: string; displayName: string; country: string }> = [
  { name: "eu-central", displayName: "EU Central (Frankfurt)", country: "DE" },
  { name: "eu-west", displayName: "EU West (Amsterdam)", country: "NL" },
  { name: "us-east", displayName: "US East (Virginia)", country: "US" },
];

const TIERS = [
  { name: "starter", displayName: "Starter", monthly: 5 },
  { name: "standard", displayName: "Standard", monthly: 20 },
  { name: "pro", displayName: "Pro", monthly: 80 },
];

export function seedRegions(): Obj[] {
  return SEED_REGIONS.map((r) => ({ id: stableId(`region:${r.name}`), ...r }));
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
