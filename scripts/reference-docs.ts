/**
 * The reference pages under docs/reference/, generated from the plugin's schema (dist/plugin/schema.json,
 * which the SDK's TSDoc feeds): one page per resource and per function, each with an example in
 * TypeScript, YAML, Go and Python (a kind's from its spec's `example`, a function's from
 * scripts/reference-examples.ts) and every field's type in each language,
 * named as Pulumi's code generators name them (`SizeGb pulumi.Float64PtrInput`, `size_gb:
 * Optional[pulumi.Input[float]]`). `make docs` writes them; test/docs/reference.test.ts regenerates them in
 * memory and fails when a page on disk differs, and checks the type names against the generated SDKs.
 *
 * Usage: node dist/scripts/reference-docs.js [schema.json] [out dir]
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { kinds, specFor } from "../provider/registry";
import type { ExampleRef as Ref, ResourceExample, ExampleValue as Value } from "../provider/spec";
import { repoRoot } from "./program-dir";
import { FUNCTION_EXAMPLES } from "./reference-examples";

interface TypeRef {
  type?: string;
  $ref?: string;
  items?: TypeRef;
  additionalProperties?: TypeRef;
}
const TypeRef: z.ZodType<TypeRef> = z.lazy(() =>
  z.object({
    type: z.string().optional(),
    $ref: z.string().optional(),
    items: TypeRef.optional(),
    additionalProperties: TypeRef.optional(),
  }),
);
const Property = z.object({
  type: z.string().optional(),
  $ref: z.string().optional(),
  items: TypeRef.optional(),
  additionalProperties: TypeRef.optional(),
  description: z.string().optional(),
  secret: z.boolean().optional(),
  default: z.unknown().optional(),
  willReplaceOnChanges: z.boolean().optional(),
});
type Property = z.infer<typeof Property>;
const Props = z.record(z.string(), Property);
type Props = z.infer<typeof Props>;
const ObjectType = z.object({
  description: z.string().optional(),
  properties: Props,
  required: z.array(z.string()).optional(),
});
export const Schema = z.object({
  name: z.string(),
  version: z.string(),
  description: z.string().optional(),
  language: z.object({
    go: z.object({ importBasePath: z.string(), modulePath: z.string() }),
    nodejs: z.object({ packageName: z.string() }),
    python: z.object({ packageName: z.string() }),
  }),
  types: z.record(z.string(), ObjectType),
  resources: z.record(
    z.string(),
    z.object({
      description: z.string().optional(),
      properties: Props,
      required: z.array(z.string()).optional(),
      inputProperties: Props,
      requiredInputs: z.array(z.string()).optional(),
      /** Resource methods: name → function token (`futrou:index:Cert/renew`), the kinds' actions. */
      methods: z.record(z.string(), z.string()).optional(),
    }),
  ),
  functions: z.record(
    z.string(),
    z.object({
      description: z.string().optional(),
      inputs: ObjectType.optional(),
      outputs: ObjectType,
    }),
  ),
});
export type Schema = z.infer<typeof Schema>;

const ANY = "pulumi.json#/Any";
interface Primitive {
  go: string;
  py: string;
  ts: string;
  yaml: string;
  goPlain: string;
}
const STRING: Primitive = { go: "String", py: "str", ts: "string", yaml: "String", goPlain: "string" };
const PRIMITIVES: Record<string, Primitive> = {
  string: STRING,
  number: { go: "Float64", py: "float", ts: "number", yaml: "Number", goPlain: "float64" },
  integer: { go: "Int", py: "int", ts: "number", yaml: "Integer", goPlain: "int" },
  boolean: { go: "Bool", py: "bool", ts: "boolean", yaml: "Boolean", goPlain: "bool" },
};

const shortName = (token: string) => token.slice(token.lastIndexOf(":") + 1);
/** A method's function (`futrou:index:Cert/renew`): documented on its resource's page, not on one of its own. */
const isMethod = (token: string) => shortName(token).includes("/");

