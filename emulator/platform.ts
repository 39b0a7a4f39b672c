/**
 * The records a real zone holds from the start: `SOA` and `NS` at `@`, made by the platform, not the user.
 * ASSUMED: their values (Futrou's name servers), TTL 3600, and that users cannot change or delete them.
 */
import { randomUUID } from "node:crypto";
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
