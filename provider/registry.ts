/**
 * The registry: every kind the provider manages, and its spec, loaded on first use (a program or a host that
 * needs one kind loads only that kind's files). Its own room: the dynamic host (provider/adapters/dynamic/),
 * the plugin (provider/adapters/plugin/), the schema (provider/schema.ts) and the converter (provider/convert/)
 * import it; it imports only the kinds (provider/kinds/), the spec's helpers and the API layer, never one of its
 * users (test/architecture/imports.test.ts holds that).
 *
 * Nothing here names a kind: the kinds are the contract's `COLLECTIONS`, and each one's spec is the export named
 * after it in `provider/kinds/<kind>/spec.ts` (provider/kinds/load.ts finds the file).
 */
import { COLLECTIONS, type Kind } from "./api/contract";
import { loadSpecModule } from "./kinds/load";
import type { ResourceSpec } from "./spec";

export function isKind(kind: string): kind is Kind {
  return Object.hasOwn(COLLECTIONS, kind);
}

/** The kind's spec: `provider/kinds/<kind>/spec.ts`'s export named after the kind, loaded on first use. */
export function specFor(kind: Kind): ResourceSpec {
  const spec = (loadSpecModule(kind) as Partial<Record<Kind, ResourceSpec>>)[kind];
  if (spec?.kind !== kind) throw new Error(`futrou: provider/kinds/${kind}/spec.ts exports no spec named ${kind}`);
  return spec;
}

/** Every registered kind, in the contract's order: what the plugin serves and its schema lists. */
export function kinds(): Kind[] {
  return Object.keys(COLLECTIONS) as Kind[];
}