/** The resource's methods, each with its description and result (the object's fields as the action left it). */
function methodsSection(schema: Schema, methods: Record<string, string>, resource: string): string[] {
  return Object.entries(methods).flatMap(([name, token]) => {
    const f = schema.functions[token];
    if (!f) throw new Error(`no function ${token} for method ${name}`);
    return [
      `### ${name}`,
      "",
      f.description ?? "",
      "",
      `Plugin mode: a method of the resource's class in the generated SDKs (TypeScript \`${resource.charAt(0).toLowerCase()}${resource.slice(1)}.${name}()\`). It answers:`,
      "",
      propertyTable(f.outputs.properties, f.outputs.required ?? [], "plainOut"),
      "",
    ];
  });
}
const refName = (ref: string) => shortName(ref);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** Pulumi's Python names: camelCase to snake_case, a keyword gets a trailing `_`. */
export const pyName = (name: string) => {
  const snake = name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
  return ["if", "in", "is", "from", "global", "lambda", "pass", "def", "class", "import", "return"].includes(snake)
    ? `${snake}_`
    : snake;
};
/** Pulumi's Go names: the first letter upper-cased. */
export const goName = upperFirst;
/**
 * Go's function names: `getProject` would clash with the resource Project's `GetProject`, so Pulumi names it
 * `LookupProject`; a function that names no resource (`getRegions`) keeps `GetRegions`.
 */
export const goFunctionName = (schema: Schema, fn: string) => {
  const rest = fn.replace(/^get/, "");
  return `${`${schema.name}:index:${rest}` in schema.resources ? "Lookup" : "Get"}${rest}`;
};
const pyFunctionName = pyName;

function isPrimitive(t: TypeRef): t is TypeRef & { type: string } {
  return t.$ref === undefined && t.type !== undefined && t.type in PRIMITIVES;
}
const prim = (t: TypeRef): Primitive => PRIMITIVES[t.type ?? ""] ?? STRING;

// ---- types per language ------------------------------------------------------------------------------

/** Go's element name of an input/output type: `pulumi.String`, `ServerletPort`, `pulumi.StringMap`, `ServerletPortArray`. */
function goElement(t: TypeRef): string {
  if (t.$ref === ANY) return "pulumi.";
  if (t.$ref) return refName(t.$ref);
  if (t.type === "array" && t.items) {
    const inner = goElement(t.items);
    return inner === "pulumi." ? "pulumi.Array" : `${inner}Array`;
  }
  if (t.type === "object" && t.additionalProperties) {
    const inner = goElement(t.additionalProperties);
    return inner === "pulumi." ? "pulumi.Map" : `${inner}Map`;
  }
  return `pulumi.${prim(t).go}`;
}
const goScalar = (t: TypeRef) => isPrimitive(t) || (t.$ref !== undefined && t.$ref !== ANY);
export function goInput(t: TypeRef, required: boolean): string {
  if (t.$ref === ANY) return "pulumi.Input";
  return `${goElement(t)}${!required && goScalar(t) ? "Ptr" : ""}Input`;
}
export function goOutput(t: TypeRef, required: boolean): string {
  if (t.$ref === ANY) return "pulumi.AnyOutput";
  return `${goElement(t)}${!required && goScalar(t) ? "Ptr" : ""}Output`;
}
export function goPlain(t: TypeRef, required: boolean): string {
  const base = (x: TypeRef): string => {
    if (x.$ref === ANY) return "interface{}";
    if (x.$ref) return refName(x.$ref);
    if (x.type === "array" && x.items) return `[]${base(x.items)}`;
    if (x.type === "object" && x.additionalProperties) return `map[string]${base(x.additionalProperties)}`;
    return prim(x).goPlain;
  };
  return `${!required && goScalar(t) ? "*" : ""}${base(t)}`;
}

