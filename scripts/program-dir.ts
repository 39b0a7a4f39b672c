/**
 * A private working copy of a Pulumi program, as a user's project would have it: the program's files, a
 * node_modules that resolves `@pulumi/pulumi` and `pulumi-futrou` (linked to this repo's), and its own
 * local file backend. Used by `make demo`, the end-to-end tests and the benchmarks so they never write
 * stack files into the repo or share state with each other. Plugin folders that Pulumi.yaml names by a
 * relative `path:` (e.g. the futrou plugin, `path: ../../dist/plugin`) still mean the same folder in the copy.
 */
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

/** The repository root, from either the sources or dist/. */
export const repoRoot = resolve(__dirname, "..", __dirname.includes(`${join("dist", "scripts")}`) ? ".." : "");

export interface ProgramDir {
  /** The program's working copy. */
  dir: string;
  /** `file://` URL of the stack's own backend. */
  backendUrl: string;
  /** The stack's state file as the backend stores it at rest (what `pulumi stack export` prints). */
  stateFile(project: string, stack: string): string;
  remove(): void;
}

export function programDir(source: string): ProgramDir {
  const scratch = mkdtempSync(join(tmpdir(), "pulumi-futrou-"));
  const dir = join(scratch, "program");
  const backend = join(scratch, "backend");
  cpSync(source, dir, {
    recursive: true,
    filter: (src) => !/(^|\/)(node_modules|Pulumi\.[^/]+\.yaml)$/.test(src.slice(source.length)),
  });
  symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
  const project = join(dir, "Pulumi.yaml");
  if (existsSync(project)) {
    const text = readFileSync(project, "utf8");
    writeFileSync(
      project,
      text.replace(/^(\s+path:\s*)(\.\.?\/\S*)$/gm, (_, key, path) => key + resolve(source, path)),
    );
  }
  mkdirSync(backend);
  return {
    dir,
    backendUrl: `file://${backend}`,
    stateFile: (project, stack) => join(backend, ".pulumi", "stacks", project, `${stack}.json`),
    remove: () => rmSync(scratch, { recursive: true, force: true }),
  };
}
