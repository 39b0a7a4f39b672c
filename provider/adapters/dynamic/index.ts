/**
 * The dynamic-provider host's adapter: what only that host needs from the kit. The host's entry is
 * provider/index.ts `providerFor` (the path the serialized `__provider` module requires), which makes each
 * kind's kit with `DYNAMIC_HOST`.
 */
import type { AdapterOptions } from "../../kit";
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
