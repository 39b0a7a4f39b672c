/**
 * The records a real zone holds from the start, made by the platform, not the user. Evidence (futrou-cli
 * deployer.go): an `SOA` record whose value is the platform's (the CLI's `deploy` never changes it).
 * ASSUMED: the two `NS` records at `@`, the values (Futrou's name servers), TTL 3600. Whether users may
 * change or delete them otherwise is the `lockedPlatformRecords` switch (assumptions.ts), off by default.
 */
import { randomUUID } from "node:crypto";
import { invalid } from "./errors";
import type { Obj } from "./store";

export const NAME_SERVERS = ["ns1.futrou.com", "ns2.futrou.com"] as const;
/** Marks a stored record as the platform's (never answered). */
export const PLATFORM_FIELD = "platform";
const TTL = 3600;

export function platformRecords(zone: Obj, now: string): Obj[] {
  // Serial in the common YYYYMMDDnn form.
  const serial = `${now.slice(0, 10).replaceAll("-", "")}01`;
  const record = (type: string, value: string): Obj => ({
    id: randomUUID(),
    dnsId: zone.id,
    name: "@",
    type,
    value,
    priority: 0,
    ttl: TTL,
    [PLATFORM_FIELD]: true,
    createdAt: now,
    updatedAt: now,
  });
  return [
    record("SOA", `${NAME_SERVERS[0]}. hostmaster.futrou.com. ${serial} 7200 3600 1209600 300`),
    ...NAME_SERVERS.map((ns) => record("NS", `${ns}.`)),
  ];
}

/** Why a user may not change or delete this record, if the `lockedPlatformRecords` switch is on. */
export function lockedRecordReason(o: Obj, locked: boolean): string | undefined {
  if (!locked || !o[PLATFORM_FIELD]) return undefined;
  return `the zone's ${o.type} record is managed by the platform (ASSUMED: read-only; --assume locked-platform-records)`;
}

/** The SOA's value is the platform's: a PATCH may repeat it, not change it (the CLI never sends one). */
export function checkPlatformUpdate(current: Obj, patch: Obj): void {
  if (!current[PLATFORM_FIELD] || current.type !== "SOA") return;
  if (patch.value !== undefined && patch.value !== current.value) {
    // ASSUMED: refused rather than silently kept.
    throw invalid("value", "the zone's SOA value is the platform's and cannot be set; leave `value` out");
  }
}