export function pyInput(t: TypeRef, required: boolean): string {
  const inner = (x: TypeRef): string => {
    if (x.$ref === ANY) return "Any";
    if (x.$ref) return `'${refName(x.$ref)}Args'`;
    if (x.type === "array" && x.items) return `Sequence[${element(x.items)}]`;
    if (x.type === "object" && x.additionalProperties) return `Mapping[str, ${element(x.additionalProperties)}]`;
    return prim(x).py;
  };
  const element = (x: TypeRef): string => (x.$ref === ANY ? "Any" : `pulumi.Input[${inner(x)}]`);
  return `pulumi.Input[${required ? inner(t) : `Optional[${inner(t)}]`}]`;
}
export function pyPlain(t: TypeRef, required: boolean, refPrefix = "'"): string {
  const inner = (x: TypeRef): string => {
    if (x.$ref === ANY) return "Any";
    if (x.$ref) return `${refPrefix}${refName(x.$ref)}'`;
    if (x.type === "array" && x.items) return `Sequence[${inner(x.items)}]`;
    if (x.type === "object" && x.additionalProperties) return `Mapping[str, ${inner(x.additionalProperties)}]`;
    return prim(x).py;
  };
  const type = inner(t);
  return required ? type : `Optional[${type}]`;
}
export const pyOutput = (t: TypeRef, required: boolean) => `pulumi.Output[${pyPlain(t, required, "'outputs.")}]`;

export function tsInput(t: TypeRef, required: boolean): string {
  const inner = (x: TypeRef): string => {
    if (x.$ref === ANY) return "any";
    if (x.$ref) return `inputs.${refName(x.$ref)}Args`;
    if (x.type === "array" && x.items) return `${element(x.items)}[]`;
    if (x.type === "object" && x.additionalProperties) return `{[key: string]: ${element(x.additionalProperties)}}`;
    return prim(x).ts;
  };
  const element = (x: TypeRef): string => (x.$ref === ANY ? "any" : `pulumi.Input<${inner(x)}>`);
  return `pulumi.Input<${inner(t)}${required ? "" : " | undefined"}>`;
}
export function tsPlain(t: TypeRef, ns: "inputs" | "outputs"): string {
  if (t.$ref === ANY) return "any";
  if (t.$ref) return `${ns}.${refName(t.$ref)}`;
  if (t.type === "array" && t.items) return `${tsPlain(t.items, ns)}[]`;
  if (t.type === "object" && t.additionalProperties) return `{[key: string]: ${tsPlain(t.additionalProperties, ns)}}`;
  return prim(t).ts;
}
export const tsOutput = (t: TypeRef, required: boolean) =>
  `pulumi.Output<${tsPlain(t, "outputs")}${required ? "" : " | undefined"}>`;

export function yamlType(t: TypeRef): string {
  if (t.$ref === ANY) return "Any";
  if (t.$ref) return "Property Map";
  if (t.type === "array" && t.items) return `List<${yamlType(t.items)}>`;
  if (t.type === "object" && t.additionalProperties) return `Map<${yamlType(t.additionalProperties)}>`;
  return prim(t).yaml;
}

// ---- examples ----------------------------------------------------------------------------------------

const isRef = (v: Value): v is Ref => typeof v === "object" && v !== null && !Array.isArray(v) && "ref" in v;
const refParts = (r: Ref) => {
  const [name = "", field = ""] = r.ref.split(".");
  return { name, field };
};
const q = (s: string) => JSON.stringify(s);

/** The example of the resource `type` (`Serverlet`): its kind's spec's (provider/kinds/<kind>/spec.ts). */
function exampleOf(type: string): ResourceExample {
  const spec = kinds()
    .map(specFor)
    .find((s) => s.typeName === type);
  if (!spec?.example) throw new Error(`provider/kinds/<kind>/spec.ts: the resource ${type} has no \`example\``);
  return spec.example;
}

class Renderer {
  constructor(private readonly schema: Schema) {}

  private props(token: string): Props {
    const t = this.schema.types[token];
    if (!t) throw new Error(`no type ${token} in the schema`);
    return t.properties;
  }
  private resource(type: string) {
    const r = this.schema.resources[`${this.schema.name}:index:${type}`];
    if (!r) throw new Error(`an example names ${type}, which the schema does not have`);
    return r;
  }
  private propOf(props: Props, key: string, where: string): Property {
    const p = props[key];
    if (!p) throw new Error(`an example's ${where} has no property ${key}`);
    return p;
  }

