/**
 * The `import` resource option (the SDK's `__import`): check compares the program with the object (one GET,
 * remembered in `toImport`), and create adopts it instead of creating one (`adopt`).
 */
import type { dynamic } from "@pulumi/pulumi";
import { same } from "../normal";
import type { Secrets } from "../secrets";
import type { Props } from "../spec";
import { containsUnknown } from "../validate";
import { pick, visible } from "./props";
import { waitReady } from "./ready";
import type { KindRuntime } from "./runtime";
import { OwnerRef } from "./workspaces";

/**
 * The object to import and the observed fields in which the program differs from it: only what the API
 * says can be compared; kept fields are taken from the program. One GET (none when check already made it).
 */
export async function importable(
  rt: KindRuntime,
  importId: string,
  inputs: Props,
  secrets: Secrets,
): Promise<{ found: Props; differing: string[] }> {
  const { spec } = rt;
  const found =
    rt.toImport.get(importId) ?? ((await rt.client().find(rt.itemPath(importId), spec.model)) as Props | undefined);
  if (!found) throw new Error(`futrou:${spec.typeName}: cannot import "${importId}": no such object (404)`);
  rt.confirmAnswer(importId, found);
  const remote = rt.live(found);
  const differing = Object.keys(visible(inputs))
    .filter((k) => remote[k] !== undefined && !containsUnknown(inputs[k]) && !same(inputs[k], remote[k]))
    .map((k) => `${k} (program ${secrets.show(k, inputs[k])}, remote ${secrets.show(k, remote[k])})`);
  // A workspace the answer does not carry is checked with the list filter: the state never claims one unseen.
  const workspaceId = inputs.workspaceId;
  if (remote.workspaceId === undefined && typeof workspaceId === "string" && rt.keptKeys.includes("workspaceId")) {
    const key = `${importId}@${workspaceId}`;
    if (!rt.inWorkspace.has(key)) {
      const listed = await rt.client().list(spec.collection, OwnerRef, { id: String(found.id), workspaceId });
      if (listed.some((o) => o.id === found.id)) rt.inWorkspace.add(key);
      else differing.push(`workspaceId (program ${JSON.stringify(workspaceId)}, the object is in another workspace)`);
    }
  }
  return { found, differing };
}

/**
 * Adopts an existing object: refuses on any observed difference, nothing changed. Then writes, in one PATCH,
 * the kept fields the program sets (the API never says them, so only writing them makes the state true);
 * kept fields it leaves out are not in `inputs` (check drops them) and so not claimed. A kept field that
 * cannot be written (created with the object, e.g. a region) is recorded as the program says, with a warning.
 */
export async function adopt(
  rt: KindRuntime,
  importId: string,
  inputs: Props,
  secrets: Secrets,
): Promise<dynamic.CreateResult> {
  const { spec, updatable } = rt;
  const { found, differing } = await importable(rt, importId, inputs, secrets);
  rt.toImport.delete(importId);
  if (differing.length > 0) {
    throw new Error(
      `futrou:${spec.typeName}: import of "${importId}" refused, nothing was changed: the program differs from ` +
        `the remote object in ${differing.join(", ")}. Make the program match, import, then change it.`,
    );
  }
  const id = rt.pulumiId(found, inputs);
  rt.seen(id, found);
  // Kept here means: this answer does not carry it (a field the newest generation answers is compared above).
  const remote = rt.live(found);
  const set = rt.claimable.filter((k) => inputs[k] !== undefined && remote[k] === undefined);
  const fixed = set.filter((k) => !updatable.has(k) && k !== "workspaceId" && inputs[k] !== null);
  if (fixed.length > 0) {
    await rt.warn(
      secrets,
      `${rt.label(inputs, id)}: ${fixed.join(", ")} cannot be read from the API or changed after creation, so the ` +
        `import records ${fixed.length === 1 ? "it" : "them"} as the program says (${fixed.map((k) => `${k} ${secrets.show(k, inputs[k])}`).join(", ")}); make sure that is right.`,
    );
  }
  const writes = set.filter((k) => updatable.has(k));
  if (writes.length === 0) return { id, outs: rt.outputs(found, inputs) };
  rt.ours.add(String(found.id));
  const answer = (await rt.client().patch(rt.itemPath(id), pick(inputs, writes), spec.model.optional())) as
    | Props
    | undefined;
  // Adopted and written, but perhaps not running: a ResourceInitError the engine records (kit/guard.ts).
  const written = await waitReady(rt, { ...found, ...answer, id: answer?.id ?? found.id }, inputs, "update");
  return { id, outs: rt.outputs(written, inputs) };
}
