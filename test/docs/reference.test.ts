/**
 * The reference pages in docs/reference/ (scripts/reference-docs.ts, `make docs`): regenerated in memory from
 * the schema the plugin serves (dist/plugin/schema.json), they must equal the committed pages, so a page
 * left stale by a schema or description change fails here. The type each page gives a field in Go, Python
 * and TypeScript is checked against the SDKs Pulumi's code generators made from the same schema
 * (`make sdks`, dist/sdks): a Go user reading `SizeGb pulumi.Float64PtrInput` finds exactly that field. The
 * pages' examples compile: TypeScript type-checks, Go passes `go vet` (type-checked), Python byte-compiles and uses only
 * names the generated package has.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  goFunctionName,
  goInput,
  goName,
  goOutput,
  goPlain,
  pyInput,
  pyName,
  pyOutput,
  pyPlain,
  REFERENCE_DIR,
  referencePages,
  SCHEMA_FILE,
  Schema,
  tsInput,
  tsOutput,
} from "../../scripts/reference-docs";
import { ensureToolchainOnPath, repoRoot } from "../e2e/engine";
import { run, SDKS_DIR, unknownPythonNames } from "../languages/lifecycle";

jest.setTimeout(600_000);

const schemaJson = (): unknown => {
  if (!existsSync(SCHEMA_FILE)) throw new Error("the plugin's schema is missing: run `make build`");
  return JSON.parse(readFileSync(SCHEMA_FILE, "utf8"));
};
const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const shortName = (token: string) => token.slice(token.lastIndexOf(":") + 1);
/** Generated source, each line trimmed with runs of blanks made one space, without `_builtins.` prefixes. */
const source = (...path: string[]) =>
  `\n${readFileSync(join(SDKS_DIR, ...path), "utf8")
    .replace(/_builtins\./g, "")
    .split("\n")
    .map((l) => l.trim().replace(/[ \t]+/g, " "))
    .join("\n")}\n`;

describe("reference pages generated from the schema", () => {
  it("docs/reference holds exactly the pages `make docs` writes from dist/plugin/schema.json", () => {
    const pages = referencePages(schemaJson());
    expect(readdirSync(REFERENCE_DIR).sort()).toEqual([...pages.keys()].sort());
    for (const [name, text] of pages) {
      // A failure here means: run `make docs` and commit docs/reference.
      expect([name, readFileSync(join(REFERENCE_DIR, name), "utf8")]).toEqual([name, text]);
    }
  });

  it("each resource and function has a page with an example in TypeScript, YAML, Go and Python", () => {
    const schema = Schema.parse(schemaJson());
    const pages = referencePages(schema);
    // A resource's methods (`<Type>/<action>`) are on its page (test/provider/actions.test.ts), not pages of their own.
    const functions = Object.keys(schema.functions).filter((t) => !t.includes("/"));
    for (const token of [...Object.keys(schema.resources), ...functions]) {
      const page = pages.get(`${shortName(token).toLowerCase()}.md`) ?? "";
      expect([token, ["```ts", "```yaml", "```go", "```python"].filter((f) => !page.includes(f))]).toEqual([token, []]);
    }
  });
});

describe("the field types the pages give are those of the generated SDKs", () => {
  const schema = Schema.parse(schemaJson());
  beforeAll(() => {
    if (!existsSync(join(SDKS_DIR, "go", "go", "futrou")))
      throw new Error("the generated SDKs are missing: run `make sdks`");
  });

  it.each(Object.keys(schema.resources))("%s: Go, Python and TypeScript inputs and outputs", (token) => {
    const r = schema.resources[token];
    if (!r) throw new Error(token);
    const name = shortName(token);
    const go = source("go", "go", "futrou", `${lowerFirst(name)}.go`);
    const py = source("python", "pulumi_futrou", `${pyName(name)}.py`);
    const ts = source("nodejs", `${lowerFirst(name)}.ts`);
    const missing: string[] = [];
    const want = (file: string, text: string, line: string) => {
      if (!text.includes(line)) missing.push(`${file}: ${line}`);
    };
    for (const [key, p] of Object.entries(r.inputProperties)) {
      const req = (r.requiredInputs ?? []).includes(key);
      want("go", go, `\n${goName(key)} ${goInput(p, req)}\n`);
      want("python", py, `\n${pyName(key)}: ${pyInput(p, req)}`);
      want("typescript", ts, `\n${key}${req ? "" : "?"}: ${tsInput(p, req)};`);
    }
    for (const [key, p] of Object.entries(r.properties)) {
      const req = (r.required ?? []).includes(key);
      want("go", go, `\n${goName(key)} ${goOutput(p, req)} \`pulumi:"${key}"\``);
      want("python", py, `def ${pyName(key)}(self) -> ${pyOutput(p, req)}:`);
      want("typescript", ts, ` readonly ${key}: ${tsOutput(p, req)};`);
    }
    expect(missing).toEqual([]);
  });

  // Methods are generated on their resource, not as functions (a `Call`, test/provider/actions.test.ts).
  it.each(Object.keys(schema.functions).filter((t) => !t.includes("/")))(
    "%s: Go and Python names, arguments and results",
    (token) => {
      const f = schema.functions[token];
      if (!f) throw new Error(token);
      const fn = shortName(token);
      const goFn = goFunctionName(schema, fn);
      const go = source("go", "go", "futrou", `${fn}.go`);
      const py = source("python", "pulumi_futrou", `${pyName(fn)}.py`);
      const missing: string[] = [];
      const want = (file: string, text: string, line: string) => {
        if (!text.includes(line)) missing.push(`${file}: ${line}`);
      };
      want("go", go, `func ${goFn}(ctx *pulumi.Context`);
      want("python", py, `def ${pyName(fn)}(`);
      for (const [key, p] of Object.entries(f.inputs?.properties ?? {})) {
        const req = (f.inputs?.required ?? []).includes(key);
        want("go", go, `\n${goName(key)} ${goPlain(p, req)} \`pulumi:"${key}"\``);
        // The first argument shares the `def` line.
        const arg = `${pyName(key)}: ${pyPlain(p, false)} = None`;
        want("python", py.replace(`def ${pyName(fn)}(`, `def ${pyName(fn)}(\n`), `\n${arg}`);
      }
      for (const [key, p] of Object.entries(f.outputs.properties)) {
        const req = (f.outputs.required ?? []).includes(key);
        want("go", go, `\n${goName(key)} ${goPlain(p, req)} \`pulumi:"${key}"\``);
        want("python", py, `def ${pyName(key)}(self) -> ${pyPlain(p, req, "'outputs.")}:`);
      }
      expect(missing).toEqual([]);
    },
  );
});

