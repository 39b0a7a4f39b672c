/**
 * Fails early, with the fix, on a Node.js older than the package needs. The dynamic-provider host's entry
 * (provider/index.ts) imports this first, before undici: on an older Node the HTTP client dies at load with a
 * TypeError that does not say what is wrong. The SDK's index calls `refuseOldNode` itself, after it has
 * checked whether it runs as the source-based plugin (whose own server reports an old Node.js).
 */
import { refuseOldNode } from "./nodeRequirement";

export { atLeast, MIN_NODE_VERSION, nodeVersionProblem, refuseOldNode } from "./nodeRequirement";

refuseOldNode();
