/**
 * What the kinds' folders (provider/kinds/<kind>/: the field declarations, the spec) generate into checked-in
 * files, so nothing restates a declaration or lists the kinds by hand:
 *
 * - sdk/generated/<kind>.ts: the TypeScript SDK's `<Kind>Args` (every input, typed from its zod rule) and
 *   `<Kind>Computed` (the outputs no input types), each property's TSDoc the field's `fieldDoc`, and the kind's
 *   class (`resourceClass(spec)`, sdk/kindClass.ts) with the spec's `doc` as its TSDoc;
 * - sdk/generated/index.ts: every kind's class and Args, which sdk/index.ts exports;
 * - sdk/generated/results.ts: each kind lookup's `<Kind>Result` (the fields the lookup returns);
 * - provider/kinds/index.ts: every kind's response model, for code that names one;
 * - docs/resources.md: each kind's field table, between `<!-- fields:<kind> -->` markers in its hand-written
 *   section, or, for a kind without one, its whole section (`kindSection`: heading, doc, table, unique value,
 *   import id) between `<!-- kind:<kind> -->` markers;
 * - docs/drift.md: what refresh sees of each kind and what it cannot, between `<!-- drift -->` markers.
 *
 * `make docs` writes them (`node dist/scripts/declarations.js`); test/provider/generated.test.ts fails when a
 * checked-in file differs from what the declarations generate. Nested object types (`ServerletVolumeArgs`) are
 * hand-written in sdk/nested.ts, named by the schema's rule (`<Kind><Field>Args`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { GENERATIONS, type Generation, type Kind } from "../provider/api/contract";
import { type Field, shownDefault, TIMESTAMPS } from "../provider/kinds/fields";
import { LOOKUPS } from "../provider/lookups";
import { kinds, specFor } from "../provider/registry";
import { inputNames, inputSchema, keptNames, localNames, outputNames, type ResourceSpec } from "../provider/spec";

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
const HEADER = "// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.\n";

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

const TIMESTAMP_FIELDS = Object.keys(TIMESTAMPS);

/** The indefinite article before a type's name, by its first letter: "an ApiToken", "a Cert". */
function article(typeName: string): string {
  return /^[AEIOU]/.test(typeName) ? "an" : "a";
}

/** sdk/generated/<kind>.ts: the kind's Args and Computed interfaces, its instance interface and its class. */
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
    `${HEADER}import type * as pulumi from "@pulumi/pulumi";\n` +
    `import { ${kind} } from "../../provider/kinds/${kind}/spec";\n` +
    `import { resourceClass } from "../kindClass";\n` +
    `${nestedImport}import type { OutputsOf, ResourceClass, Timestamps } from "../types";\n\n` +
    `/** The inputs of ${article(T)} ${T}. */\nexport interface ${T}Args {\n${args}}\n\n` +
    `/** Read-only fields set by the API. */\nexport interface ${T}Computed extends Timestamps {\n${computed}}\n\n` +
    `/** Outputs the runtime sets on the instance. */\n` +
    `export interface ${T} extends pulumi.CustomResource, OutputsOf<${T}Args>, ${T}Computed {}\n\n` +
    tsdoc(spec.doc, "") +
    `export const ${T}: ResourceClass<${T}Args, ${T}> = resourceClass(${kind});\n`
  );
}

/** sdk/generated/index.ts: every kind's class and Args, as the package exports them (sdk/index.ts). */
export function sdkIndexFile(): string {
  const lines = sortedKinds().map((k) => {
    const T = specFor(k).typeName;
    return `export { ${T}, type ${T}Args } from "./${k}";\n`;
  });
  return `${HEADER}${lines.join("")}`;
}

/** provider/kinds/index.ts: every kind's response model, the export of its fields.ts named after its type. */
export function kindsIndexFile(): string {
  const lines = sortedKinds().map((k) => `export { ${specFor(k).typeName} } from "./${k}/fields";\n`);
  return (
    `${HEADER}/**\n` +
    " * Every kind's response model, for code that names them (tests, scripts, the bench). The provider itself\n" +
    " * reaches a kind through the registry (provider/registry.ts), which loads it on first use.\n" +
    ` */\n${lines.join("")}`
  );
}

/** The kinds in the order a sorted export list has them (the linter's). */
const sortedKinds = (): Kind[] => [...kinds()].sort();

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
  const required = new Set([
    ...(jsonOf(spec.create, "input").required ?? []),
    ...(spec.pathInputs ? (jsonOf(spec.pathInputs, "input").required ?? []) : []),
  ]);
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

/** `text` with what is between `<!-- <name> -->` and `<!-- /<name> -->` replaced by `content`. */
function between(file: string, text: string, name: string, content: string): string {
  const [open, close] = [`<!-- ${name} -->`, `<!-- /${name} -->`];
  const start = text.indexOf(open);
  const end = text.indexOf(close);
  if (start < 0 || end < start) throw new Error(`${file}: no ${open} … ${close} section`);
  return `${text.slice(0, start + open.length)}\n${content}\n${text.slice(end)}`;
}

