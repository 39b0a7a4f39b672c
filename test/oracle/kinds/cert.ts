/** The oracle of a TLS certificate (`/certs`): test/oracle/kind.ts says what each fact is and where it comes from. */
import { type KindOracle, TIMES } from "../kind";

const NO_PATCH = "SKILL.md: /certs/{id} has no PATCH, so nothing of a certificate changes in place";

export const oracle: KindOracle = {
  collection: "/certs",
  idPrefix: "cert",
  idFormat: "<certId>",
  unique: "domain",
  // No Cert schema is published: contract.ts's assumed answer (`CERT`, docs/emulator.md), no owner.
  published: ["domain", "status", "expiresAt", ...TIMES],
  stored: ["workspaceId"],
  // Ours: the contract leaves the issuing time open; an answer of an issued certificate.
  apiDefaults: { status: "issued", expiresAt: "2027-01-01T00:00:00.000Z" },
  replace: { domain: NO_PATCH, workspaceId: NO_PATCH },
  // SKILL.md: `POST /certs/{id}/renew`; assumed (contract.ts `CERT`): the certificate is pending again, then
  // issued again with a later `expiresAt`.
  actions: { renew: { settled: { status: "issued" }, moves: ["expiresAt"] } },
};
