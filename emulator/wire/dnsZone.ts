/**
 * DNS zone — `/dns`. The spec names the field `domain`; the CLI posts `{"name": X}` and its mocks answer
 * `name`, so the emulator takes either on POST and answers both with the same value.
 */
import { z } from "zod";
import { isDomain } from "./formats";
import { id, timestamps, wireKind } from "./kind";

const domain = z.string().max(253).refine(isDomain, "must be a domain name such as example.com");

export const dnsZone = wireKind({
  name: "DnsZone",
  request: {
    domain: domain.optional(),
    name: domain.optional(),
    enableDnssec: z.boolean().optional(),
    // The CLI posts `{name}` only (its tests answer 201): the token's workspace.
    workspaceId: id.optional(),
    // ASSUMED: a zone may name a project and a plan.
    projectId: id.optional(),
    dnsPlanId: id.optional(),
  },
  // The CLI's `dns update --name` renames a zone (its test answers 200): the domain is not create-only.
  createOnly: ["workspaceId"],
  // ASSUMED: DNSSEC is off unless asked.
  defaults: { enableDnssec: false },
  // Either alias sets both, also in a PATCH (where a field left out stays out).
  normalize: (o) => {
    if (o.domain === undefined && o.name !== undefined) o.domain = o.name;
    if (o.name === undefined && o.domain !== undefined) o.name = o.domain;
  },
  rules: [
    (o) => (o.domain === undefined ? { field: "domain", message: "is required (or `name`, its alias)" } : undefined),
    (o) =>
      o.domain !== o.name
        ? { field: "name", message: `must equal domain when both are sent (${o.domain})` }
        : undefined,
  ],
  published: { domain: z.string(), name: z.string(), enableDnssec: z.boolean(), ...timestamps },
  kept: { workspaceId: id, projectId: id, dnsPlanId: id },
});
