/**
 * DNS zone (`/dns`). Pulumi and import id: the zone id. Changing the domain replaces it. Deleting it deletes
 * every record in it, so delete refuses while records that are not the platform's are left (see `contents`),
 * unless the provider-only input `forceDestroy` is true.
 */
import { z } from "zod";
import { COLLECTIONS, isPlatformRecord } from "../api/contract";
import { DnsRecord } from "../kinds/dnsRecord/fields";
import { DNS_ZONE } from "../kinds/dnsZone/fields";
import { defineSpec, uniqueInWorkspace } from "../spec";

export const dnsZone = defineSpec({
  kind: "dnsZone",
  fields: DNS_ZONE,
  idFormat: "<dnsId>",
  ...uniqueInWorkspace("domain"),
  localInputs: z.object({ forceDestroy: z.boolean().default(false) }),
  contents: {
    collection: COLLECTIONS.dnsRecord,
    model: DnsRecord,
    what: "records",
    platform: isPlatformRecord,
    describe: (r) => `${String(r.name)} ${String(r.type)} ${String(r.value)} (${String(r.id)})`,
    force: "forceDestroy",
  },
});
