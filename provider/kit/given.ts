/**
 * `__given` (spec.ts), the visible inputs check knew of, written only where the state cannot say it
 * otherwise: every resource carrying the whole list cost 185 bytes of state (issue 38). The short forms:
 *
 * - inputs: absent means "the visible inputs these inputs hold"; written only when check knew more (an
 *   import's unclaimed kept fields).
 * - outputs: absent means "the input fields these outputs hold", less `__chosen` when present (the ones the
 *   API chose); the whole list only when check knew a field the outputs do not hold.
 *
 * Outputs with neither (written before `__given` existed, or an import's read) report every input field as
 * before. Readers: runtime.ts `inputsOf` and diff.ts `differs`. A name these forms leave out is one whose
 * value the bag holds, so `differs`, which asks only about fields absent from both bags, reads the same.
 */
import { HIDDEN, type Props } from "../spec";
import { visible } from "./props";

const names = (v: unknown): string[] | undefined =>
  Array.isArray(v) ? v.filter((k): k is string => typeof k === "string") : undefined;

/** What check knew of, from checked inputs (create, update, import: the inputs just applied). */
export const givenOfInputs = (inputs: Props): string[] =>
  names(inputs[HIDDEN.given]) ?? Object.keys(visible(inputs)).sort();

/**
 * What check knew of, from outputs (a refresh's previous state); `null` when they do not say (written
 * before `__given` existed, or nothing known: an import's read).
 */
export function givenOfOutputs(outs: Props, inputKeys: readonly string[]): string[] | null {
  const listed = names(outs[HIDDEN.given]);
  if (listed) return listed;
  const chosen = names(outs[HIDDEN.chosen]);
  if (!chosen && Object.keys(visible(outs)).length === 0) return null;
  // Without `__chosen` either, these outputs were written without `__given` or by the short form: both
  // report the input fields they hold.
  return inputKeys.filter((k) => outs[k] !== undefined && !chosen?.includes(k));
}

/** `inputs` with `__given` only when check knew of more than their visible inputs. */
export function withGivenInputs(inputs: Props, given: readonly string[]): Props {
  const { [HIDDEN.given]: _, ...rest } = inputs;
  const held = Object.keys(visible(rest));
  const short = given.length === held.length && given.every((k) => held.includes(k));
  return short ? rest : { ...rest, [HIDDEN.given]: [...given] };
}

/**
 * `outs` with what check knew of (`null`: not said, left so) in its shortest form: nothing when it is
 * the input fields the outputs hold, `__chosen` when it is those less some, else the whole `__given`.
 */
export function withGivenOutputs(outs: Props, given: readonly string[] | null, inputKeys: readonly string[]): Props {
  const { [HIDDEN.given]: _g, [HIDDEN.chosen]: _c, ...rest } = outs;
  if (!given) return rest;
  const held = inputKeys.filter((k) => rest[k] !== undefined);
  if (!given.every((k) => held.includes(k))) return { ...rest, [HIDDEN.given]: [...given] };
  const chosen = held.filter((k) => !given.includes(k));
  return chosen.length > 0 ? { ...rest, [HIDDEN.chosen]: chosen } : rest;
}
