/**
 * The test oracle of which fields are secrets and which force a replacement, per kind: each kind's oracle file
 * (test/oracle/kinds/<kind>.ts) writes them by hand from provider/api/CONTRACT.md and the API's behaviour (what
 * a PATCH can change), with the reason for each row, never derived from the provider's declarations
 * (provider/kinds/<kind>/, provider/spec.ts `replaceOn`) or the schema generated from them.
 * test/plugin/schema.test.ts holds the plugin's schema to it and test/provider/spec-table.test.ts the kit's
 * specs, so a spec that stops marking a credential secret, or starts replacing on a field the API updates in
 * place, fails there.
 */
import type { KindOracle } from "./kind";
import { perKind } from "./oracles";

export type FieldRules = Required<Pick<KindOracle, "replace" | "secret">> &
  Pick<KindOracle, "secretWhen"> & {
    /** The always-secret outputs: every `secret` field, and every output only the create answers (`fromCreate`). */
    secretOutputs: Record<string, string>;
  };

export const FIELD_RULES = perKind(
  ({ replace, secret, secretWhen, fromCreate }): FieldRules => ({
    replace,
    secret: secret ?? {},
    secretOutputs: { ...secret, ...fromCreate },
    ...(secretWhen ? { secretWhen } : {}),
  }),
);

/** The provider's settings that are secrets (config and a futrou.Provider's inputs). */
export const SECRET_SETTINGS: Record<string, string> = {
  apiToken: "the API token authenticates every request to the workspace",
};
