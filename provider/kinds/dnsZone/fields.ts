/**
 * A DNS zone's fields (`/dns`), each declared once (provider/kinds/fields.ts says what is derived). Answers
 * name the domain `domain` or, historically, `name`: normal.ts reads `domain ?? name`.
 */
import { z } from "zod";
import { domain, nullableId } from "../../api/models";
import { declare, derive, owningWorkspace, TIMESTAMPS } from "../fields";

export const DNS_ZONE_FIELDS = declare({
  domain: {
    doc: "The zone's domain, e.g. `example.com`, at most 253 characters.",
    changeDoc: "and its records",
    input: domain,
    required: true,
    since: "2026-08-02",
  },
  name: {
    doc: "The zone's domain under its older name: answers carry `domain` or, historically, `name` (read into `domain`).",
    since: "2026-08-02",
    returned: [],
  },
  enableDnssec: {
    doc: "Sign the zone with DNSSEC.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: false,
  },
  workspaceId: owningWorkspace([]),
  projectId: {
    doc: "The project the zone belongs to.",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: [],
    default: null,
  },
  dnsPlanId: {
    doc: "The DNS plan id (see `getDnsPlan`). `null`: the API's default plan.",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: [],
    default: null,
  },
  // A provider-only input (the spec's `localInputs`): never sent, never answered; declared for its doc.
  forceDestroy: {
    doc: "Deleting a zone deletes every record in it. Default `false`: delete (destroy, or a replacement) fails, naming them, while the zone holds records this stack does not manage (kept with `retainOnDelete`, or made outside Pulumi); the platform's SOA and apex NS records do not count. `true`: they are deleted with the zone. Never sent to the API; set it and run `pulumi up` before the delete. Updated in place.",
    since: "2026-08-02",
    returned: [],
    answer: false,
  },
  ...TIMESTAMPS,
});

export const DNS_ZONE = derive(DNS_ZONE_FIELDS, "zone");
export const DnsZone = DNS_ZONE.model;
export type DnsZone = z.infer<typeof DnsZone>;