  ts(v: Value, t: TypeRef): string {
    if (isRef(v)) return v.ref;
    if (Array.isArray(v)) return `[${v.map((x) => this.ts(x, t.items ?? {})).join(", ")}]`;
    if (typeof v === "object") {
      const props = t.$ref && t.$ref !== ANY ? this.props(t.$ref.replace("#/types/", "")) : undefined;
      const entries = Object.entries(v).map(([k, x]) => {
        const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : q(k);
        return `${key}: ${this.ts(x, props ? this.propOf(props, k, t.$ref ?? "") : (t.additionalProperties ?? {}))}`;
      });
      return `{ ${entries.join(", ")} }`;
    }
    return typeof v === "string" ? q(v) : String(v);
  }

  yaml(v: Value, indent: string): string {
    if (isRef(v)) return `\${${v.ref}}`;
    if (Array.isArray(v)) return v.map((x) => `\n${indent}- ${this.yaml(x, `${indent}  `).trimStart()}`).join("");
    if (typeof v === "object") {
      return Object.entries(v)
        .map(([k, x]) => `\n${indent}${/^[\w-]+$/.test(k) ? k : q(k)}: ${this.yaml(x, `${indent}  `)}`)
        .join("")
        .replace(/: \n/g, ":\n");
    }
    if (typeof v === "string") return /^[\w./:-]+$/.test(v) && !/^\d/.test(v) ? v : q(v);
    return String(v);
  }

  go(v: Value, t: TypeRef): string {
    if (isRef(v)) {
      const { name, field } = refParts(v);
      return field === "id" ? `${name}.ID()` : `${name}.${goName(field)}`;
    }
    if (Array.isArray(v)) {
      const items = t.items ?? {};
      return `${this.goType(goElement(t))}{\n${v.map((x) => `${this.go(x, items)},`).join("\n")}\n}`;
    }
    if (typeof v === "object") {
      if (t.$ref && t.$ref !== ANY) {
        const token = t.$ref.replace("#/types/", "");
        const props = this.props(token);
        const fields = Object.entries(v).map(([k, x]) => `${goName(k)}: ${this.go(x, this.propOf(props, k, token))},`);
        return `futrou.${refName(token)}Args{\n${fields.join("\n")}\n}`;
      }
      const element = t.additionalProperties ?? {};
      const entries = Object.entries(v).map(([k, x]) => `${q(k)}: ${this.go(x, element)},`);
      return `${this.goType(goElement(t))}{\n${entries.join("\n")}\n}`;
    }
    if (t.$ref === ANY) return typeof v === "string" ? `pulumi.String(${q(v)})` : `pulumi.Any(${String(v)})`;
    const wrap = `pulumi.${prim(t).go}`;
    return `${wrap}(${typeof v === "string" ? q(v) : String(v)})`;
  }
  private goType(element: string): string {
    return element.startsWith("pulumi.") ? element : `futrou.${element}`;
  }

  py(v: Value, t: TypeRef): string {
    if (isRef(v)) {
      const { name, field } = refParts(v);
      return `${pyName(name)}.${pyName(field)}`;
    }
    if (Array.isArray(v)) return `[${v.map((x) => this.py(x, t.items ?? {})).join(", ")}]`;
    if (typeof v === "object") {
      if (t.$ref && t.$ref !== ANY) {
        const token = t.$ref.replace("#/types/", "");
        const props = this.props(token);
        const args = Object.entries(v).map(([k, x]) => `${pyName(k)}=${this.py(x, this.propOf(props, k, token))}`);
        return `futrou.${refName(token)}Args(${args.join(", ")})`;
      }
      return `{${Object.entries(v)
        .map(([k, x]) => `${q(k)}: ${this.py(x, t.additionalProperties ?? {})}`)
        .join(", ")}}`;
    }
    if (typeof v === "boolean") return v ? "True" : "False";
    return typeof v === "string" ? q(v) : String(v);
  }

