/**
 * Fails early, with the fix, on a Node.js older than the package needs. Both entries (the SDK's index and
 * the provider the dynamic-provider host loads) import this first, before undici: on an older Node the
 * HTTP client dies at load with a TypeError that does not say what is wrong.
 */
import { asOneLine } from "./oneLine";

export { atLeast, MIN_NODE_VERSION, nodeVersionProblem } from "./nodeRequirement";

import { nodeVersionProblem } from "./nodeRequirement";

const problem = nodeVersionProblem();
if (problem) throw asOneLine(new Error(problem));
