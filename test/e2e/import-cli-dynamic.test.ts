/**
 * `pulumi import` (the CLI command) of a dynamic type fails before any code of this package runs: the engine
 * asks the dynamic-provider host to read an object with no properties, not even the provider's code. What the
 * user reads then is the message docs/import.md and docs/troubleshooting.md quote, with the pinned Pulumi;
 * this test runs the command and takes the quote from the docs, so a Pulumi that prints something else fails it.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { scratchPulumiEnv } from "../languages/lifecycle";
import { ensureToolchainOnPath, repoRoot } from "./engine";

jest.setTimeout(300_000);

/** The message docs/import.md says `pulumi import pulumi-nodejs:dynamic:Resource …` stops with. */
function documented(): string {
  const text = readFileSync(join(repoRoot, "docs", "import.md"), "utf8").replace(/\s+/g, " ");
  const quoted = /pulumi-nodejs:dynamic:Resource …` stops with `([^`]+)`/.exec(text)?.[1];
  if (!quoted) throw new Error("docs/import.md no longer says what `pulumi import` of a dynamic type stops with");
  return quoted;
}

test("pulumi import of a dynamic type stops with the message the docs quote", async () => {
  ensureToolchainOnPath();
  const root = mkdtempSync(join(tmpdir(), "futrou-import-cli-"));
  try {
    const program = join(root, "program");
    mkdirSync(program);
    writeFileSync(join(program, "Pulumi.yaml"), "name: import-cli\nruntime: nodejs\n");
    writeFileSync(join(program, "package.json"), JSON.stringify({ name: "import-cli", main: "index.js" }));
    writeFileSync(join(program, "index.js"), "");
    symlinkSync(join(repoRoot, "node_modules"), join(program, "node_modules"));
    const env = scratchPulumiEnv(root, { FUTROU_API_TOKEN: "unused" });
    expect(spawnSync("pulumi", ["stack", "init", "dev"], { cwd: program, env }).status).toBe(0);
    for (const type of ["pulumi-nodejs:dynamic:Resource", "pulumi-nodejs:dynamic/futrou:Project"]) {
      const r = spawnSync("pulumi", ["import", type, "shop", "prj_0123", "--yes", "--non-interactive"], {
        cwd: program,
        env,
        encoding: "utf8",
      });
      expect(r.status).not.toBe(0);
      expect([type, r.stdout + r.stderr]).toEqual([type, expect.stringContaining(documented())]);
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
