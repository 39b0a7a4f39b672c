/** Readiness: long-running kinds (a serverlet deploys) are polled until ready after create and update. */
import { POLL_INTERVAL_CAP_MS, requestDeadline } from "../config";
import { status } from "../engineLog";
import { ResourceInitError } from "../initError";
import { Secrets } from "../secrets";
import type { Props } from "../spec";
import { customTimeout } from "./props";
import type { KindRuntime } from "./runtime";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until the state is ready (or settled, or failed), within the readiness timeout or the operation's
 * custom timeout. A state the API does not report cannot be waited for. A created object that does not
 * become ready is a ResourceInitError, so the engine records its id.
 */
export async function waitReady(
  rt: KindRuntime,
  obj: Props,
  inputs: Props,
  op: "create" | "update" = "create",
): Promise<Props> {
  const { spec, settings } = rt;
  const ready = spec.ready;
  if (!ready) return obj;
  const limitMs = customTimeout(inputs, op) ?? settings.readyTimeoutMs;
  const deadline = Date.now() + limitMs;
  let interval = settings.pollIntervalMs;
  let current = obj;
  let latest = obj;
  const path = rt.itemPath(rt.pulumiId(current, inputs));
  const stateOf = (o: Props): unknown => rt.live(o)[ready.field];
  const label = () => `futrou:${spec.typeName} "${String(current.name ?? inputs.name ?? current.id)}" (${current.id})`;
  const started = Date.now();
  // A status line is no error: nothing redacts it on its way out but this. A secret count (minInstances) is
  // left out whole, since the instances running may still be its previous, as secret, value.
  const secrets = Secrets.of(spec, inputs);
  /** The wait as the engine's progress view shows it: `deploying, 0 of 2 instances ready, 12 s`. */
  const progress = (state: unknown): string => {
    const parts = [String(state)];
    const counted = ready.progress;
    const live = rt.live(current);
    if (counted && !secrets.has(counted.wanted) && typeof live[counted.count] === "number") {
      const wanted = inputs[counted.wanted] ?? live[counted.wanted];
      const of = typeof wanted === "number" ? ` of ${wanted}` : "";
      parts.push(`${live[counted.count]}${of} ${counted.noun} ready`);
    }
    parts.push(`${Math.round((Date.now() - started) / 1000)} s`);
    return secrets.redact(`${label()}: ${parts.join(", ")}`);
  };
  for (;;) {
    // The latest answer's state: one that does not report a state cannot be waited for.
    const state = stateOf(latest);
    if (state === undefined || state === null) return current;
    if (ready.ready.includes(String(state)) || ready.settled.includes(String(state))) return current;
    if (ready.failed.includes(String(state)) || Date.now() >= deadline) {
      const reason = ready.reasonField ? rt.live(current)[ready.reasonField] : undefined;
      const failed = ready.failed.includes(String(state));
      const setting = customTimeout(inputs, op) ? `customTimeouts.${op}` : "futrou:readyTimeoutSeconds";
      const why = failed
        ? `${state}: ${reason ?? `the API gave no reason${ready.reasonField ? ` (${ready.reasonField} is empty)` : ""}`}`
        : `still ${state} after ${limitMs / 1000} s (${setting})`;
      const todo = failed
        ? `fix the cause${ready.usualCause ? ` (e.g. ${ready.usualCause})` : ""} and run \`pulumi up\` again`
        : `raise ${setting} and run \`pulumi up\` again`;
      // The engine shows only the reasons of an init failure: the one reason is the whole message.
      const message = `${label()} did not become ${ready.ready[0]}: ${why}. It stays in the stack with its id: ${todo}.`;
      throw new ResourceInitError(message, rt.pulumiId(current, inputs), rt.outputs(current, inputs), [message]);
    }
    await status(progress(state), rt.urn);
    await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
    interval = Math.min(interval * 1.5, Math.max(POLL_INTERVAL_CAP_MS, settings.pollIntervalMs));
    try {
      // Each poll has a request deadline of its own: the operation's may be spent by the wait itself.
      latest = (await rt.client().within(requestDeadline(rt.settings)).get(path, spec.model)) as Props;
      current = { ...current, ...latest };
    } catch (error) {
      // The object exists: a poll that fails (retries exhausted) must not make the engine forget it.
      const why = `could not check its ${ready.field}: ${error instanceof Error ? error.message : String(error)}`;
      const message = `${label()} ${why}. It stays in the stack with its id: run \`pulumi up\` again.`;
      throw new ResourceInitError(message, rt.pulumiId(current, inputs), rt.outputs(current, inputs), [message]);
    }
  }
}
