/**
 * API token (`/api-tokens`). Pulumi and import id: the token id. Its bearer value is `<id>-<token>`: the
 * create answer alone carries `token`, which the state keeps as a secret (an imported token has none). A
 * new name or expiry updates it in place; a new `type` or workspace replaces it, and so gives a new bearer
 * value. Names need not be unique, so a replacement creates the new token first.
 */
import { defineSpec } from "../../spec";
import { API_TOKEN_KIND } from "./fields";

export const apiToken = defineSpec({
  kind: "apiToken",
  doc: 'An API token of the workspace: whoever holds its bearer value `<id>-<token>` acts as it. The API answers `token` only to the create: the state keeps it from there, always as a secret. A refresh cannot see it (no answer but the create carries it): it keeps the state\'s value and never reports it as drift; and `pulumi import` cannot read it, so an imported token has none: replace it (`pulumi up --replace`) to get one. A new `name` or `expiresAt` updates it in place; a new `type` or workspace replaces it, with a new bearer value. Import with `{ import: "<apiTokenId>" }`.',
  fields: API_TOKEN_KIND,
  autoName: "name",
  lookup: { fields: ["name"] },
  example: {
    resources: [{ name: "deploy", type: "ApiToken", args: { type: "server", expiresAt: "2027-06-01T00:00:00Z" } }],
    exports: { deployTokenId: { ref: "deploy.id" }, deployToken: { ref: "deploy.token" } },
  },
});
