/** An API token's test examples (provider/kinds/cases.ts says where each is used). */
import type { KindCases } from "../cases";

export const cases: KindCases = {
  lifecycle: {
    update: () => ({ name: "renamed-token", expiresAt: "2027-06-01T00:00:00Z" }),
    replace: () => ({ type: "server" }),
  },
  contract: [
    {
      label: "name only (a user token that never expires)",
      program: { name: "ci" },
      update: { name: "ci-2" },
    },
    {
      label: "a server token with an expiry",
      program: { name: "deploy", type: "server", expiresAt: "2027-01-01T00:00:00Z" },
      update: { expiresAt: "2027-06-01T00:00:00Z" },
    },
  ],
  badInput: [
    { what: "a token type the API does not know", args: { type: "admin" }, field: "type" },
    { what: "an expiry that is no date", args: { expiresAt: "next year" }, field: "expiresAt" },
    { what: "an empty token name", args: { name: "" }, field: "name" },
  ],
};
