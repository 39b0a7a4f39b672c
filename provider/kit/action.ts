/**
 * action: what the API does to an object besides updating it (a certificate's `renew`), declared in the
 * spec (`ResourceSpec.actions`). One POST to `<item>/<path>`, sent once; then its settle rule, polled; then
 * the object as it is. Run by the plugin's `Call` (a resource method) and by update when the action's
 * trigger input changed (both modes).
 *
 * A POST is never repeated blindly: after an answer that does not say whether it arrived (a timeout, a lost
 * connection, a 500/502/504) it is sent again only if the action is `idempotent`. Otherwise one GET decides:
 * the settle rule's `evidence` changed, so it arrived and the wait goes on; or it did not (yet), and the
 * action fails saying so, without a second POST. In an update that failure keeps the old trigger in the
 * state, so the next `pulumi up` runs the action again.
 */
import type { FutrouClient } from "../api/client";
import { FutrouApiError, FutrouDeadlineError, FutrouNetworkError } from "../api/errors";
import { messageOf } from "../api/outcome";
import { POLL_INTERVAL_CAP_MS, requestDeadline } from "../config";
import { status } from "../engineLog";
import { normalize, same } from "../normal";
import { type ActionSettle, actionOf, actionTriggers, methodResultFields, type Props } from "../spec";
import { differs } from "./diff";
import { customTimeout } from "./props";
import type { KindRuntime } from "./runtime";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Whether a failed POST may have been processed: no answer, or a server error after sending. */
function ambiguous(error: unknown): boolean {
  if (error instanceof FutrouNetworkError) return !error.notSent;
  if (error instanceof FutrouDeadlineError) return true;
  return error instanceof FutrouApiError && [500, 502, 504].includes(error.status);
}

/** Whether `now` shows the action began since `before`: one of the evidence fields changed. */
function began(rt: KindRuntime, settle: ActionSettle | undefined, before: Props | undefined, now: Props): boolean {
  if (!settle?.evidence || !before) return true;
  const [was, is] = [rt.live(before), rt.live(now)];
  return settle.evidence.some((k) => is[k] !== undefined && !same(is[k], was[k]));
}

/**
 * Runs the action on the object `id` and answers the object once settled (the API's answer, as read). `inputs`
 * are the resource's when an update runs it (their `customTimeouts.update` bounds the wait).
 */
export async function runAction(rt: KindRuntime, id: string, name: string, inputs: Props = {}): Promise<Props> {
  const action = actionOf(rt.spec, name);
  const { spec } = rt;
  rt.seen(id);
  const item = rt.itemPath(id);
  const path = `${item}/${action.path ?? name}`;
  const label = `${rt.label(inputs, id)}: ${name}`;
  const get = async (client = rt.client()) => (await client.get(item, spec.model)) as Props;
  const before = action.settle?.evidence ? await get() : undefined;

  let answer: Props | undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      answer = (await rt.client().action(path, spec.model.optional())) as Props | undefined;
      break;
    } catch (error) {
      if (error instanceof FutrouApiError && error.status === 404) {
        throw new Error(
          `${label}: the object no longer exists (deleted outside Pulumi); nothing was done. Run \`pulumi refresh\`.`,
        );
      }
      if (!ambiguous(error)) throw new Error(`${label} failed: ${messageOf(error)}`);
      if (action.idempotent && attempt < 2) continue;
      // Not safe to send again: did the first one arrive?
      const now = await get().catch(() => undefined);
      if (action.settle?.evidence && now && began(rt, action.settle, before, now)) {
        answer = now;
        break;
      }
      throw new Error(
        `${label}: whether the API received it is unknown (${messageOf(error)}); it was not sent again, as ` +
          `${name} twice may do more than ${name} once. Check the object, then run the ${name} again ` +
          "(`pulumi up` runs it again while its trigger is not recorded in the state).",
      );
    }
  }
  const current = answer?.id !== undefined ? answer : await get();
  if (current.id !== undefined) rt.confirmAnswer(id, current);
  return action.settle ? settle(rt, label, action.settle, before, current, inputs, get) : current;
}

/** Polls until the settle rule holds (and the action shows it began), within the readiness or update timeout. */
async function settle(
  rt: KindRuntime,
  label: string,
  rule: ActionSettle,
  before: Props | undefined,
  first: Props,
  inputs: Props,
  get: (client?: FutrouClient) => Promise<Props>,
): Promise<Props> {
  const limitMs = customTimeout(inputs, "update") ?? rt.settings.readyTimeoutMs;
  const deadline = Date.now() + limitMs;
  const started = Date.now();
  let interval = rt.settings.pollIntervalMs;
  let current = first;
  for (;;) {
    const value = rt.live(current)[rule.field];
    if (began(rt, rule, before, current)) {
      if (rule.until.includes(String(value))) return current;
      if (rule.failed?.includes(String(value))) {
        throw new Error(`${label}: ${rule.field} is ${String(value)}; the object is as the API left it.`);
      }
    }
    if (Date.now() >= deadline) {
      const setting = customTimeout(inputs, "update") ? "customTimeouts.update" : "futrou:readyTimeoutSeconds";
      throw new Error(
        `${label}: ${rule.field} still ${String(value)} after ${limitMs / 1000} s (${setting}); the API may still ` +
          `finish it: raise ${setting}, or check the object and run the ${label.split(": ").pop()} again.`,
      );
    }
    await status(`${label}: ${String(value)}, ${Math.round((Date.now() - started) / 1000)} s`, rt.urn);
    await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
    interval = Math.min(interval * 1.5, Math.max(POLL_INTERVAL_CAP_MS, rt.settings.pollIntervalMs));
    // Each poll has a request deadline of its own: the operation's may be spent by the wait itself.
    current = await get(rt.client().within(requestDeadline(rt.settings)));
  }
}

/** The actions whose trigger input changed between `olds` and `news` (a new value, not a removed one). */
export function triggered(rt: KindRuntime, olds: Props, news: Props, oldInputs?: Props): string[] {
  const was = normalize(rt.spec.kind, olds);
  const now = normalize(rt.spec.kind, news);
  return Object.entries(actionTriggers(rt.spec.actions))
    .filter(([, trigger]) => news[trigger] !== undefined && differs(rt, trigger, was, now, oldInputs))
    .map(([name]) => name);
}

/** What a method call answers: the object's outputs, without its secret ones. */
export function methodResult(rt: KindRuntime, answer: Props): Props {
  const live = rt.live(answer);
  return Object.fromEntries(
    methodResultFields(rt.spec)
      .filter((k) => live[k] !== undefined)
      .map((k) => [k, live[k]]),
  );
}
