/**
 * DNS zone (`/dns`). Pulumi and import id: the zone id. Changing the domain replaces it. Deleting it deletes
 * every record in it, so delete refuses while records that are not the platform's are left (see `contents`),
 * unless the provider-only input `forceDestroy` is true.
 */
import { z } from "zod";
import { COLLECTIONS, isPlatformRecord } from "../../api/contract";
import { response, str } from "../../api/models";
import { defineSpec, uniqueInWorkspace } from "../../spec";
import { DNS_ZONE } from "./fields";

/**
 * What the zone's delete reads of each record in it: its own reading, not the record kind's model (a kind's
 * folder imports no other kind's), of the fields the refusal names.
 */
const ZoneRecord = response({ name: str, type: str, value: str });

export const dnsZone = defineSpec({
  kind: "dnsZone",
  doc: 'A DNS zone. Import with `{ import: "<dnsId>" }`: the program must match the remote zone.',
  fields: DNS_ZONE,
  idFormat: "<dnsId>",
  ...uniqueInWorkspace("domain"),
  localInputs: z.object({ forceDestroy: z.boolean().default(false) }),
  contents: {
    collection: COLLECTIONS.dnsRecord,
    model: ZoneRecord,
    what: "records",
    platform: isPlatformRecord,
    describe: (r) => `${String(r.name)} ${String(r.type)} ${String(r.value)} (${String(r.id)})`,
    force: "forceDestroy",
  },
  example: {
    resources: [
      { name: "shop", type: "Project", args: { displayName: "Shop" } },
      { name: "zone", type: "DnsZone", args: { domain: "example.com", projectId: { ref: "shop.id" } } },
    ],
    exports: { zoneId: { ref: "zone.id" } },
  },
});
