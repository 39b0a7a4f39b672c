/**
 * The reference pages in docs/reference/ (scripts/reference-docs.ts, `make docs`): regenerated in memory from
 * the schema the plugin serves (dist/plugin/schema.json), they must equal the committed pages, so a page
 * left stale by a schema or description change fails here. The type each page gives a field in Go, Python
 * and TypeScript is checked against the SDKs Pulumi's code generators made from the same schema
 * (`make sdks`, dist/sdks): a Go user reading `SizeGb pulumi.Float64PtrInput` finds exactly that field.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
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
import { SDKS_DIR } from "../languages/lifecycle";

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
    for (const token of [...Object.keys(schema.resources), ...Object.keys(schema.functions)]) {
      const page = pages.get(`${shortName(token).toLowerCase()}.md`) ?? "";
      expect([token, ["```ts", "```yaml", "```go", "```python"].filter((f) => !page.includes(f))]).toEqual([token, []]);
    }
  });
});

describe("the field types the pages give are those of the generated SDKs", () => {
  const schema = Schema.parse(schemaJson());
  beforeAll(() => {
    if (!existsSync(join(SDKS_DIR, "go", "futrou"))) throw new Error("the generated SDKs are missing: run `make sdks`");
  });

  it.each(Object.keys(schema.resources))("%s: Go, Python and TypeScript inputs and outputs", (token) => {
    const r = schema.resources[token];
    if (!r) throw new Error(token);
    const name = shortName(token);
    const go = source("go", "futrou", `${lowerFirst(name)}.go`);
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

  it.each(Object.keys(schema.functions))("%s: Go and Python names, arguments and results", (token) => {
    const f = schema.functions[token];
    if (!f) throw new Error(token);
    const fn = shortName(token);
    const goFn = goFunctionName(schema, fn);
    const go = source("go", "futrou", `${fn}.go`);
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
  });
});