describe("the reference pages' examples (and the overview's) compile against the generated SDKs", () => {
  let scratch: string;
  /** Each page's fenced example in one language, and docs/_index.md's: page name → code. */
  const examples = (lang: string) =>
    [
      ...referencePages(schemaJson()),
      ["overview.md", readFileSync(join(repoRoot, "docs", "_index.md"), "utf8")] as const,
    ].flatMap(([page, text]) => {
      const code = new RegExp(`\`\`\`${lang}\\n([\\s\\S]*?)\\n\`\`\``).exec(text)?.[1];
      return code ? [[page.replace(/\.md$/, ""), code] as const] : [];
    });

  beforeAll(() => {
    ensureToolchainOnPath();
    if (!existsSync(join(SDKS_DIR, "nodejs", "bin", "index.js"))) throw new Error("run `make sdks`");
    scratch = mkdtempSync(join(tmpdir(), "futrou-reference-examples-"));
  });
  afterAll(() => {
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  it("TypeScript: every example type-checks (strict) on @futrou/pulumi", async () => {
    const dir = join(scratch, "ts");
    mkdirSync(dir);
    symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
    const files = examples("ts").map(([page, code]) => {
      writeFileSync(join(dir, `${page}.ts`), `${code}\n`);
      return join(dir, `${page}.ts`);
    });
    // One example per page (the overview's included).
    expect(files).toHaveLength(readdirSync(REFERENCE_DIR).length);
    const tsc = join(repoRoot, "node_modules", ".bin", "tsc");
    await run(tsc, ["--noEmit", "--strict", "--types", "node", "--module", "commonjs", "--target", "es2020", ...files]);
  });

  it("Go: every example type-checks and vets against dist/sdks/go", async () => {
    const dir = join(scratch, "go");
    const sdk = join(SDKS_DIR, "go");
    const module = /^module (\S+)$/m.exec(readFileSync(join(sdk, "go.mod"), "utf8"))?.[1];
    const pinned = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).devDependencies["@pulumi/pulumi"];
    mkdirSync(dir);
    writeFileSync(
      join(dir, "go.mod"),
      `module examples\n\ngo 1.25\n\nrequire (\n\t${module} v0.1.0\n\tgithub.com/pulumi/pulumi/sdk/v3 v${pinned}\n)\n\nreplace ${module} => ${sdk}\n`,
    );
    for (const [page, code] of examples("go")) {
      mkdirSync(join(dir, page));
      writeFileSync(join(dir, page, "main.go"), `${code}\n`);
    }
    const env = { ...process.env, GOFLAGS: "-mod=mod" };
    // vet type-checks every package (what a build would refuse) without linking 24 binaries.
    await run("go", ["vet", "./..."], { cwd: dir, env });
  });

  it("Python: every example byte-compiles and uses classes and keywords the generated pulumi_futrou has", async () => {
    const dir = join(scratch, "py");
    mkdirSync(dir);
    const unknown: string[] = [];
    for (const [page, code] of examples("python")) {
      writeFileSync(join(dir, `${page.replace(/\W/g, "_")}.py`), `${code}\n`);
      unknown.push(...unknownPythonNames(code).map((name) => `${page}: ${name}`));
    }
    expect(unknown).toEqual([]);
    await run("python3", ["-m", "py_compile", ...readdirSync(dir)], { cwd: dir });
  });
});
