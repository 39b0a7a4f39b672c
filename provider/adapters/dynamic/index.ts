/**
 * The dynamic-provider host's adapter: what only that host needs from the kit, and `providerFor`, which
 * makes each kind's kit with `DYNAMIC_HOST`. The host reaches it through provider/index.ts (the path the
 * serialized `__provider` module requires).
 */
import type { Kind } from "../../api/contract";
import { inDynamicProviderHost, watchEngine } from "../../engine";
import { type AdapterOptions, type KitProvider, makeProvider } from "../../kit";
import { isKind, kinds, specFor } from "../../registry";
import { HIDDEN } from "../../spec";
import { reportedOnce } from "./hostReports";

/** Why the dynamic-provider host refuses a resource the plugin manages (check). */
export const PLUGIN_STATE =
  "is managed by the futrou provider plugin (the stack moved to it: futrou:mode: plugin or a generated SDK), " +
  "and a stack cannot move back to the dynamic providers; set futrou:mode to plugin again. Nothing was changed.";

export const DYNAMIC_HOST: AdapterOptions = {
  /**
   * A resource of the plugin met by the dynamic-provider host (the SDK's alias from `futrou:index:<Type>`):
   * its state holds no module for the host to load (`__provider`), so its refresh and destroy would fail.
   * Refused by check before anything changes; without the alias the engine would have planned a new object
   * and the old one's delete.
   */
  refuseState: (olds) => (olds[HIDDEN.provider] === undefined ? PLUGIN_STATE : undefined),
  /** The host prints errors of check, diff, read and delete itself: once is enough. */
  reported: reportedOnce,
};

const providers = new Map<Kind, KitProvider>();

/** The dynamic provider for one kind, built once per process. */
export function providerFor(kind: string): KitProvider {
  if (!isKind(kind)) throw new Error(`futrou: unknown resource kind "${kind}" (one of ${kinds().join(", ")})`);
  let provider = providers.get(kind);
  if (!provider) {
    // The host exits when its engine is gone, and confirms the creates it returned when closed (engine.ts).
    if (inDynamicProviderHost()) watchEngine();
    provider = makeProvider(specFor(kind), DYNAMIC_HOST);
    providers.set(kind, provider);
  }
  return provider;
}
