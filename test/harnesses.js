/**
 * Which test files need the Pulumi engine, decided by what each file starts, not by its folder. A file
 * needs the engine when its source, or a test helper it imports, names one of ENGINE_MARKERS: a stack run through the Automation API
 * (`programStack`, `tableStack`, `automationStack`, `describeLifecycle`, the one-project steps), the
 * toolchain put on PATH (`ensureToolchainOnPath`: the `pulumi` CLI, language hosts, sdkgen), or the
 * `pulumi` CLI spawned directly (which also starts the provider plugin). Every other file is fast: it starts
 * nothing, or only the emulator, a scripted API or node processes of this repository.
 *
 * jest.config.js makes the two halves jest projects (`fast`, `engine`): `make test-fast` runs the fast
 * one, `make test` both, each file once. test/harnesses.test.ts checks the split.
 */
const { existsSync, readdirSync, readFileSync } = require("node:fs");
const { dirname, join, relative } = require("node:path");

const ENGINE_MARKERS =
  /\b(programStack|tableStack|automationStack|describeLifecycle|upAndDestroy|upCreatesTheProject|destroyDeletesIt|ensureToolchainOnPath|LocalWorkspace)\b|@pulumi\/pulumi\/automation|["'`]pulumi["'`]\s*,\s*\[/;

const root = __dirname;

/** Every test file under test/, as paths relative to the repository (`test/client/http.test.ts`). */
function testFiles(dir = root) {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return e.name === "programs" || e.name === "fixtures" ? [] : testFiles(path);
      return e.name.endsWith(".test.ts") ? [relative(join(root, ".."), path)] : [];
    })
    .sort();
}

/** The file and the helpers under test/ it imports by a relative path, transitively (paths as testFiles gives). */
function helpersOf(file, seen = new Set()) {
  if (seen.has(file)) return seen;
  seen.add(file);
  const repo = join(root, "..");
  const source = readFileSync(join(repo, file), "utf8");
  for (const [, spec] of source.matchAll(/(?:from|require\()\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    const base = join(dirname(join(repo, file)), spec);
    const found = [`${base}.ts`, `${base}.js`, join(base, "index.ts")].find((p) => existsSync(p));
    const path = found && relative(repo, found);
    if (path?.startsWith("test/")) helpersOf(path, seen);
  }
  return seen;
}

/** Whether the test file (relative to the repository) starts the Pulumi engine, itself or through a helper. */
function needsEngine(file) {
  // This file names every marker in ENGINE_MARKERS and starts nothing.
  const helpers = [...helpersOf(file)].filter((f) => f !== "test/harnesses.js");
  return helpers.some((f) => ENGINE_MARKERS.test(readFileSync(join(root, "..", f), "utf8")));
}

/** The test files split in two: `fast` (no engine) and `engine`. */
function partition() {
  const files = testFiles();
  return { fast: files.filter((f) => !needsEngine(f)), engine: files.filter(needsEngine) };
}

module.exports = { ENGINE_MARKERS, testFiles, needsEngine, partition };
