/**
 * A DNS zone's fields (`/dns`), each declared once (provider/kinds/fields.ts says what is derived). Answers
 * name the domain `domain` or, historically, `name`: normal.ts reads `domain ?? name`.
 */
import { z } from "zod";
import { domain, inputId, nullableId } from "../../api/models";
import { declare, derive, TIMESTAMPS } from "../fields";

export const DNS_ZONE_FIELDS = declare({
  domain: { input: domain, required: true, since: "2026-08-02" },
  name: { since: "2026-08-02", returned: [] },
  enableDnssec: { input: z.boolean(), updatable: true, since: "2026-08-02", default: false },
  workspaceId: { input: inputId, since: "2026-08-02", returned: [] },
  projectId: { input: nullableId, updatable: true, since: "2026-08-02", returned: [], default: null },
  dnsPlanId: { input: nullableId, updatable: true, since: "2026-08-02", returned: [], default: null },
  ...TIMESTAMPS,
});

export const DNS_ZONE = derive(DNS_ZONE_FIELDS);
export const DnsZone = DNS_ZONE.model;
export type DnsZone = z.infer<typeof DnsZone>;
