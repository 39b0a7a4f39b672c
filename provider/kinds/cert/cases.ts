/** A TLS certificate's test examples (provider/kinds/cases.ts says where each is used). */
import type { KindCases } from "../cases";

export const cases: KindCases = {
  lifecycle: {
    required: () => ({ domain: "tls.example.com" }),
    // No PATCH: nothing of a certificate changes in place but by its action, run by its trigger.
    triggers: { renewTrigger: "2026-12" },
    touch: "renew",
    replace: () => ({ domain: "tls-two.example.com" }),
  },
  contract: [{ label: "a wildcard domain (no PATCH: nothing to update)", program: { domain: "*.certs.example.com" } }],
  badInput: [
    { what: "a certificate's domain with a space", args: { domain: "bad domain.com" }, field: "domain" },
    { what: "a wildcard inside a domain", args: { domain: "a.*.example.com" }, field: "domain" },
  ],
};
