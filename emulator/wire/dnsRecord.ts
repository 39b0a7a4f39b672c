/**
 * DNS record — `/dns/{dnsId}/records`. Every response field is non-nullable (spec): `priority` is a number
 * on every record, 0 where the type has none, and `type` is free text (the platform's own `SOA`, `NS`).
 */
import { z } from "zod";
import { isHostname, isIPv4, isIPv6, isRecordName } from "./formats";
import { id, int, type Rule, timestamps, wireKind } from "./kind";

/** ASSUMED: the types a user may create. */
export const USER_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"] as const;
/** ASSUMED: the types whose priority means something; on the others it must be 0. */
const PRIORITY_TYPES = new Set(["MX", "SRV"]);
/** CLI validator: 0..2147483647, CLI default 300. */
export const RECORD_TTL = { min: 0, max: 2147483647, default: 300 } as const;

const priorityRule: Rule = (o) =>
  !PRIORITY_TYPES.has(String(o.type)) && o.priority !== 0
    ? { field: "priority", message: `only MX and SRV records have a priority; a ${o.type} record takes 0 or none` }
    : undefined;

/** ASSUMED: what each type's value must look like. */
const valueRule: Rule = (o) => {
  const value = String(o.value ?? "");
  const need = (ok: boolean, what: string) =>
    ok ? undefined : { field: "value", message: `a ${o.type} record needs ${what}, got "${value}"` };
  switch (o.type) {
    case "A":
      return need(isIPv4(value), "an IPv4 address");
    case "AAAA":
      return need(isIPv6(value), "an IPv6 address");
    case "CNAME":
      if (o.name === "@") return { field: "name", message: "a CNAME record cannot be at the zone apex (@)" };
      return need(isHostname(value), "a host name");
    case "MX":
    case "NS":
      return need(isHostname(value), "a host name");
    case "SRV":
      return need(/^\d{1,5} \d{1,5} \S+$/.test(value), '"<weight> <port> <target>"');
    case "CAA":
      return need(/^\d{1,3} (issue|issuewild|iodef) "?[^"]*"?$/.test(value), "'<flags> <tag> \"<value>\"'");
    default:
      return undefined;
  }
};

export const dnsRecord = wireKind({
  name: "DnsRecord",
  request: {
    name: z
      .string()
      .min(1)
      .max(253)
      .refine(isRecordName, "must be @ or a host name inside the zone (www, _dmarc, *.api)"),
    type: z.enum(USER_RECORD_TYPES),
    value: z.string().min(1, "must not be empty").max(4096),
    ttl: int(RECORD_TTL.min, RECORD_TTL.max).optional(),
    // The CLI sends 0 on records without a priority; older clients send null. Both mean none.
    priority: int(0, 65535).nullable().optional(),
  },
  defaults: { ttl: RECORD_TTL.default, priority: 0 },
  rules: [priorityRule, valueRule],
  published: {
    dnsId: id,
    name: z.string(),
    type: z.string(),
    value: z.string(),
    priority: z.number().int(),
    ttl: z.number().int(),
    ...timestamps,
  },
});
