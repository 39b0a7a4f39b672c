/** A DNS record's fields (`/dns/{dnsId}/records`), each declared once (provider/kinds/fields.ts says what is derived). */
import { z } from "zod";
import { DNS_PRIORITY, DNS_PRIORITY_TYPES, DNS_RECORD_TYPES, DNS_RECORD_VALUE_MAX, DNS_TTL } from "../../api/contract";
import { isHostname, isIPv4, isIPv6, isRecordName } from "../../api/formats";
import { type CrossFieldRule, int } from "../../api/models";
import { declare, derive, TIMESTAMPS } from "../fields";

export const DnsRecordType = z.enum(DNS_RECORD_TYPES);
const hasPriority = (type: string | undefined): boolean =>
  (DNS_PRIORITY_TYPES as readonly string[]).includes(type ?? "");
export const dnsRecordRule: CrossFieldRule<{
  name?: string;
  type?: string;
  value?: string;
  priority?: number | null;
}> = (r) => {
  const { type, value = "", name = "@" } = r;
  // ASSUMED: a priority on a type that has none is a mistake (the API's normal form for it is 0).
  if (!hasPriority(type) && r.priority !== undefined && r.priority !== null && r.priority !== DNS_PRIORITY.none) {
    return { path: "priority", message: "only applies to MX and SRV records (leave it out or use 0)" };
  }
  switch (type) {
    case "A":
      return isIPv4(value) ? undefined : { path: "value", message: "must be an IPv4 address (an A record)" };
    case "AAAA":
      return isIPv6(value) ? undefined : { path: "value", message: "must be an IPv6 address (an AAAA record)" };
    case "CNAME":
      if (name === "@") return { path: "name", message: "a CNAME record cannot be at the zone apex (@)" };
      return isHostname(value) ? undefined : { path: "value", message: "must be a host name (a CNAME record)" };
    case "MX":
    case "NS":
      return isHostname(value) ? undefined : { path: "value", message: `must be a host name (an ${type} record)` };
    case "SRV":
      // ASSUMED: the value carries "<weight> <port> <target>" (the priority is its own field).
      return /^\d+ \d+ \S+$/.test(value) && Number(value.split(" ")[0]) <= 65535 && Number(value.split(" ")[1]) <= 65535
        ? undefined
        : { path: "value", message: 'must be "<weight> <port> <target>" (an SRV record)' };
    case "CAA":
      return /^\d{1,3} (issue|issuewild|iodef) "?[^"]*"?$/.test(value)
        ? undefined
        : { path: "value", message: `must be '<flags> <issue|issuewild|iodef> "<value>"' (a CAA record)` };
    default:
      return undefined;
  }
};
export const DNS_RECORD_FIELDS = declare({
  /** The zone's id: a path input (provider/resources/dnsRecord.ts), answered too. */
  dnsId: { since: "2026-08-02" },
  name: {
    input: z
      .string()
      .min(1)
      .max(253)
      .refine(isRecordName, "must be @ or a host name inside the zone (www, _dmarc, *.api)"),
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  type: { input: DnsRecordType, required: true, updatable: true, since: "2026-08-02" },
  value: {
    input: z
      .string()
      .min(1, "must not be empty")
      .max(DNS_RECORD_VALUE_MAX, `must be at most ${DNS_RECORD_VALUE_MAX} characters`),
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  ttl: {
    input: int(DNS_TTL.min, DNS_TTL.max, " seconds"),
    updatable: true,
    since: "2026-08-02",
    default: DNS_TTL.default,
  },
  priority: {
    input: int(DNS_PRIORITY.min, DNS_PRIORITY.max).nullable(),
    updatable: true,
    since: "2026-08-02",
    default: DNS_PRIORITY.none,
  },
  ...TIMESTAMPS,
});

export const DNS_RECORD = derive(DNS_RECORD_FIELDS, [dnsRecordRule as CrossFieldRule<Record<string, unknown>>]);
export const DnsRecord = DNS_RECORD.model;
export type DnsRecord = z.infer<typeof DnsRecord>;
