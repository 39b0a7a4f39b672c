/**
 * TLS certificate — `/certs` (SKILL.md: GET list, POST, GET/DELETE `/certs/{id}`, `POST /certs/{id}/renew`;
 * the ActivityType values `cert_created`, `cert_deleted`, `cert_renewed` and no `cert_updated`). No `Cert`
 * schema is published: every field here is ASSUMED, the fewest a certificate for a domain needs: the
 * request `{domain, workspaceId?}`; the answer `domain`, `status` (`pending` until issued, then `issued`),
 * `expiresAt`, timestamps, and the owner as a kept field.
 */
import { z } from "zod";
import { isDomain } from "./formats";
import { id, timestamps, wireKind } from "./kind";

/** ASSUMED: the states of a certificate. */
export const CERT_STATUSES = ["pending", "issued", "failed"] as const;
/** ASSUMED: an issued certificate is valid for 90 days (what ACME issuers give). */
export const CERT_VALID_DAYS = 90;

export const cert = wireKind({
  name: "Cert",
  request: {
    // ASSUMED: a wildcard (`*.example.com`) is taken too.
    domain: z
      .string()
      .max(253)
      .refine((d) => isDomain(d.replace(/^\*\./, "")), "must be a domain name such as app.example.com"),
    workspaceId: id.optional(),
  },
  // There is no PATCH: both fields are fixed.
  createOnly: ["domain", "workspaceId"],
  published: {
    domain: z.string(),
    status: z.string(),
    expiresAt: z.iso.datetime({ offset: true }),
    ...timestamps,
  },
  kept: { workspaceId: id },
});
