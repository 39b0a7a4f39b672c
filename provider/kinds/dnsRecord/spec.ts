/**
 * DNS record (`/dns/{dnsId}/records`). Pulumi and import id: `<dnsId>/<recordId>`; the record's own id
 * is the output `recordId`. Moving it to another zone replaces it; records need not be unique.
 */
import { z } from "zod";
import { COLLECTIONS, isPlatformRecord } from "../../api/contract";
import { ApiId } from "../../api/path";
import { defineSpec } from "../../spec";
import { DNS_RECORD } from "./fields";

export const dnsRecord = defineSpec({
  kind: "dnsRecord",
  doc: 'A record in a DNS zone. Import with `{ import: "<dnsId>/<recordId>" }`: the program must match the record.',
  fields: DNS_RECORD,
  idFormat: "<dnsId>/<recordId>",
  pathInputs: z.object({ dnsId: z.string().min(1, "must be the id of a DNS zone").pipe(ApiId) }),
  apiIdOutput: "recordId",
  owners: [{ field: "dnsId", collection: COLLECTIONS.dnsZone }],
  madeWithParent: isPlatformRecord,
  lookup: { fields: ["name", "type", "value"] },
  example: {
    resources: [
      { name: "zone", type: "DnsZone", args: { domain: "example.com" } },
      {
        name: "apex",
        type: "DnsRecord",
        args: { dnsId: { ref: "zone.id" }, name: "@", type: "A", value: "203.0.113.10" },
      },
      {
        name: "mail",
        type: "DnsRecord",
        args: { dnsId: { ref: "zone.id" }, name: "@", type: "MX", value: "mail.example.com", priority: 10 },
      },
    ],
    exports: { apexRecordId: { ref: "apex.recordId" }, mailRecordId: { ref: "mail.recordId" } },
  },
});
