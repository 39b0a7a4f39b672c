/** DNS zone (`/dns`). Pulumi and import id: the zone id. Changing the domain replaces it. */
import { defineSpec, uniqueInWorkspace } from "../spec";

export const dnsZone = defineSpec({
  kind: "dnsZone",
  idFormat: "<dnsId>",
  ...uniqueInWorkspace("domain"),
});
