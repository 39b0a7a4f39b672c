/** The oracle of a DNS zone (`/dns`): test/oracle/kind.ts says what each fact is and where it comes from. */
import { type KindOracle, TIMES, WORKSPACE_MOVE } from "../kind";

export const oracle: KindOracle = {
  collection: "/dns",
  idPrefix: "dns",
  idFormat: "<dnsId>",
  unique: "domain",
  published: ["domain", "enableDnssec", ...TIMES],
  stored: ["name", "workspaceId", "projectId", "dnsPlanId"],
  // An answer like the CLI's mocks (`{id, name, createdAt}`, the domain under `name`).
  required: ["name", "createdAt"],
  // The CLI posts a zone's domain as `{"name": X}` and its mocks answer `name` (CONTRACT.md, DNS zone).
  aliasesAnswered: ["name"],
  apiDefaults: { enableDnssec: false },
  unseen: ["projectId", "dnsPlanId"],
  replace: { domain: "CONTRACT.md DNS zone: changing domain = replace", workspaceId: WORKSPACE_MOVE },
};
