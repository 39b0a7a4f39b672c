/**
 * `make mutants` (scripts/mutants.ts) breaks one promise at a time and runs the test that claims it. A mutant
 * whose snippet no longer matches its file (the code moved on) breaks nothing and proves nothing: each must
 * still apply, exactly once, and name a test file that exists (titles are often made by `each` tables: the
 * runner's own `-t` finds them).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { MUTANTS } from "../../scripts/mutants";

const root = join(__dirname, "..", "..");
const occurrences = (text: string, snippet: string) => text.split(snippet).length - 1;

test.each(MUTANTS.map((m) => [m.name, m] as const))("mutant %s still applies and names its test", (_name, m) => {
  const source = readFileSync(join(root, m.file), "utf8");
  expect({ from: occurrences(source, m.from), test: existsSync(join(root, m.test.file)) }).toEqual({
    from: 1,
    test: true,
  });
});
