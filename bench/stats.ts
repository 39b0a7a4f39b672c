import { execFileSync } from "node:child_process";
import { repoRoot } from "../scripts/program-dir";

/** The median the benches report: the middle value (of an even count, the upper of the two); NaN for none. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/**
 * The commit a bench measures: `HEAD`, and "with uncommitted changes" when tracked files differ from it (the
 * build in dist/ is assumed to be of that tree). Read it when the bench starts: a long run outlives commits.
 */
export function benchedCommit(): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: repoRoot }).toString().trim();
    const head = git("rev-parse", "--short", "HEAD");
    return git("status", "--porcelain", "--untracked-files=no") ? `${head} with uncommitted changes` : head;
  } catch {
    return "unknown commit";
  }
}
