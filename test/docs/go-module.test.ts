/**
 * The Go module a release publishes (scripts/release.ts: GO_MODULE at the tag goTag(), its package GO_PACKAGE)
 * is the one every doc, template and example names: a user who copies a `require`, a `replace`, an import or a
 * tag from any of them gets what the release holds. The module moved from github.com/futrou/pulumi-futrou/sdk/go
 * (tag sdk/go/v<version>) to github.com/futrou/pulumi-futrou/sdk (tag sdk/v<version>); the import path did not.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { repoRoot } from "../../scripts/program-dir";
import { GO_MODULE, GO_PACKAGE, goTag, version } from "../../scripts/release";
import { markdownFiles } from "./markdown";

/** README.md, docs/**, CONTRIBUTING.md, the Go template and the Go examples' go.mod and Go sources. */
function files(): string[] {
  const goFiles = (dir: string): string[] =>
    readdirSync(join(repoRoot, dir), { recursive: true, encoding: "utf8" })
      .filter((f) => f === "go.mod" || f.endsWith(".go"))
      .map((f) => join(repoRoot, dir, f));
  return [
    ...markdownFiles(),
    join(repoRoot, "CONTRIBUTING.md"),
    ...["templates/go", "examples/go", "examples/go-inline"].flatMap(goFiles),
  ];
}

/** Each mention of a path in this repository's Go SDK (`github.com/futrou/pulumi-futrou/sdk…`), by file. */
function sdkPaths(): string[] {
  return files().flatMap((file) =>
    [...readFileSync(file, "utf8").matchAll(/github\.com\/futrou\/pulumi-futrou\/sdk[\w./-]*/g)].map(
      (m) => `${relative(repoRoot, file)}: ${m[0].replace(/[.]$/, "")}`,
    ),
  );
}

describe("the Go module the docs, the template and the examples name is the one a release publishes", () => {
  it("each path in the Go SDK is the released module or its package", () => {
    const paths = sdkPaths();
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter((p) => !p.endsWith(`: ${GO_MODULE}`) && !p.endsWith(`: ${GO_PACKAGE}`))).toEqual([]);
  });

  it("the package is inside the module, and the tag is the module's folder then the version", () => {
    expect(GO_PACKAGE.startsWith(`${GO_MODULE}/`)).toBe(true);
    const folder = GO_MODULE.replace(/^github\.com\/futrou\/pulumi-futrou\//, "");
    expect(goTag()).toBe(`${folder}/v${version()}`);
  });

  it("each tag of the Go module the docs give is the release's", () => {
    const tags = files().flatMap((file) =>
      [...readFileSync(file, "utf8").matchAll(/`(sdk\/[\w/]*v[\d.<>a-z]+)`/g)].map(
        (m) => `${relative(repoRoot, file)}: ${m[1]}`,
      ),
    );
    expect(tags.length).toBeGreaterThan(0);
    const released = new Set([goTag(), goTag("<version>")]);
    expect(tags.filter((t) => !released.has(t.slice(t.indexOf(": ") + 2)))).toEqual([]);
  });
});