  resourceExample(type: string): Record<"typescript" | "yaml" | "go" | "python", string> {
    const example = exampleOf(type);
    const used = new Set(Object.values(example.exports).map((r) => refParts(r).name));
    for (const r of example.resources) {
      for (const v of JSON.stringify(r.args).matchAll(/"ref":"([^".]+)\./g)) used.add(v[1] ?? "");
    }
    const ts: string[] = [];
    const yaml: string[] = [];
    const go: string[] = [];
    const py: string[] = [];
    for (const r of example.resources) {
      const props = this.resource(r.type).inputProperties;
      const t = (k: string) => this.propOf(props, k, r.type);
      const tsArgs = Object.entries(r.args).map(([k, v]) => `  ${k}: ${this.ts(v, t(k))},`);
      ts.push(`const ${r.name} = new futrou.${r.type}(${q(r.name)}, {\n${tsArgs.join("\n")}\n});`);
      yaml.push(
        `  ${r.name}:\n    type: ${this.schema.name}:index:${r.type}\n    properties:${this.yaml(r.args, "      ")}`,
      );
      const goArgs = Object.entries(r.args).map(([k, v]) => `${goName(k)}: ${this.go(v, t(k))},`);
      const goVar = used.has(r.name) ? `${r.name}, err :=` : "_, err =";
      go.push(
        `${goVar} futrou.New${r.type}(ctx, ${q(r.name)}, &futrou.${r.type}Args{\n${goArgs.join("\n")}\n})\nif err != nil {\nreturn err\n}`,
      );
      const pyArgs = Object.entries(r.args).map(([k, v]) => `    ${pyName(k)}=${this.py(v, t(k))},`);
      py.push(`${pyName(r.name)} = futrou.${r.type}(\n    ${q(r.name)},\n${pyArgs.join("\n")}\n)`);
    }
    const outs = Object.entries(example.exports);
    // The first Go assignment declares err; a later one (`_, err =`) reuses it.
    const goBody = go
      .join("\n")
      .replace("_, err =", (m, offset: number, all: string) =>
        all.slice(0, offset).includes("err :=") ? m : "_, err :=",
      );
    return {
      typescript: [
        `import * as futrou from ${q(this.schema.language.nodejs.packageName)};`,
        "",
        ts.join("\n"),
        "",
        ...outs.map(([n, r]) => `export const ${n} = ${r.ref};`),
      ].join("\n"),
      yaml: [
        "name: example",
        "runtime: yaml",
        "resources:",
        yaml.join("\n"),
        "outputs:",
        ...outs.map(([n, r]) => `  ${n}: \${${r.ref}}`),
      ].join("\n"),
      go: goProgram(
        this.schema,
        `${goBody}\n${outs.map(([n, r]) => `ctx.Export(${q(n)}, ${this.go(r, {})})`).join("\n")}\nreturn nil`,
      ),
      python: [
        "import pulumi",
        `import ${this.schema.language.python.packageName} as futrou`,
        "",
        py.join("\n\n"),
        "",
        ...outs.map(([n, r]) => `pulumi.export(${q(n)}, ${this.py(r, {})})`),
      ].join("\n"),
    };
  }

  functionExample(fn: string): Record<"typescript" | "yaml" | "go" | "python", string> {
    const example = FUNCTION_EXAMPLES[fn];
    const spec = this.schema.functions[`${this.schema.name}:index:${fn}`];
    if (!example || !spec) throw new Error(`scripts/reference-examples.ts has no example for the function ${fn}`);
    const args = Object.entries(example.args);
    const field = example.field;
    if (!spec.outputs.properties[field]) throw new Error(`reference-examples.ts: ${fn} has no result field ${field}`);
    const tsArgs = args.length > 0 ? `{ ${args.map(([k, v]) => `${k}: ${q(v)}`).join(", ")} }` : "";
    const goFn = goFunctionName(this.schema, fn);
    const goArgs =
      args.length > 0 ? `, &futrou.${goFn}Args{\n${args.map(([k, v]) => `${goName(k)}: ${q(v)},`).join("\n")}\n}` : "";
    return {
      typescript: [
        `import * as futrou from ${q(this.schema.language.nodejs.packageName)};`,
        "",
        `const found = futrou.${fn}Output(${tsArgs});`,
        "",
        `export const ${field}Found = found.${field};`,
      ].join("\n"),
      yaml: [
        "name: example",
        "runtime: yaml",
        "variables:",
        "  found:",
        "    fn::invoke:",
        `      function: ${this.schema.name}:index:${fn}`,
        ...(args.length > 0 ? ["      arguments:", ...args.map(([k, v]) => `        ${k}: ${v}`)] : []),
        "outputs:",
        `  ${field}Found: \${found.${field}}`,
      ].join("\n"),
      go: goProgram(
        this.schema,
        `found, err := futrou.${goFn}(ctx${goArgs})\nif err != nil {\nreturn err\n}\nctx.Export(${q(`${field}Found`)}, pulumi.Any(found.${goName(field)}))\nreturn nil`,
      ),
      python: [
        "import pulumi",
        `import ${this.schema.language.python.packageName} as futrou`,
        "",
        `found = futrou.${pyFunctionName(fn)}_output(${args.map(([k, v]) => `${pyName(k)}=${q(v)}`).join(", ")})`,
        "",
        `pulumi.export(${q(`${field}Found`)}, found.${pyName(field)})`,
      ].join("\n"),
    };
  }
}

