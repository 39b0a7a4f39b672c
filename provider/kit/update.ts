/**
 * update: refuses what the API would before any request, PATCHes only the changed updatable fields, and
 * believes the answer only when it is the object asked for and reads back what was written.
 */
import type { dynamic } from "@pulumi/pulumi";
import { FutrouApiError } from "../api/errors";
import { normalize, same } from "../normal";
import type { Props } from "../spec";
import { runAction, triggered } from "./action";
import { differs, withKept } from "./diff";
import { pick } from "./props";
import { waitReady } from "./ready";
import type { KindRuntime } from "./runtime";

/** PATCHes only the changed updatable fields (or none), then waits for readiness if the kind has one. */
export async function update(
  rt: KindRuntime,
  id: string,
  outs: Props,
  news: Props,
  oldInputs?: Props,
): Promise<dynamic.UpdateResult> {
  const { spec } = rt;
  rt.seen(id, outs);
  const olds = withKept(rt, outs, news, oldInputs);
  // What the API would refuse (a volume grown outside Pulumi, shrunk back by the program): before any request.
  const refused = spec.transition?.rule(olds, news);
  if (refused) {
    throw new Error(
      `${rt.label(olds, id)}: ${refused.property}: ${refused.reason}. Its ${refused.property} is ` +
        `${JSON.stringify(olds[refused.property])}, changed outside Pulumi; nothing was changed: set ` +
        `${refused.property} to ${JSON.stringify(olds[refused.property])} in the program to keep it.`,
    );
  }
  const was = normalize(spec.kind, olds);
  const now = normalize(spec.kind, news);
  const patch = pick(
    news,
    [...rt.updatable].filter((k) => news[k] !== undefined && differs(rt, k, was, now, oldInputs)),
  );
  const path = rt.itemPath(id);
  // Actions whose trigger input changed run after the PATCH (if any) and its readiness wait.
  const fired = triggered(rt, olds, news, oldInputs);
  if (Object.keys(patch).length === 0 && rt.localKeys.some((k) => differs(rt, k, was, now, oldInputs))) {
    // Only provider-only inputs changed: nothing to send, nothing to wait for, unless a trigger fired.
    const acted = await runActions(rt, id, fired, news);
    return { outs: rt.outputs(acted ?? { id: rt.objectId(id, olds) }, news, olds) };
  }
  let answer: Props | undefined;
  try {
    answer = (
      Object.keys(patch).length > 0
        ? await rt.client().patch(path, patch, spec.model.optional())
        : await rt.client().get(path, spec.model)
    ) as Props | undefined;
    // An empty answer (204, or no body) says nothing of what was applied: read the object once.
    if (answer === undefined) answer = (await rt.client().get(path, spec.model)) as Props;
  } catch (error) {
    if (error instanceof FutrouApiError && error.status === 404) {
      throw new Error(
        `futrou:${spec.typeName} "${id}" no longer exists: it was deleted outside Pulumi. Run ` +
          "`pulumi refresh` to drop it from the state; the next `pulumi up` then creates it anew. " +
          `(${error.message})`,
      );
    }
    throw error;
  }
  believe(rt, id, olds, patch, now, answer);
  // An answer without every field leaves the rest as applied and as it was.
  const updated = { ...answer, id: answer.id ?? rt.objectId(id, olds) };
  const ready = await waitReady(rt, updated, news, "update");
  const acted = await runActions(rt, id, fired, news);
  return { outs: rt.outputs(acted ? { ...ready, ...acted } : ready, news, olds) };
}

/** Runs the fired actions in their declared order; the object as the last one left it, if any ran. */
async function runActions(rt: KindRuntime, id: string, names: readonly string[], news: Props) {
  let last: Props | undefined;
  for (const name of names) last = await runAction(rt, id, name, news);
  return last;
}

/**
 * The answer to an update is the object asked for (runtime.ts `notAsked`) and says the written fields as sent, in the API's
 * normal form, where it says them at all (a variable's value it never does). Otherwise the update fails and
 * the state keeps the old values (an update error changes no state, in either adapter): what the API holds
 * is unknown, and `pulumi refresh` reads it.
 */
function believe(rt: KindRuntime, id: string, olds: Props, patch: Props, sent: Props, answer: Props): void {
  const live = rt.live(answer);
  const other = rt.notAsked(id, answer).length > 0;
  const differ = other ? [] : Object.keys(patch).filter((k) => live[k] !== undefined && !same(live[k], sent[k]));
  if (!other && differ.length === 0) return;
  const what = other
    ? `another object, ${rt.spec.typeName} ${JSON.stringify(String(answer.id))}${
        rt.spec.autoName && typeof answer[rt.spec.autoName] === "string" ? ` "${answer[rt.spec.autoName]}"` : ""
      }`
    : `${differ.map((k) => `${k} ${JSON.stringify(live[k])} (sent ${JSON.stringify(sent[k])})`).join(", ")}`;
  throw new Error(
    `${rt.label(olds, id)}: the API answered the update with ${what}; the state keeps the old values, as the ` +
      "update is not confirmed. Run `pulumi refresh` to read what the API holds, then `pulumi up` again.",
  );
}
