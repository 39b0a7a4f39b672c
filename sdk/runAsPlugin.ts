/**
 * This package's folder is also a source-based Pulumi plugin (PulumiPlugin.yaml, `runtime: nodejs`): for
 * `pulumi package get-schema|add <folder>` and `plugins.providers` with `path: <folder>`, the Node.js language
 * host runs `@pulumi/pulumi/cmd/run-plugin <folder>`, which `require`s the folder's package.json `main`: this
 * SDK. Required that way (and only that way: a program's `require("pulumi-futrou")` has the program as its
 * parent), the SDK starts the provider plugin, the bundle of `make build` (dist/plugin/plugin.js), which
 * prints its port for the engine.
 */
import { join } from "node:path";

/** run-plugin's module that `require`s the plugin folder (@pulumi/pulumi/cmd/run-plugin/run.js). */
const RUN_PLUGIN = /[\\/]@pulumi[\\/]pulumi[\\/]cmd[\\/]run-plugin[\\/]run\.js$/;

/** Whether `entry` (the SDK's index module) was required by Pulumi's run-plugin. */
export function requiredByRunPlugin(entry: NodeJS.Module): boolean {
  // `parent` is the module that first required this one; deprecated for its ambiguity, which is no concern here.
  const parent = (entry as { parent?: NodeJS.Module | null }).parent;
  return RUN_PLUGIN.test(parent?.filename ?? "");
}

/** Starts the provider plugin when `entry` runs as one (see above); whether it did. */
export function runAsPlugin(entry: NodeJS.Module): boolean {
  if (!requiredByRunPlugin(entry)) return false;
  require(join(__dirname, "..", "plugin", "plugin.js"));
  return true;
}
