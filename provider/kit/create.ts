/** create: the create protocol (provider/create.ts: no duplicate, no wrong adoption, crash-safe), or adopt. */
import type { dynamic } from "@pulumi/pulumi";
import { createObject } from "../create";
import type { Secrets } from "../secrets";
import { HIDDEN, type Props } from "../spec";
import { adopt } from "./import";
import { waitReady } from "./ready";
import type { KindRuntime } from "./runtime";

export async function create(rt: KindRuntime, inputs: Props, secrets: Secrets): Promise<dynamic.CreateResult> {
  const importId = inputs[HIDDEN.import];
  if (typeof importId === "string" && importId !== "") return adopt(rt, importId, inputs, secrets);
  const ready = await createObject(rt, {
    secrets,
    collection: rt.collectionOf(inputs),
    body: rt.body(inputs),
    inputs,
    settle: (obj) => waitReady(rt, obj, inputs),
  });
  rt.ours.add(String(ready.id));
  const id = rt.pulumiId(ready, inputs);
  // An output only the create answer carries is lost with that answer (the object found after a lost one).
  const lost = rt.spec.fromCreate.filter((k) => rt.live(ready)[k] === undefined);
  if (lost.length > 0) {
    await rt.warn(
      secrets,
      `${rt.label(inputs, id)} was created, but its ${lost.join(", ")} is unknown: only the API's answer to the ` +
        "create carries it, and that answer was lost (the object was found afterwards). The state holds none; " +
        "`pulumi up --replace <urn>` makes a new one.",
    );
  }
  return { id, outs: rt.outputs(ready, inputs) };
}
