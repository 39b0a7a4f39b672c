/**
 * The links between README.md and the pages under docs/: each relative link names a file that exists and,
 * with `#anchor`, a heading of that file (GitHub's anchors: lower case, punctuation dropped, spaces as `-`).
 * The README's text moved into docs/ with its cross-references rewritten; a link left pointing at a
 * section that moved, or renamed since, fails here.
 */
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { repoRoot } from "../../scripts/program-dir";
import { markdownFiles } from "./markdown";

/** GitHub's anchor for a heading. */
const anchor = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, "")
    .replace(/ /g, "-");

/** The anchors of a Markdown file's headings (outside fenced code). */
function anchors(file: string): Set<string> {
  const out = new Set<string>();
  let fenced = false;
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.startsWith("```")) fenced = !fenced;
    const heading = !fenced && /^#{1,6} (.+)$/.exec(line)?.[1];
    if (heading) out.add(anchor(heading));
  }
  return out;
}

describe("links in README.md and docs/", () => {
  it("GitHub's anchors are computed as GitHub does", () => {
    expect(anchor("Drift: `pulumi refresh`")).toBe("drift-pulumi-refresh");
    expect(anchor("`pulumi import` on the plugin")).toBe("pulumi-import-on-the-plugin");
    expect(anchor("From YAML, Go, TypeScript and Python")).toBe("from-yaml-go-typescript-and-python");
  });

  it("every relative link names an existing file and heading", () => {
    const broken: string[] = [];
    let checked = 0;
    for (const file of markdownFiles()) {
      const text = readFileSync(file, "utf8").replace(/```[\s\S]*?```/g, "");
      for (const [, target = ""] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        checked++;
        const [path = "", hash] = target.split("#");
        const resolved = path === "" ? file : join(dirname(file), path);
        const where = `${relative(repoRoot, file)}: ${target}`;
        if (!existsSync(resolved)) broken.push(`${where} (no such file)`);
        else if (hash && resolved.endsWith(".md") && !anchors(resolved).has(hash))
          broken.push(`${where} (no such heading)`);
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(broken).toEqual([]);
  });
});
