/**
 * What every operation runs inside: its request deadline (`bounded`), and `guarded`, which keeps secret
 * values out of whatever it throws; `sealing` says how an operation's answers are sealed.
 */
import { FutrouApiError, isRedirect } from "../api/errors";
import { requestDeadline } from "../config";
import { ResourceInitError } from "../initError";
import { declaredSecrets, type Secrets } from "../secrets";
import { HIDDEN, type Props } from "../spec";
import { customTimeout, type Operation } from "./props";
import type { KindRuntime } from "./runtime";

/**
 * How the answers to one operation are sealed (provider/secrets.ts): the program's secret inputs, and
 * what the engine marks secret by itself (nothing, for an adapter that accepts secrets).
 */
export const sealing = (rt: KindRuntime, secrets: Secrets, inputs: Props | undefined, previous?: Props) => ({
  program: declaredSecrets(inputs),
  marked: rt.sealAll ? new Set<string>() : secrets.markedBy(inputs),
  previous,
});

/**
 * Runs one operation within its request deadline (api/deadline.ts): the resource's `customTimeouts` for
 * it when the engine gives them, else futrou:requestDeadlineSeconds. `run` gets the operation's runtime
 * (KindRuntime.operation), whose client carries the deadline; `urn`: the resource's, when the adapter knows it.
 */
export function bounded<T>(
  rt: KindRuntime,
  op: "check" | "diff" | "read" | Operation,
  props: Props | undefined,
  run: (rt: KindRuntime) => Promise<T>,
  urn?: string,
): Promise<T> {
  const custom = op === "create" || op === "update" || op === "delete" ? customTimeout(props ?? {}, op) : undefined;
  const deadline = requestDeadline(
    rt.settings,
    custom === undefined ? undefined : { ms: custom, setting: `customTimeouts.${op}` },
  );
  return run(rt.operation(deadline, urn));
}

/**
 * What the engine records of an object that did not initialize (a create or update's ResourceInitError):
 * its outputs, which must carry all that refresh, update and delete need, like any other outputs. The
 * dynamic-provider host adds its `__provider` module only to results, never to an error's properties: a
 * state without it cannot be loaded again (`code must be a string`), so it is added here from the inputs.
 */
function recordable(properties: Props, inputs: Props | undefined): Props {
  const module = inputs?.[HIDDEN.provider];
  return module === undefined || properties[HIDDEN.provider] !== undefined
    ? properties
    : { ...properties, [HIDDEN.provider]: module };
}

/**
 * Runs one operation of one resource with its secrets: whatever it throws loses every secret value
 * (message, stack, reasons) and an init failure's properties are sealed like outputs (`seal`) and made
 * recordable (`inputs`: the operation's inputs). `printed` when the host may print the error itself
 * (check, diff, read, delete): the adapter hears of it (AdapterOptions.reported), so it prints it once.
 * `subject`: the object the operation is about, named in a redirect's message (api/errors.ts
 * `isRedirect`), which otherwise names only the request.
 */
export async function guarded<T>(
  rt: KindRuntime,
  secrets: Secrets,
  printed: boolean,
  op: () => Promise<T>,
  seal?: Parameters<Secrets["sealed"]>[1],
  subject?: { props?: Props; id?: string },
  inputs?: Props,
): Promise<T> {
  try {
    return await op();
  } catch (error) {
    if (subject && error instanceof FutrouApiError && isRedirect(error.status)) {
      error.message = `${rt.label(subject.props ?? {}, subject.id)}: ${error.message}`;
    }
    secrets.scrub(error);
    if (error instanceof ResourceInitError && seal)
      error.properties = secrets.sealed(recordable(error.properties, inputs), seal);
    if (printed) rt.adapter.reported?.(error);
    throw error;
  }
}
