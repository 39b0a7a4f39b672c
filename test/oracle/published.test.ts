/**
 * The provider's models publish what the API publishes: the published fields derived from each kind's field
 * declarations (`spec.fields.published`, provider/kinds/<kind>/fields.ts), which decide the fields read and
 * refresh compare, are held to the hand-written oracle (./published.ts) per API generation and kind. Starts nothing.
 */
import type { Kind } from "../../provider/api/contract";
import { kinds, specFor } from "../../provider/registry";
import { GENERATIONS, OLDER, PUBLISHED } from "./published";

/** Published fields the provider reads under another output name: the newest serverlet's `status` is its `state`. */
const READ_AS: Partial<Record<Kind, Record<string, string>>> = { serverlet: { status: "state" } };

const ORACLE_KINDS = Object.keys(PUBLISHED[OLDER]) as Kind[];

test("the oracle covers every kind the provider registers", () => {
  expect([...ORACLE_KINDS].sort()).toEqual([...kinds()].sort());
});

describe.each(GENERATIONS)("API generation %s", (generation) => {
  test.each(ORACLE_KINDS)("%s: the provider observes exactly the published response fields", (kind) => {
    const sorted = (fields: readonly string[]) => [...new Set(fields)].filter((f) => f !== "id").sort();
    expect({ kind, fields: sorted(specFor(kind).fields.published[generation]) }).toEqual({
      kind,
      fields: sorted(PUBLISHED[generation][kind].map((f) => READ_AS[kind]?.[f] ?? f)),
    });
  });
});
