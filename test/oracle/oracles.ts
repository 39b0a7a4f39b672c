/**
 * Every registered kind's oracle (test/oracle/kinds/<kind>.ts, whose facts test/oracle/kind.ts describes), and
 * the tables the suites read from them. Apart from kind.ts so that no kind's oracle imports its own loader.
 */
import type { Kind } from "../../provider/api/contract";
import { kinds } from "../../provider/registry";
import { GENERATIONS, type Generation, type GenerationFacts, type KindOracle, NEWEST } from "./kind";

/** A kind's oracle (test/oracle/kinds/<kind>.ts); a kind without that file fails, naming it. */
export function oracleOf(kind: Kind): KindOracle {
  const file = `test/oracle/kinds/${kind}.ts`;
  let loaded: { oracle?: KindOracle };
  try {
    loaded = require(`./kinds/${kind}`) as { oracle?: KindOracle };
  } catch (error) {
    const missing = (error as { code?: string }).code === "MODULE_NOT_FOUND";
    if (missing && String((error as Error).message).includes(`kinds/${kind}`))
      throw new Error(`the kind "${kind}" has no test oracle: write ${file} (test/oracle/kind.ts says what)`);
    throw error;
  }
  if (!loaded.oracle) throw new Error(`${file} exports no \`oracle\``);
  return loaded.oracle;
}

/** Every registered kind's oracle. */
export const ORACLES = Object.fromEntries(kinds().map((kind) => [kind, oracleOf(kind)])) as Record<Kind, KindOracle>;

/** A kind's facts in one generation: the older generation's, with the newest's differences in the newest. */
export function factsIn(kind: Kind, generation: Generation): GenerationFacts {
  const oracle = ORACLES[kind];
  return generation === NEWEST ? { ...oracle, ...oracle.newest } : oracle;
}

/** One fact of every kind in every generation, as the suites read it (`PUBLISHED[generation][kind]`). */
export function perGeneration<T>(fact: (facts: GenerationFacts, kind: Kind) => T): Record<Generation, Record<Kind, T>> {
  return Object.fromEntries(
    GENERATIONS.map((g) => [g, Object.fromEntries(kinds().map((k) => [k, fact(factsIn(k, g), k)]))]),
  ) as Record<Generation, Record<Kind, T>>;
}

/** One generation-free fact of every kind. */
export function perKind<T>(fact: (oracle: KindOracle, kind: Kind) => T): Record<Kind, T> {
  return Object.fromEntries(kinds().map((k) => [k, fact(ORACLES[k], k)])) as Record<Kind, T>;
}
