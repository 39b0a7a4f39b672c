/**
 * The stack's state next to the emulator's inventory, both as `kind <Pulumi id>` keys, so a test can say
 * "nothing lost, nothing duplicated, nothing orphaned" with one toEqual.
 */
import type { Stack } from "@pulumi/pulumi/automation";
import type { RunningEmulator } from "../../emulator";
import { COLLECTIONS, type Kind } from "../../provider/api/contract";
import { specFor } from "../../provider/registry";
import { PLUGIN_TYPE_PREFIX, TYPE_PREFIX } from "../../provider/spec";

const KINDS = Object.keys(COLLECTIONS) as Kind[];
/** Both modes: the dynamic providers' types and the plugin's. */
const KIND_OF_TYPE = new Map(
  KINDS.flatMap((k) => [
    [`${TYPE_PREFIX}${specFor(k).typeName}`, k],
    [`${PLUGIN_TYPE_PREFIX}${specFor(k).typeName}`, k],
  ]),
);

export interface StateResource {
  urn: string;
  type: string;
  id?: string;
  outputs?: Record<string, unknown>;
}

/** The checkpoint's resources and pending operations (left when the engine could not finish a step). */
export async function exportState(stack: Stack): Promise<{ resources: StateResource[]; pending: unknown[] }> {
  const { deployment } = await stack.exportStack();
  return {
    resources: (deployment.resources ?? []) as StateResource[],
    pending: (deployment.pending_operations ?? []) as unknown[],
  };
}

/** `kind id` for every Futrou resource in the state, sorted (duplicates kept). */
export function stateKeys(resources: StateResource[]): string[] {
  return resources
    .filter((r) => KIND_OF_TYPE.has(r.type))
    .map((r) => `${KIND_OF_TYPE.get(r.type)} ${r.id}`)
    .sort();
}

/** `kind id` for every object the emulator stores, records as `<dnsId>/<recordId>` like their Pulumi id. */
export function inventoryKeys(emulator: RunningEmulator, workspaceId?: string): string[] {
  const inv = emulator.inventory(workspaceId);
  // The SOA and NS records the platform puts in every zone are not the stack's.
  return KINDS.flatMap((kind) =>
    inv[kind]
      .filter((o) => o.platform !== true)
      .map((o) => `${kind} ${kind === "dnsRecord" ? `${String(o.dnsId)}/${String(o.id)}` : String(o.id)}`),
  ).sort();
}
