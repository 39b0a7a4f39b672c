/**
 * The provider's models publish what the API publishes: the published fields derived from each kind's field
 * declarations (`spec.fields.published`, provider/kinds/<kind>/fields.ts), which decide the fields read and
 * refresh compare, are held to the hand-written oracle (./published.ts) per API generation and kind. A registered kind
 * without its oracle file (test/oracle/kinds/<kind>.ts) fails here at load, naming the kind. Starts nothing.
 */
import { kinds, specFor } from "../../provider/registry";
import { ORACLES } from "./oracles";
import { GENERATIONS, PUBLISHED } from "./published";

describe.each(GENERATIONS)("API generation %s", (generation) => {
  test.each(kinds())("%s: the provider observes exactly the published response fields", (kind) => {
    const sorted = (fields: readonly string[]) => [...new Set(fields)].filter((f) => f !== "id").sort();
    expect({ kind, fields: sorted(specFor(kind).fields.published[generation]) }).toEqual({
      kind,
      fields: sorted(PUBLISHED[generation][kind].map((f) => ORACLES[kind].readAs?.[f] ?? f)),
    });
  });
});
