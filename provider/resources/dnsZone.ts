/** DNS zone (`/dns`). Pulumi and import id: the zone id. Changing the domain replaces it. */
import { MODELS } from "../api/models";
import { defineSpec, filterBy } from "../spec";

export const dnsZone = defineSpec(
  {
    kind: "dnsZone",
    typeName: "DnsZone",
    idFormat: "<dnsId>",
    unique: { field: "domain", within: ["workspaceId"] },
    lookup: { fields: ["domain"], filter: filterBy("domain") },
  },
  MODELS.dnsZone,
);