/** A Go main program around a body, indented as gofmt would (tabs, one level per brace). */
function goProgram(schema: Schema, body: string): string {
  const lines = [
    "package main",
    "",
    "import (",
    `\t${q(schema.language.go.importBasePath)}`,
    '\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"',
    ")",
    "",
    "func main() {",
    "\tpulumi.Run(func(ctx *pulumi.Context) error {",
  ];
  let depth = 2;
  for (const line of body.split("\n")) {
    if (/^[}\]]/.test(line)) depth--;
    lines.push(`${"\t".repeat(depth)}${line}`);
    if (/[{[]$/.test(line)) depth++;
  }
  lines.push("\t})", "}");
  return lines.join("\n");
}

// ---- pages -------------------------------------------------------------------------------------------

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\s*\n\s*/g, " ");
const code = (s: string) => `\`${s.replace(/\|/g, "\\|")}\``;
const GENERATED =
  "<!-- Generated by scripts/reference-docs.ts from dist/plugin/schema.json (`make docs`). Do not edit. -->";

function examples(ex: Record<"typescript" | "yaml" | "go" | "python", string>): string {
  return [
    "## Example usage",
    "",
    "### TypeScript",
    "",
    "```ts",
    ex.typescript,
    "```",
    "",
    "### YAML",
    "",
    "```yaml",
    ex.yaml,
    "```",
    "",
    "### Go",
    "",
    "```go",
    ex.go,
    "```",
    "",
    "### Python",
    "",
    "```python",
    ex.python,
    "```",
  ].join("\n");
}

type Mode = "input" | "output" | "plainIn" | "plainOut";
function propertyTable(props: Props, required: string[], mode: Mode): string {
  const rows = Object.entries(props).map(([name, p]) => {
    const req = required.includes(name);
    const ts =
      mode === "input"
        ? `${name}${req ? "" : "?"}: ${tsInput(p, req)}`
        : mode === "output"
          ? `${name}: ${tsOutput(p, req)}`
          : `${name}${req ? "" : "?"}: ${tsPlain(p, mode === "plainIn" ? "inputs" : "outputs")}`;
    const go = mode === "input" ? goInput(p, req) : mode === "output" ? goOutput(p, req) : goPlain(p, req);
    const py =
      mode === "input"
        ? pyInput(p, req)
        : mode === "output"
          ? pyOutput(p, req)
          : // Python's invoke arguments are all keyword arguments defaulting to None.
            pyPlain(p, mode === "plainOut" && req, mode === "plainOut" ? "'outputs." : "'");
    const notes = [
      req && (mode === "input" || mode === "plainIn") ? "**Required.**" : "",
      p.secret ? "**Secret.**" : "",
      p.willReplaceOnChanges ? "**Replaces** the resource when changed." : "",
      p.description ?? "",
    ]
      .filter((x) => x !== "")
      .join(" ");
    return `| ${code(name)} | ${code(ts)} | ${code(`${goName(name)} ${go}`)} | ${code(`${pyName(name)}: ${py}`)} | ${code(yamlType(p))} | ${cell(notes)} |`;
  });
  return ["| Property | TypeScript | Go | Python | YAML | Description |", "|---|---|---|---|---|---|", ...rows].join(
    "\n",
  );
}

