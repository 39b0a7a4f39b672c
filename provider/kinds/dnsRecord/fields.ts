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
  /** The zone's id: a path input (./spec.ts), answered too. */
  dnsId: { doc: "The zone (DnsZone id) the record lives in. Changing it replaces the record.", since: "2026-08-02" },
  name: {
    doc: "The name inside the zone: `@` for the apex, `www`, `_dmarc`, `*.api`; at most 253 characters.",
    input: z
      .string()
      .min(1)
      .max(253)
      .refine(isRecordName, "must be @ or a host name inside the zone (www, _dmarc, *.api)"),
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  type: {
    doc: "A, AAAA, CNAME, MX, TXT, NS, SRV or CAA; the value must fit it (A: IPv4, AAAA: IPv6, …).",
    input: DnsRecordType,
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  value: {
    doc: 'The record data, e.g. `203.0.113.10`, `mail.example.com`, `"10 5060 sip.example.com"` for SRV; at most 4096 characters.',
    input: z
      .string()
      .min(1, "must not be empty")
      .max(DNS_RECORD_VALUE_MAX, `must be at most ${DNS_RECORD_VALUE_MAX} characters`),
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  ttl: {
    doc: "Time to live in seconds, a whole number 0–2147483647.",
    input: int(DNS_TTL.min, DNS_TTL.max, " seconds"),
    updatable: true,
    since: "2026-08-02",
    default: DNS_TTL.default,
  },
  priority: {
    doc: 'Priority 0–65535 for MX and SRV; on other types only 0, the API\'s value for "none".',
    input: int(DNS_PRIORITY.min, DNS_PRIORITY.max).nullable(),
    updatable: true,
    since: "2026-08-02",
    default: DNS_PRIORITY.none,
  },
  // The API's id of the record (the spec's `apiIdOutput`), an output; declared for its doc.
  recordId: {
    tsType: "string",
    doc: "The record's own id (the Pulumi id is `<dnsId>/<recordId>`).",
    since: "2026-08-02",
    returned: [],
    answer: false,
  },
  ...TIMESTAMPS,
});

export const DNS_RECORD = derive(DNS_RECORD_FIELDS, "record", [
  dnsRecordRule as CrossFieldRule<Record<string, unknown>>,
]);
export const DnsRecord = DNS_RECORD.model;
export type DnsRecord = z.infer<typeof DnsRecord>;
