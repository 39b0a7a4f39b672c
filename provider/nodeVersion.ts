/**
 * Fails early, with the fix, on a Node.js older than the package needs. Both entries (the SDK's index and
 * the provider the dynamic-provider host loads) import this first, before undici: on an older Node the
 * HTTP client dies at load with a TypeError that does not say what is wrong.
 */
import { asOneLine } from "./oneLine";

/** The oldest Node.js that runs the package: undici's own `engines` (package.json says the same). */
export const MIN_NODE_VERSION = "22.19.0";

const parts = (v: string): number[] =>
  v
    .replace(/^v/, "")
    .split(".")
    .map((n) => Number.parseInt(n, 10) || 0);

/** Whether `version` (e.g. `20.20.2` or `v22.19.0`) is at least `min`. */
export function atLeast(version: string, min = MIN_NODE_VERSION): boolean {
  const [a, b] = [parts(version), parts(min)];
  for (let i = 0; i < 3; i++) {
    if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) > (b[i] ?? 0);
  }
  return true;
}

export function nodeVersionProblem(version = process.versions.node, exec = process.execPath): string | undefined {
  if (atLeast(version)) return undefined;
  return (
    `pulumi-futrou needs Node.js ${MIN_NODE_VERSION} or newer, but this is Node.js ${version} (${exec}). ` +
    "Install a newer Node.js and put it first on PATH: the Pulumi CLI runs the program and the provider with it."
  );
}

const problem = nodeVersionProblem();
if (problem) throw asOneLine(new Error(problem));