/** The named types a set of properties uses, and the ones those use, in order. */
function nestedTypes(schema: Schema, props: Props[]): string[] {
  const seen: string[] = [];
  const visit = (t: TypeRef | undefined) => {
    if (!t) return;
    if (t.$ref && t.$ref !== ANY) {
      const token = t.$ref.replace("#/types/", "");
      if (seen.includes(token)) return;
      seen.push(token);
      for (const p of Object.values(schema.types[token]?.properties ?? {})) visit(p);
    }
    visit(t.items);
    visit(t.additionalProperties);
  };
  for (const set of props) for (const p of Object.values(set)) visit(p);
  return seen;
}

function typesSection(schema: Schema, tokens: string[], mode: "input" | "plainOut"): string {
  return tokens
    .map((token) => {
      const t = schema.types[token];
      if (!t) throw new Error(`no type ${token} in the schema`);
      const name = refName(token);
      const names =
        mode === "input"
          ? `TypeScript \`inputs.${name}Args\` · Go \`futrou.${name}Args\` · Python \`futrou.${name}Args\` · YAML a map`
          : `TypeScript \`outputs.${name}\` · Go \`futrou.${name}\` · Python \`futrou.outputs.${name}\` · YAML a map`;
      return [
        `### ${name}`,
        "",
        ...(t.description ? [t.description, ""] : []),
        names,
        "",
        propertyTable(t.properties, t.required ?? [], mode === "input" ? "input" : "plainOut"),
      ].join("\n");
    })
    .join("\n\n");
}

const frontMatter = (title: string, description: string) =>
  ["---", `title: ${title}`, `meta_desc: ${q(cell(description).slice(0, 160))}`, "---", "", GENERATED, ""].join("\n");

function resourcePage(schema: Schema, token: string): string {
  const r = schema.resources[token];
  if (!r) throw new Error(`no resource ${token}`);
  const name = shortName(token);
  const renderer = new Renderer(schema);
  const outputsOnly = Object.fromEntries(Object.entries(r.properties).filter(([k]) => !(k in r.inputProperties)));
  const inputTypes = nestedTypes(schema, [r.inputProperties]);
  return [
    frontMatter(`${name} resource`, r.description ?? name),
    `# ${name}`,
    "",
    `Type token \`${token}\` on the futrou plugin; \`pulumi-nodejs:dynamic/futrou:${name}\` with \`pulumi-futrou\`'s`,
    "dynamic providers (the same class, arguments and outputs).",
    "",
    r.description ?? "",
    "",
    examples(renderer.resourceExample(name)),
    "",
    "## Inputs",
    "",
    `Constructor: TypeScript \`new futrou.${name}(name, args${(r.requiredInputs ?? []).length > 0 ? "" : "?"}, opts?)\` · Go \`futrou.New${name}(ctx, name, &futrou.${name}Args{…}, opts...)\` · Python \`futrou.${name}(resource_name, opts=None, …)\` · YAML \`type: ${token}\`.`,
    "",
    propertyTable(r.inputProperties, r.requiredInputs ?? [], "input"),
    "",
    "## Outputs",
    "",
    "Every input is also an output, with the value the API answered (or, for a field it does not answer,",
    "the value last applied). These come in addition, as does `id`:",
    "",
    propertyTable(outputsOnly, r.required ?? [], "output"),
    ...(inputTypes.length > 0 ? ["", "## Nested types", "", typesSection(schema, inputTypes, "input")] : []),
    ...(r.methods && Object.keys(r.methods).length > 0
      ? ["", "## Methods", "", ...methodsSection(schema, r.methods, name)]
      : []),
    "",
    "## Look up an existing object",
    "",
    `\`futrou.${name}.get(name, id)\` (TypeScript), \`futrou.Get${name}(ctx, name, id, nil)\` (Go),`,
    `\`futrou.${name}.get(resource_name, id)\` (Python), \`get: { id: … }\` (YAML) read an object without managing it.`,
    "",
  ].join("\n");
}

