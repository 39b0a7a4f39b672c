/**
 * The split of the test files into the `fast` and `engine` jest projects (test/harnesses.js,
 * jest.config.js): every file in exactly one, and no fast file reaching the engine through a helper.
 * Starts nothing.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";

const { partition, testFiles } = require("./harnesses") as {
  partition(): { fast: string[]; engine: string[] };
  testFiles(): string[];
};

const repo = join(__dirname, "..");
const { fast, engine } = partition();

/** What starts the engine when a helper does it: the Automation API, or the `pulumi` CLI spawned. */
const STARTS_ENGINE = /@pulumi\/pulumi\/automation|["'`]pulumi["'`]\s*,\s*\[/;

/** The test harness files (under test/ and scripts/) a file imports, itself included, transitively. */
function harnessClosure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(join(repo, file), "utf8");
  for (const [, spec] of source.matchAll(/(?:from|require\()\s*["'](\.{1,2}\/[^"']+)["']/g)) {
    const base = join(dirname(join(repo, file)), spec as string);
    const found = [`${base}.ts`, `${base}.js`, join(base, "index.ts"), base].find(
      (p) => existsSync(p) && !p.endsWith("/"),
    );
    const path = found && relative(repo, found);
    if (path && /^(test|scripts)\//.test(path) && /\.(ts|js)$/.test(path)) harnessClosure(path, seen);
  }
  return seen;
}

test("every test file is in exactly one half", () => {
  const all = readdirSync(join(repo, "test"), { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(".test.ts") && !f.includes("programs/"))
    .map((f) => `test/${f}`)
    .sort();
  expect(testFiles()).toEqual(all);
  expect([...fast, ...engine].sort()).toEqual(all);
  expect(fast.filter((f) => engine.includes(f))).toEqual([]);
});

test("no fast test starts the engine, itself or through a helper it imports", () => {
  const reaching = fast.flatMap((file) =>
    [...harnessClosure(file)]
      .filter((f) => STARTS_ENGINE.test(readFileSync(join(repo, f), "utf8")))
      .map((helper) => `${file} -> ${helper}`),
  );
  expect(reaching).toEqual([]);
});

test("the tests that run stacks are in the engine half", () => {
  // Every test of test/e2e runs a program through the engine; the kit's own tests call it in-process.
  expect(fast.filter((f) => f.startsWith("test/e2e/"))).toEqual([]);
  expect(engine).toEqual(expect.arrayContaining(["test/plugin/schema.test.ts", "test/languages/yaml.test.ts"]));
  expect(fast).toEqual(expect.arrayContaining(["test/provider/check.test.ts", "test/emulator/crud.test.ts"]));
});
