/**
 * TLS certificate (`/certs`). Pulumi and import id: the certificate id. There is no PATCH: a changed domain or
 * workspace replaces it. Create waits until the certificate is issued (`status`); `status` and `expiresAt`
 * change on their own (a renewal made elsewhere). Its action `renew` (`POST /certs/{id}/renew`) is a method in
 * plugin mode and the `renewTrigger` input in both modes; it waits until the certificate is issued again.
 */
import { CERT as CERT_RULES } from "../../api/contract";
import { defineSpec, uniqueInWorkspace } from "../../spec";
import { CERT } from "./fields";

export const cert = defineSpec({
  kind: "cert",
  doc:
    "A TLS certificate for a domain (a wildcard `*.example.com` too). `up` waits until it is `issued` " +
    "(futrou:readyTimeoutSeconds, default 300) and fails when it ends `failed`. Nothing of it changes in place: " +
    "a new `domain` replaces it. Renew it with a new `renewTrigger` value (both modes) or the `renew` method " +
    '(plugin mode). Import with `{ import: "<certId>" }`: the program must match the remote certificate.',
  fields: CERT,
  ...uniqueInWorkspace("domain"),
  volatile: ["status", "expiresAt"],
  ready: {
    field: "status",
    ready: CERT_RULES.readyStatuses,
    failed: CERT_RULES.failedStatuses,
    settled: [],
    gone: [],
  },
  actions: {
    renew: {
      doc: "Renews the certificate now; answers it once issued again.",
      settle: {
        field: "status",
        until: CERT_RULES.readyStatuses,
        failed: CERT_RULES.failedStatuses,
        evidence: ["updatedAt", "expiresAt"],
      },
    },
  },
  example: {
    resources: [{ name: "tls", type: "Cert", args: { domain: "app.example.com", renewTrigger: "2026-11" } }],
    exports: { certExpiresAt: { ref: "tls.expiresAt" } },
  },
});
