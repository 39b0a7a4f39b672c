/**
 * Loads a kind's test examples (provider/kinds/<kind>/cases.ts, whose types provider/kinds/cases.ts holds)
 * for the shared suites. Apart from those types so that no kind's examples import their own loader.
 */
import type { Kind } from "../provider/api/contract";
import type { KindCases } from "../provider/kinds/cases";

/** A kind's examples (provider/kinds/<kind>/cases.ts); a kind without that file fails, naming it. */
export function casesOf(kind: Kind): KindCases {
  const file = `provider/kinds/${kind}/cases.ts`;
  let loaded: { cases?: KindCases };
  try {
    loaded = require(`../provider/kinds/${kind}/cases`) as { cases?: KindCases };
  } catch (error) {
    const missing = (error as { code?: string }).code === "MODULE_NOT_FOUND";
    if (missing && String((error as Error).message).includes(`${kind}/cases`))
      throw new Error(`the kind "${kind}" has no test examples: write ${file} (provider/kinds/cases.ts says what)`);
    throw error;
  }
  if (!loaded.cases) throw new Error(`${file} exports no \`cases\``);
  return loaded.cases;
}
