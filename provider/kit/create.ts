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
  return { id: rt.pulumiId(ready, inputs), outs: rt.outputs(ready, inputs) };
}
