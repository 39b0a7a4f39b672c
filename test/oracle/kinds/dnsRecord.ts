/** The oracle of a DNS record (`/dns/{dnsId}/records`): test/oracle/kind.ts says what each fact is. */
import { type KindOracle, TIMES } from "../kind";

const PUBLISHED = ["dnsId", "name", "type", "value", "priority", "ttl", ...TIMES];

export const oracle: KindOracle = {
  collection: "/dns/{dnsId}/records",
  idPrefix: "rec",
  idFormat: "<dnsId>/<recordId>",
  published: PUBLISHED,
  // The only kind with non-nullable spec fields.
  required: PUBLISHED,
  apiDefaults: { ttl: 300, priority: 0 },
  extras: { zone: { id: "dns-1", domain: "example.com" } },
  // name, type, value, ttl and priority are PATCHed in place.
  replace: { dnsId: "CONTRACT.md DNS record: changing dnsId (the zone) = replace; the id is <dnsId>/<recordId>" },
};
