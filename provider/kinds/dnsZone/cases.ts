/** A DNS zone's test examples (provider/kinds/cases.ts says where each is used). */
import type { KindCases } from "../cases";

export const cases: KindCases = {
  lifecycle: {
    required: () => ({ domain: "zone-a.example.com" }),
    update: (c) => ({ enableDnssec: true, projectId: c.projectId, dnsPlanId: c.plan("dns") }),
    replace: () => ({ domain: "zone-b.example.com" }),
  },
  contract: [
    {
      label: "domain only (answers may carry only name)",
      program: { domain: "example.com" },
      update: { enableDnssec: true },
    },
  ],
  badInput: [{ what: "domain with a space", args: { domain: "not a domain" }, field: "domain" }],
};
