/**
 * The test oracle of what the Futrou API publishes: per API generation and per kind, the fields a response
 * carries, assembled from each kind's oracle file (test/oracle/kinds/<kind>.ts, written by hand from the
 * contract; test/oracle/kind.ts says how), never read from the provider's models (the declarations in
 * provider/kinds/<kind>/fields.ts) or the emulator's wire definitions (emulator/wire/<kind>.ts): the provider
 * and the emulator are judged against this list, so each must be able to disagree with it.
 *
 * The one place a test learns the published shape: test/contract/wire.ts builds the canned API's answers
 * from it, test/emulator/helpers.ts `expectPublishedOnly` holds the emulator's answers to it, and
 * test/oracle/published.test.ts compares it with the provider's models. A field the API starts to publish
 * is added to its kind's oracle file, once.
 */
import type { Kind } from "../../provider/api/contract";
import { type Generation, OLDER } from "./kind";
import { perGeneration, perKind } from "./oracles";

export { GENERATIONS, type Generation, NEWEST, OLDER } from "./kind";

/** The published response fields per generation and kind, `id` aside (every answer carries it). */
export const PUBLISHED = perGeneration((facts) => facts.published);

/** Fields the API answers beside the published ones under another name (a zone's `name`). */
export const ALIASES_ANSWERED = perKind((oracle) => oracle.aliasesAnswered ?? []);

/** Every field an answer of the published shape may carry: `id`, the published fields, their aliases. */
export function answerable(kind: Kind, generation: Generation = OLDER): readonly string[] {
  return ["id", ...PUBLISHED[generation][kind], ...ALIASES_ANSWERED[kind]];
}