/** Where the unique value is unique: "within the workspace", or among the objects sharing the owner fields. */
function uniqueScope(within: readonly string[]): string {
  if (within.length === 0) return "across the API";
  if (within.length === 1 && within[0] === "workspaceId") return "within the workspace";
  return `among the objects with the same ${within.map((k) => `\`${k}\``).join(" or ")}`;
}

/**
 * A kind's whole section, for a kind docs/resources.md has no hand-written section for: its heading, the spec's
 * `doc`, the field table, its unique value and import id, and a link to its reference page. Prose a kind needs
 * beyond that goes after the closing marker, by hand.
 */
export function kindSection(kind: Kind): string {
  const spec = specFor(kind);
  const unique = spec.unique ? `Unique: \`${spec.unique.field}\` ${uniqueScope(spec.unique.within)}. ` : "";
  // The page's file name, as scripts/reference-docs.ts writes it: the type's name in lower case.
  const page = `${spec.typeName.toLowerCase()}.md`;
  return [
    `## ${spec.typeName}`,
    "",
    spec.doc,
    "",
    `<!-- fields:${kind} -->`,
    fieldTable(kind),
    `<!-- /fields:${kind} -->`,
    "",
    `${unique}Import id: \`${spec.idFormat}\`. Every input, output and language: [reference/${page}](reference/${page}).`,
  ].join("\n");
}

/**
 * docs/resources.md with every kind's field table generated: in its hand-written section (`<!-- fields:<kind> -->`
 * markers), or in a section generated whole (`<!-- kind:<kind> -->` markers) for a kind that has none, added
 * before `<!-- /kinds -->` the first time.
 */
export function resourcesDoc(text: string): string {
  const file = "docs/resources.md";
  return kinds().reduce((out, kind) => {
    if (out.includes(`<!-- kind:${kind} -->`)) return between(file, out, `kind:${kind}`, kindSection(kind));
    if (out.includes(`<!-- fields:${kind} -->`)) return between(file, out, `fields:${kind}`, fieldTable(kind));
    const end = out.indexOf("<!-- /kinds -->");
    if (end < 0) throw new Error(`${file}: no <!-- /kinds --> marker, after the last kind's section`);
    const block = `<!-- kind:${kind} -->\n${kindSection(kind)}\n<!-- /kind:${kind} -->\n\n`;
    return `${out.slice(0, end)}${block}${out.slice(end)}`;
  }, text);
}

// ---------------------------------------------------------------------------------------------------
// docs/drift.md's table

const code = (k: string) => `\`${k}\``;

/**
 * One kind's rows: per generation, the fields its published answers carry (timestamps aside) and the inputs they
 * do not (kept), the outputs only the create answers, then the provider-only inputs; one row when every generation answers alike. A generation whose
 * answers carry none of the kind's fields has no such kind and no row.
 */
function driftRows(kind: Kind): string[] {
  const spec = specFor(kind);
  const path = Object.keys(spec.pathInputs?.shape ?? {});
  const local = localNames(spec);
  const seen = (g: Generation) => spec.fields.published[g].filter((k) => !TIMESTAMP_FIELDS.includes(k));
  const never = (k: string) => GENERATIONS.every((g) => !spec.fields.published[g].includes(k));
  const kept = (g: Generation) =>
    keptNames(spec, g)
      .filter((k) => !path.includes(k) && !local.includes(k))
      .map((k) => (never(k) ? `${code(k)} (never answered)` : code(k)));
  const cells = (g: Generation) => {
    const cantSee = [
      kept(g).join(", "),
      spec.fromCreate.map((k) => `${code(k)} (only the create answers it: kept from it)`).join(", "),
      local.length > 0 ? `provider-only, never sent: ${local.map(code).join(", ")}` : "",
    ].filter((c) => c !== "");
    return `${seen(g).map(code).join(", ")} | ${cantSee.length > 0 ? cantSee.join("; ") : "—"}`;
  };
  const generations = GENERATIONS.filter((g) => seen(g).length > 0);
  const [first = GENERATIONS[0]] = generations;
  if (generations.every((g) => cells(g) === cells(first))) return [`| ${spec.typeName} | ${cells(first)} |`];
  return generations.map((g) => `| ${spec.typeName} (${g}) | ${cells(g)} |`);
}

/** The table of docs/drift.md: what refresh can see of each kind and what it cannot. */
export function driftTable(): string {
  return [
    "| kind | what refresh can see (observed) | what it cannot see (kept: last applied value) |",
    "|---|---|---|",
    ...kinds().flatMap(driftRows),
  ].join("\n");
}

/** Every generated file's path (from the repository root) and content. */
export function generatedFiles(root: string): Record<string, string> {
  const read = (path: string) => readFileSync(join(root, path), "utf8");
  return {
    ...Object.fromEntries(kinds().map((kind) => [`sdk/generated/${kind}.ts`, sdkKindFile(kind)])),
    "sdk/generated/index.ts": sdkIndexFile(),
    "sdk/generated/results.ts": sdkResultsFile(),
    "provider/kinds/index.ts": kindsIndexFile(),
    "docs/resources.md": resourcesDoc(read("docs/resources.md")),
    "docs/drift.md": between("docs/drift.md", read("docs/drift.md"), "drift", driftTable()),
  };
}

if (require.main === module) {
  const root = join(__dirname, "..", "..");
  for (const [path, text] of Object.entries(generatedFiles(root))) writeFileSync(join(root, path), text);
}
