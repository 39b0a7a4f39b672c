/**
 * pulumi-futrou: Pulumi resources for the Futrou Cloud API v2.
 *
 * Configure with `pulumi config set futrou:apiToken --secret <token>` (or `FUTROU_API_TOKEN`) and
 * optionally `futrou:apiUrl` (or `FUTROU_API_URL`); a `futrou.Provider` gives resources other settings.
 */
import { refuseOldNode } from "../provider/nodeRequirement";
import { runAsPlugin } from "./runAsPlugin";

// First, before anything loads undici. Run as this folder's source-based plugin (PulumiPlugin.yaml), start the
// provider server: on an old Node.js it answers every call with the one line that says so, which the engine
// shows as the error (throwing here would put that line under the engine's "exited prematurely … always a bug
// in the provider" block). In a program, an old Node.js gets that line as the program's error.
if (!runAsPlugin(module)) refuseOldNode();

// Every kind's class and Args, generated from its folder (provider/kinds/<kind>/) by `make docs`.
export * from "./generated/index";
export type * from "./generated/results";
export * from "./lookups";
export type * from "./nested";
export { Provider, type ProviderArgs } from "./provider";
export type { OutputsOf, ResourceClass, StateOf, Timestamps } from "./types";
