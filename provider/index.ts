/**
 * The runtime entry the dynamic-provider host loads through each resource's `__provider` module string
 * (sdk/resource.ts): `require("pulumi-futrou/dist/provider").providerFor("serverlet")`. Kept at this path
 * (every dynamic resource's state requires it); the host's adapter is provider/adapters/dynamic/, the kinds
 * are in the registry (provider/registry.ts).
 */
// First, before the kit loads undici: an old Node.js gets a message naming the version it needs.
import "./nodeVersion";

export { providerFor } from "./adapters/dynamic";
export { ResourceInitError } from "./kit";
