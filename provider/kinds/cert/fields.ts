/**
 * A TLS certificate's fields (`/certs`), each declared once (provider/kinds/fields.ts says what is derived).
 * No schema is published: every field is *assumed* (provider/api/contract.ts `CERT`). There is no PATCH, so
 * every input replaces the certificate.
 */
import { z } from "zod";
import { isDomain } from "../../api/formats";
import { declare, derive, owningWorkspace, TIMESTAMPS } from "../fields";

export const CERT_FIELDS = declare({
  domain: {
    doc: "The domain the certificate is for, e.g. `app.example.com` or `*.example.com`, at most 253 characters.",
    // *Assumed*: a wildcard (`*.example.com`) is taken too.
    input: z
      .string()
      .max(253)
      .refine((d) => isDomain(d.replace(/^\*\./, "")), "must be a domain name such as app.example.com"),
    required: true,
    since: "2026-08-02",
  },
  // *Assumed*: answers do not carry the owner (the API keeps it).
  workspaceId: owningWorkspace([]),
  status: {
    doc: "`pending` until the certificate is issued, then `issued` (or `failed`); a renewal sets it back to `pending`. Changes on its own; never a diff.",
    since: "2026-08-02",
  },
  expiresAt: {
    doc: "When the certificate expires (ISO 8601); a renewal moves it once the certificate is issued again. Changes on its own; never a diff.",
    since: "2026-08-02",
  },
  ...TIMESTAMPS,
});

export const CERT = derive(CERT_FIELDS, "certificate");
export const Cert = CERT.model;
export type Cert = z.infer<typeof Cert>;
