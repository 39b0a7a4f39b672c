/**
 * bench/RESULTS.md is written by more than one bench and by hand: each bench owns the section between its
 * `<!-- <name>:start -->` and `<!-- <name>:end -->` markers and rewrites only that; everything outside the
 * markers (notes written by hand, other benches' sections) is kept as it is.
 *
 *   writeSection("bench-convert", text)   replaces that section, else appends it (or puts it first: `{ first: true }`)
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "../scripts/program-dir";

export const RESULTS_FILE = join(repoRoot, "bench", "RESULTS.md");

const markers = (name: string) => [`<!-- ${name}:start -->`, `<!-- ${name}:end -->`] as const;

/** `text` between the section's markers. */
export function marked(name: string, text: string): string {
  const [start, end] = markers(name);
  return `${start}\n${text.trimEnd()}\n${end}\n`;
}

/** Puts the section into RESULTS.md in place of an earlier one; a new one goes at the end (or the start). */
export function writeSection(name: string, text: string, opts: { first?: boolean } = {}): void {
  const [start, end] = markers(name);
  const old = readFileSync(RESULTS_FILE, "utf8");
  const at = old.indexOf(start);
  const to = old.indexOf(end);
  const section = marked(name, text);
  let next: string;
  if (at >= 0 && to > at) next = `${old.slice(0, at)}${section}${old.slice(to + end.length).replace(/^\n/, "")}`;
  else if (opts.first) next = `${section}\n${old}`;
  else next = `${old.trimEnd()}\n\n${section}`;
  writeFileSync(RESULTS_FILE, next);
}
