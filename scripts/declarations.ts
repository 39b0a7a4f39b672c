/**
 * What the field declarations (provider/kinds/<kind>/fields.ts) generate into checked-in files, so nothing
 * restates a declaration by hand:
 *
 * - sdk/generated/<kind>.ts: the TypeScript SDK's `<Kind>Args` (every input, typed from its zod rule) and
 *   `<Kind>Computed` (the outputs no input types), each property's TSDoc the field's `fieldDoc`;
 * - sdk/generated/results.ts: each kind lookup's `<Kind>Result` (the fields the lookup returns);
 * - docs/resources.md: each kind's field table, between `<!-- fields:<kind> -->` markers.
 *
 * `make docs` writes them (`node dist/scripts/declarations.js`); test/provider/generated.test.ts fails when a
 * checked-in file differs from what the declarations generate. The hand-written SDK class files import the
 * generated interfaces; nested object types (`ServerletVolumeArgs`) are hand-written in sdk/nested.ts, named by
 * the schema's rule (`<Kind><Field>Args`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { Kind } from "../provider/api/contract";
import { type Field, shownDefault } from "../provider/kinds/fields";
import { LOOKUPS } from "../provider/lookups";
import { kinds, specFor } from "../provider/registry";
import { inputNames, inputSchema, outputNames, type ResourceSpec } from "../provider/spec";

type Json = {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: Json[];
  items?: Json;
  properties?: Record<string, Json>;
  required?: string[];
  additionalProperties?: Json | boolean;
};

const jsonOf = (schema: z.ZodType, io: "input" | "output"): Json =>
  z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Json;
const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const HEADER = "// Generated from the field declarations by scripts/declarations.ts (`make docs`): do not edit.\n";

/** The JSON schema's options without `null`, and whether `null` is one. */
function options(json: Json): { types: Json[]; nullable: boolean } {
  if (json.anyOf) {
    const types = json.anyOf.filter((o) => o.type !== "null");
    return { types, nullable: types.length < json.anyOf.length };
  }
  if (Array.isArray(json.type)) {
    const rest = json.type.filter((t) => t !== "null");
    return { types: rest.map((type) => ({ ...json, type })), nullable: rest.length < json.type.length };
  }
  return { types: [json], nullable: false };
}

/**
 * A TypeScript type for a JSON schema. `wrap` makes an input (`pulumi.Input<T>`) or keeps a plain type;
 * objects with properties are the nested Args interfaces (`nested(field)` names them).
 */
function tsType(json: Json, nested: string, input: boolean): string {
  const { types, nullable } = options(json);
  const one = (j: Json): string => {
    if (j.enum) return j.enum.map((v) => JSON.stringify(v)).join(" | ");
    const type = Array.isArray(j.type) ? j.type[0] : j.type;
    switch (type) {
      case "string":
      case "boolean":
        return type;
      case "integer":
      case "number":
        return "number";
      case "array": {
        const item = tsType(j.items ?? {}, nested, input);
        return input ? `pulumi.Input<${item}>[]` : `ReadonlyArray<${item}>`;
      }
      case "object": {
        if (j.properties && Object.keys(j.properties).length > 0)
          return input ? `${nested}Args` : "Readonly<Record<string, unknown>>";
        const value =
          typeof j.additionalProperties === "object" ? tsType(j.additionalProperties, nested, input) : "unknown";
        return input ? `Record<string, pulumi.Input<${value}>>` : `Readonly<Record<string, ${value}>>`;
      }
      default:
        return "unknown";
    }
  };
  const rendered = types.length === 0 ? ["unknown"] : types.map(one);
  return [...rendered, ...(nullable ? ["null"] : [])].join(" | ");
}

/** A TSDoc comment at `indent`, one line (biome keeps long comment lines). */
const tsdoc = (text: string, indent = "  ") => `${indent}/** ${text.replace(/\*\//g, "*\\/")} */\n`;

/** `volumes` → `ServerletVolume`: the nested type's name, as the schema names it (provider/schema.ts). */
function nestedName(spec: ResourceSpec, k: string, json: Json): string {
  const array = options(json).types.some((t) => t.type === "array");
  return `${spec.typeName}${pascal(array ? k.replace(/s$/, "") : k)}`;
}

/** A computed output's type: the declared `tsType`, else its reader's, which may be null or absent. */
function outputType(spec: ResourceSpec, k: string, f: Field | undefined): string {
  if (f?.tsType) return f.tsType;
  const reader = spec.model.shape[k] as z.ZodType | undefined;
  const { types } = reader ? options(jsonOf(reader, "output")) : { types: [] };
  return `${types.length > 0 ? types.map((t) => tsType(t, "", false)).join(" | ") : "string"} | null | undefined`;
}

const TIMESTAMP_FIELDS = ["createdAt", "updatedAt"];