function functionPage(schema: Schema, token: string): string {
  const f = schema.functions[token];
  if (!f) throw new Error(`no function ${token}`);
  const fn = shortName(token);
  const renderer = new Renderer(schema);
  const inputs = f.inputs?.properties ?? {};
  const outTypes = nestedTypes(schema, [f.outputs.properties]);
  const goFn = goFunctionName(schema, fn);
  const hasArgs = Object.keys(inputs).length > 0;
  return [
    frontMatter(`${fn} function`, f.description ?? fn),
    `# ${fn}`,
    "",
    f.description ?? "",
    "",
    examples(renderer.functionExample(fn)),
    "",
    "## Using it",
    "",
    hasArgs
      ? `- TypeScript: \`futrou.${fn}(args, opts?)\` returns a \`Promise\`; \`futrou.${fn}Output(args, opts?)\` an \`Output\` and takes \`Input\` arguments.`
      : `- TypeScript: \`futrou.${fn}(opts?)\` returns a \`Promise\`; \`futrou.${fn}Output(opts?)\` an \`Output\`.`,
    `- Go: \`futrou.${goFn}(ctx${hasArgs ? `, &futrou.${goFn}Args{…}` : ""}, opts...)\` returns \`*futrou.${goFn}Result\`; \`futrou.${goFn}Output(ctx${hasArgs ? `, futrou.${goFn}OutputArgs{…}` : ""}, opts...)\` an output.`,
    `- Python: \`futrou.${pyFunctionName(fn)}(…)\` returns the result; \`futrou.${pyFunctionName(fn)}_output(…)\` an output.`,
    `- YAML: \`fn::invoke: { function: ${token}${hasArgs ? ", arguments: {…}" : ""} }\`.`,
    "",
    ...(hasArgs ? ["## Arguments", "", propertyTable(inputs, f.inputs?.required ?? [], "plainIn"), ""] : []),
    "## Result",
    "",
    propertyTable(f.outputs.properties, f.outputs.required ?? [], "plainOut"),
    ...(outTypes.length > 0 ? ["", "## Nested types", "", typesSection(schema, outTypes, "plainOut")] : []),
    "",
  ].join("\n");
}

function indexPage(schema: Schema): string {
  const resources = Object.keys(schema.resources).map(shortName);
  const functions = Object.keys(schema.functions)
    .filter((token) => !isMethod(token))
    .map(shortName);
  return [
    frontMatter("API reference", `Every resource and function of the ${schema.name} provider`),
    "# API reference",
    "",
    `Generated from the plugin's schema (version ${schema.version}). Each page has an example in TypeScript`,
    `(\`${schema.language.nodejs.packageName}\`; \`pulumi-futrou\`'s classes take the same arguments), YAML, Go`,
    `(\`${schema.language.go.importBasePath}\`, in the module \`${schema.language.go.modulePath}\`) and Python`,
    `(\`${schema.language.python.packageName}\`), and every field's type in each language.`,
    "",
    "## Resources",
    "",
    ...resources.map((r) => `- [${r}](${r.toLowerCase()}.md)`),
    "",
    "## Functions",
    "",
    ...functions.map((f) => `- [${f}](${f.toLowerCase()}.md)`),
    "",
    "## Provider",
    "",
    "The provider's settings are on [Installation & configuration](../installation-configuration.md).",
    "",
  ].join("\n");
}

/** Every reference page: file name (under docs/reference/) → content. */
export function referencePages(schemaJson: unknown): Map<string, string> {
  const schema = Schema.parse(schemaJson);
  const pages = new Map<string, string>();
  pages.set("_index.md", indexPage(schema));
  for (const token of Object.keys(schema.resources)) {
    pages.set(`${shortName(token).toLowerCase()}.md`, resourcePage(schema, token));
  }
  for (const token of Object.keys(schema.functions).filter((t) => !isMethod(t))) {
    pages.set(`${shortName(token).toLowerCase()}.md`, functionPage(schema, token));
  }
  return pages;
}

export const SCHEMA_FILE = join(repoRoot, "dist", "plugin", "schema.json");
export const REFERENCE_DIR = join(repoRoot, "docs", "reference");

if (require.main === module) {
  const [schemaFile = SCHEMA_FILE, out = REFERENCE_DIR] = process.argv.slice(2);
  const pages = referencePages(JSON.parse(readFileSync(schemaFile, "utf8")));
  mkdirSync(out, { recursive: true });
  for (const stale of readdirSync(out)) if (!pages.has(stale)) rmSync(join(out, stale));
  for (const [name, text] of pages) writeFileSync(join(out, name), text);
  console.log(`${pages.size} reference pages in ${out}`);
}
