/**
 * The spec table each kind is declared by: which inputs replace, the unique field, the secret fields
 * (and the outputs only the create answers) and the id format `pulumi import` takes, held to each kind's hand-written oracle (test/oracle/kinds/<kind>.ts;
 * the plugin's schema is held to the same secrets and replacing inputs). Starts nothing.
 */
import { kinds, specFor } from "../../provider/registry";
import { ORACLES } from "../oracle/oracles";
import { FIELD_RULES } from "../oracle/secret-replace";

describe("the spec table", () => {
  test.each(kinds())("%s: unique field, id format, replaces and secrets as the oracle says", (kind) => {
    const spec = specFor(kind);
    const rules = FIELD_RULES[kind];
    expect([...spec.replaceOn].sort()).toEqual(Object.keys(rules.replace).sort());
    // The always-secret fields: the secret inputs, and the outputs only the create answers (never inputs).
    expect([...spec.secrets].sort()).toEqual(Object.keys(rules.secretOutputs).sort());
    expect([...spec.fromCreate].sort()).toEqual(Object.keys(ORACLES[kind].fromCreate ?? {}).sort());
    expect(spec.secretWhen ?? {}).toEqual(
      Object.fromEntries(Object.entries(rules.secretWhen ?? {}).map(([field, { when }]) => [field, when])),
    );
    expect(spec.unique?.field).toBe(ORACLES[kind].unique);
    expect(spec.idFormat).toBe(ORACLES[kind].idFormat);
  });
});
