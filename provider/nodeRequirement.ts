/**
 * The Node.js the package needs, and the one-line message for an older one. Importing it never throws
 * (nodeVersion.ts is the guard that does, by calling `refuseOldNode` at load).
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

/** What to do about an old Node.js, for a program (the Pulumi CLI runs it with the `node` on PATH). */
const PROGRAM_REMEDY =
  "Install a newer Node.js and put it first on PATH: the Pulumi CLI runs the program and the provider with it.";

export function nodeVersionProblem(
  version = process.versions.node,
  exec = process.execPath,
  remedy = PROGRAM_REMEDY,
): string | undefined {
  if (atLeast(version)) return undefined;
  return `pulumi-futrou needs Node.js ${MIN_NODE_VERSION} or newer, but this is Node.js ${version} (${exec}). ${remedy}`;
}

/** Throws the one-line message (no stack frames) when this Node.js is older than the package needs. */
export function refuseOldNode(): void {
  const problem = nodeVersionProblem();
  if (problem) throw asOneLine(new Error(problem));
}
