/**
 * Every command the documentation gives a user is run by a test (or copied from one). Each fenced shell
 * block (```sh, bash, shell, console) in README.md and docs/**.md must follow a marker
 * `<!-- exercised-by: <file>[, <file>…] -->` naming the tests (or `.ci/run`) that run its commands; each
 * file must exist, and must mention each command's subcommand words and its long flags (as written or in
 * camelCase, the Automation API's spelling). Comment lines and `export NAME=…` lines are not commands.
 *
 * `<!-- exercised-by: pending -->` marks a block whose commands are not run by any test yet; each of them
 * must then be listed in PENDING below, the one place that says what is still to wire.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { repoRoot } from "../../scripts/program-dir";
import { camel, keyWords, markdownFiles, shellBlocks } from "./markdown";

/** Commands the docs give that no test runs yet (none today): a block marked pending must list each here. */
const PENDING: string[] = [];

const blocks = markdownFiles().flatMap((file) => shellBlocks(relative(repoRoot, file), readFileSync(file, "utf8")));

describe("every command in README.md and docs/ is run by a test", () => {
  it("the docs hold shell blocks to check (README.md and docs/ are read)", () => {
    expect(blocks.filter((b) => b.file === "README.md").length).toBeGreaterThanOrEqual(4);
    expect(blocks.filter((b) => b.file.startsWith("docs/")).length).toBeGreaterThanOrEqual(8);
  });

  it("each shell block has an exercised-by marker", () => {
    expect(blocks.filter((b) => !b.marker).map((b) => `${b.file}:${b.line}`)).toEqual([]);
  });

  it("each named test exists and mentions each command's subcommands and flags", () => {
    const problems: string[] = [];
    for (const b of blocks.filter((x) => x.marker && x.marker !== "pending")) {
      const files = (b.marker ?? "").split(/,\s*/);
      const missing = files.filter((f) => !existsSync(join(repoRoot, f)));
      if (missing.length > 0) {
        problems.push(`${b.file}:${b.line}: no such test ${missing.join(", ")}`);
        continue;
      }
      const text = files.map((f) => readFileSync(join(repoRoot, f), "utf8")).join("\n");
      for (const command of b.commands) {
        const absent = keyWords(command).filter(
          (w) =>
            !new RegExp(`(^|[^\\w-])${w}([^\\w-]|$)`).test(text) && !(w.startsWith("--") && text.includes(camel(w))),
        );
        if (absent.length > 0) problems.push(`${b.file}:${b.line}: \`${command}\`: ${files} never says ${absent}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it("each command of a pending block is listed in PENDING, and every PENDING command is still in the docs", () => {
    const pending = blocks.filter((b) => b.marker === "pending").flatMap((b) => b.commands);
    expect(pending.filter((c) => !PENDING.includes(c))).toEqual([]);
    expect(PENDING.filter((c) => !pending.includes(c))).toEqual([]);
  });

  it("keyWords takes subcommands and long flags, not paths, values or the generic flags", () => {
    expect(keyWords('pulumi plugin install resource futrou 0.1.0 --file "$(pwd)/dist/plugin"')).toEqual([
      "plugin",
      "install",
      "resource",
      "--file",
    ]);
    expect(keyWords("pulumi refresh --clear-pending-creates --yes")).toEqual(["refresh", "--clear-pending-creates"]);
    expect(keyWords("npm install && npm pack")).toEqual(["install", "pack"]);
  });
});