/** sdk/generated/<kind>.ts: the kind's Args and Computed interfaces. */
export function sdkKindFile(kind: Kind): string {
  const spec = specFor(kind);
  const T = spec.typeName;
  const { fields, docs } = spec.fields;
  const required = new Set(
    [
      ...(jsonOf(spec.create, "input").required ?? []),
      ...(spec.pathInputs ? (jsonOf(spec.pathInputs, "input").required ?? []) : []),
    ].filter((k) => k !== spec.autoName),
  );
  const nestedTypes = new Set<string>();
  let args = "";
  for (const k of inputNames(spec)) {
    const json = jsonOf(inputSchema(spec, k) as z.ZodType, "input");
    const type = spec.fields.fields[k]?.tsType ?? tsType(json, nestedName(spec, k, json), true);
    for (const m of type.matchAll(/\b([A-Z]\w*Args)\b/g)) if (m[1]) nestedTypes.add(m[1]);
    const doc = docs[k];
    if (doc) args += tsdoc(doc);
    args += `  ${k}${required.has(k) ? "" : "?"}: pulumi.Input<${type}>;\n`;
  }
  const inputs = new Set(inputNames(spec));
  let computed = "";
  for (const k of outputNames(spec).filter((k) => !inputs.has(k) && !TIMESTAMP_FIELDS.includes(k))) {
    const doc = docs[k];
    if (doc) computed += tsdoc(doc);
    computed += `  readonly ${k}: pulumi.Output<${outputType(spec, k, fields[k])}>;\n`;
  }
  const nestedImport =
    nestedTypes.size > 0 ? `import type { ${[...nestedTypes].sort().join(", ")} } from "../nested";\n` : "";
  return (
    `${HEADER}import type * as pulumi from "@pulumi/pulumi";\n${nestedImport}import type { Timestamps } from "../types";\n\n` +
    `/** The inputs of a ${T}. */\nexport interface ${T}Args {\n${args}}\n\n` +
    `/** Read-only fields set by the API. */\nexport interface ${T}Computed extends Timestamps {\n${computed}}\n`
  );
}

/** sdk/generated/results.ts: each kind lookup's result. */
export function sdkResultsFile(): string {
  let out = `${HEADER}// The package's public types never name zod: each result field is typed from its declared reader.\n`;
  const specs = kinds().map(specFor);
  for (const lookup of Object.values(LOOKUPS)) {
    const spec = specs.find((s) => s.model === lookup.model);
    if (!spec || lookup.list) continue;
    const secret = spec.secrets.filter((k) => !lookup.fields.includes(k)).map((k) => `\`${k}\``);
    const what = `A ${spec.typeName}, as \`${lookup.name}\` finds it`;
    const doc =
      secret.length > 0
        ? `${what}. Its ${secret.join(" and ")} may hold credentials: lookups leave them out.`
        : `${what}.`;
    out += `\n${tsdoc(doc, "")}`;
    out += `export interface ${spec.typeName}Result {\n  readonly id: string;\n`;
    for (const k of lookup.fields) {
      const f = spec.fields.fields[k];
      if (f?.doc) out += tsdoc(f.doc);
      const { types } = options(jsonOf(spec.model.shape[k] as z.ZodType, "output"));
      const type = types.length > 0 ? types.map((t) => tsType(t, "", false)).join(" | ") : "unknown";
      out += `  readonly ${k}: ${type} | undefined;\n`;
    }
    out += "}\n";
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------
// docs/resources.md's field tables

const cell = (s: string) => s.replace(/\|/g, "\\|").replace(/\n/g, " ");

/** One kind's table: every input, its type, its default and what a change does. */
export function fieldTable(kind: Kind): string {
  const spec = specFor(kind);
  const required = new Set(jsonOf(spec.create, "input").required ?? []);
  for (const k of Object.keys(spec.pathInputs?.shape ?? {})) required.add(k);
  const rows = inputNames(spec).map((k) => {
    const f = spec.fields.fields[k];
    const json = jsonOf(inputSchema(spec, k) as z.ZodType, "input");
    const type = (f?.tsType ?? tsType(json, nestedName(spec, k, json), true)).replace(/pulumi\.Input<([^<>]*)>/g, "$1");
    const secret = f?.secret ? ". **Always a secret**" : "";
    const fallback =
      k === spec.autoName
        ? "auto-name"
        : required.has(k)
          ? "required"
          : f?.defaultDoc !== undefined
            ? f.defaultDoc
            : f?.default !== undefined
              ? shownDefault(f.default)
              : "";
    const change = spec.replaceOn.includes(k) ? "**replace**" : "in place";
    return `| \`${k}\` | \`${cell(type)}\`${secret} | ${cell(fallback)} | ${change} |`;
  });
  return ["| input | type | default | on change |", "|---|---|---|---|", ...rows].join("\n");
}

const marker = (kind: string, end = false) => `<!-- ${end ? "/" : ""}fields:${kind} -->`;

/** docs/resources.md with every marked table replaced by the generated one. */
export function resourcesDoc(text: string): string {
  let out = text;
  for (const kind of kinds()) {
    const start = out.indexOf(marker(kind));
    const end = out.indexOf(marker(kind, true));
    if (start < 0 || end < start)
      throw new Error(`docs/resources.md: no ${marker(kind)} … ${marker(kind, true)} section`);
    out = `${out.slice(0, start + marker(kind).length)}\n${fieldTable(kind)}\n${out.slice(end)}`;
  }
  return out;
}

/** Every generated file's path (from the repository root) and content. */
export function generatedFiles(root: string): Record<string, string> {
  return {
    ...Object.fromEntries(kinds().map((kind) => [`sdk/generated/${kind}.ts`, sdkKindFile(kind)])),
    "sdk/generated/results.ts": sdkResultsFile(),
    "docs/resources.md": resourcesDoc(readFileSync(join(root, "docs/resources.md"), "utf8")),
  };
}

if (require.main === module) {
  const root = join(__dirname, "..", "..");
  for (const [path, text] of Object.entries(generatedFiles(root))) writeFileSync(join(root, path), text);
}
