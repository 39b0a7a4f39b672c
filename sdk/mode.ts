/**
 * Which way this package's classes register their resources, from the stack (or project) config
 * `futrou:mode`: `dynamic` (the default) through Pulumi's dynamic-provider host, which needs nothing but this
 * package; `plugin` as `futrou:index:<Type>` resources of the futrou provider plugin, the same types a
 * generated SDK registers. Either way the same specs check the inputs the program knows before anything
 * is registered, and the same kit serves the resources. The plugin ignores the key.
 *
 * Moving a stack from `dynamic` to `plugin` replaces nothing: in plugin mode every class is aliased from
 * its dynamic type, and `Provider` from `pulumi:providers:pulumi-nodejs`. There is no way back: a stack
 * moved to the plugin stays there (its state no longer holds the module the dynamic host needs).
 */
import * as pulumi from "@pulumi/pulumi";
import { SDK_MODE_KEY } from "../provider/config";

export const MODES = ["dynamic", "plugin"] as const;
export type Mode = (typeof MODES)[number];

let cached: Mode | undefined;

/** `futrou:mode`, read once per program; anything but `dynamic` or `plugin` stops the program naming the key. */
export function sdkMode(): Mode {
  if (cached === undefined) {
    const value = new pulumi.Config("futrou").get(SDK_MODE_KEY.slice("futrou:".length)) ?? "dynamic";
    if (!(MODES as readonly string[]).includes(value)) {
      throw new Error(`${SDK_MODE_KEY}: "${value}" is not one of ${MODES.join(", ")}`);
    }
    cached = value as Mode;
  }
  return cached;
}

/** Forget the cached mode (tests change the config between programs). */
export function resetSdkModeCache(): void {
  cached = undefined;
}
