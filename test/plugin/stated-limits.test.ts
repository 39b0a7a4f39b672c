/**
 * The limits the package schema states are the limits the provider enforces. Every description in the
 * schema (from the SDK's TSDoc, so the same words reach the TypeScript docs, every generated SDK and the
 * reference pages) is read for statements such as "at most 255 characters", "0–65535", "0 or more" and
 * "up to N"; each is tried against the zod schema that check validates the property with: the bound is
 * accepted, one past it refused, and the unit the refusal names (MiB, millicores, seconds, GB, %, characters)
 * is the unit the description names. And the other way round: every bound a model puts on an input (a
 * maximum length, a numeric range) is stated in that input's description.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { ID_MAX } from "../../provider/api/path";
import { LOOKUPS } from "../../provider/lookups";
import { kinds, specFor } from "../../provider/registry";
import { type PropertySpec, packageSchema } from "../../provider/schema";
import { inputNames, inputSchema, type ResourceSpec } from "../../provider/spec";
import { extractDocs } from "../../scripts/docs";
import { repoRoot } from "../../scripts/program-dir";

const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;
const schema = packageSchema({ docs: extractDocs(join(repoRoot, "sdk")), version });

// ---------------------------------------------------------------------------------------------------
// Where each described property is validated

/** The schema a value is checked with, under `.optional()`, `.nullable()`, `.default()`. */
function unwrap(s: z.ZodType): z.ZodType {
  let at = s;
  while (at instanceof z.ZodOptional || at instanceof z.ZodNullable || at instanceof z.ZodDefault) {
    at = at.unwrap() as z.ZodType;
  }
  return at;
}

const pascal = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The zod object behind each named type of the schema (`futrou:index:ServerletPort`), named as schema.ts names them. */
function namedTypes(spec: ResourceSpec): Record<string, z.ZodObject> {
  const found: Record<string, z.ZodObject> = {};
  const visit = (s: z.ZodType, hint: string) => {
    const at = unwrap(s);
    if (at instanceof z.ZodArray) visit(at.element as z.ZodType, hint);
    else if (at instanceof z.ZodRecord) visit(at.valueType as z.ZodType, hint);
    else if (at instanceof z.ZodObject && Object.keys(at.shape).length > 0) {
      found[`futrou:index:${hint}`] = at;
      for (const [k, v] of Object.entries(at.shape)) visit(v as z.ZodType, `${hint}${pascal(k)}`);
    }
  };
  for (const k of inputNames(spec)) {
    const s = inputSchema(spec, k) as z.ZodType;
    const field = unwrap(s) instanceof z.ZodArray ? k.replace(/s$/, "") : k;
    visit(s, `${spec.typeName}${pascal(field)}`);
  }
  return found;
}

const specs = kinds().map(specFor);
const types = Object.assign({}, ...specs.map(namedTypes)) as Record<string, z.ZodObject>;
const specOfType = (token: string) => specs.find((s) => `futrou:index:${s.typeName}` === token);

interface Described {
  /** Where in the schema, e.g. `resources.futrou:index:Volume.inputProperties.name`. */
  at: string;
  description: string;
  /** What check validates the property with; undefined where no model does (outputs only, settings). */
  model?: z.ZodType;
  /** An input of a resource or a named type: a property whose every bound must be stated. */
  input: boolean;
}

const described: Described[] = [];
const add = (
  at: string,
  props: Record<string, PropertySpec> | undefined,
  model: (k: string) => z.ZodType | undefined,
  input: boolean,
) => {
  for (const [k, p] of Object.entries(props ?? {})) {
    if (p.description) described.push({ at: `${at}.${k}`, description: p.description, model: model(k), input });
  }
};
for (const [token, r] of Object.entries(schema.resources)) {
  const spec = specOfType(token) as ResourceSpec;
  add(`resources.${token}.inputProperties`, r.inputProperties, (k) => inputSchema(spec, k), true);
  add(`resources.${token}.properties`, r.properties, (k) => inputSchema(spec, k), false);
}
for (const [token, t] of Object.entries(schema.types)) {
  add(`types.${token}`, t.properties, (k) => types[token]?.shape[k] as z.ZodType | undefined, token in types);
}
for (const lookup of Object.values(LOOKUPS)) {
  const fn = schema.functions[`futrou:index:${lookup.name}`];
  const kind = specs.find((s) => s.model === lookup.model);
  add(
    `functions.${lookup.name}.inputs`,
    fn?.inputs?.properties,
    (k) => (lookup.args.shape as Record<string, z.ZodType>)[k],
    false,
  );
  add(
    `functions.${lookup.name}.outputs`,
    fn?.outputs.properties,
    (k) => (kind ? inputSchema(kind, k) : undefined),
    false,
  );
}
add("config.variables", schema.config.variables, () => undefined, false);

// ---------------------------------------------------------------------------------------------------
// What a description states

interface Claim {
  text: string;
  min?: number;
  max?: number;
}

const number = (s: string) => Number(s.replace(/,/g, ""));
const N = String.raw`(\d{1,3}(?:,\d{3})+|\d+)`;
const PATTERNS: Array<[RegExp, (m: RegExpExecArray) => Omit<Claim, "text">]> = [
  [new RegExp(`${N}\\s*–\\s*${N}`, "g"), (m) => ({ min: number(m[1] as string), max: number(m[2] as string) })],
  [new RegExp(`\\bfrom ${N} to ${N}\\b`, "g"), (m) => ({ min: number(m[1] as string), max: number(m[2] as string) })],
  [
    new RegExp(`\\bbetween ${N} and ${N}\\b`, "g"),
    (m) => ({ min: number(m[1] as string), max: number(m[2] as string) }),
  ],
  [new RegExp(`\\b(?:at most|up to) ${N}\\b`, "g"), (m) => ({ max: number(m[1] as string) })],
  [new RegExp(`\\b(?:at least ${N}|${N} or more)\\b`, "g"), (m) => ({ min: number((m[1] ?? m[2]) as string) })],
];

/** Every limit a description states. */
function claimsOf(description: string): Claim[] {
  return PATTERNS.flatMap(([re, read]) => [...description.matchAll(re)].map((m) => ({ text: m[0], ...read(m) })));
}

const UNITS = ["millicores", "MiB", "GB", "seconds", "%", "characters"];
const unitsIn = (text: string) => UNITS.filter((u) => new RegExp(u === "%" ? "%" : `\\b${u}\\b`).test(text));

// ---------------------------------------------------------------------------------------------------
// What a model accepts

const isStringField = (model: z.ZodType) => {
  const json = z.toJSONSchema(unwrap(model), { io: "input", unrepresentable: "any" }) as { type?: unknown };
  return json.type === "string";
};

/** A host name of exactly `n` characters: labels of at most 63, under `.com`. */
function hostName(n: number): string {
  const labels: string[] = [];
  let left = n - ".com".length;
  while (left > 0) {
    const size = Math.min(63, left === 64 ? 62 : left);
    labels.push("a".repeat(size));
    left -= size + 1;
  }
  return `${labels.join(".")}.com`;
}

/** Values of exactly `n` characters in the shapes string fields take: letters, a host name, a host with a port. */
const shapedStrings: Array<(n: number) => string> = [
  (n) => "a".repeat(n),
  (n) => hostName(n),
  (n) => `${hostName(n - ":80".length)}:80`,
  (n) => `${hostName(n - ":65535".length)}:65535`,
  (n) => `https://example.com/${"a".repeat(n - "https://example.com/".length)}`,
];

const accepts = (model: z.ZodType, value: unknown) => model.safeParse(value).success;
const refusal = (model: z.ZodType, value: unknown) => {
  const result = model.safeParse(value);
  return result.success ? undefined : result.error.issues.map((i) => i.message).join("; ");
};

/** How the model answers at a stated bound: undefined when it agrees, else what it does instead. */
function disagreement(model: z.ZodType, claim: Claim, description: string): string | undefined {
  const strings = isStringField(model);
  const unit = strings ? " characters" : "";
  // A number is its own probe; a string is made in the first shape the field accepts at the bound.
  const maker = (bound: number): ((n: number) => unknown) | undefined =>
    strings ? shapedStrings.find((make) => make(bound).length === bound && accepts(model, make(bound))) : (n) => n;
  const problems: string[] = [];
  const check = (bound: number, beyond: number) => {
    const make = maker(bound);
    if (!make || !accepts(model, make(bound))) return problems.push(`${bound}${unit} is refused`);
    const why = refusal(model, make(beyond));
    if (why === undefined) return problems.push(`${beyond}${unit} is accepted`);
    const missing = unitsIn(why).filter((u) => !unitsIn(description).includes(u));
    if (missing.length > 0)
      problems.push(`the refusal says ${missing.join(", ")} ("${why}"), the description does not`);
  };
  if (claim.max !== undefined) check(claim.max, claim.max + 1);
  if (claim.min !== undefined) check(claim.min, claim.min - 1);
  return problems.length > 0 ? problems.join("; ") : undefined;
}

/** The bounds a model puts on one value: a maximum length; a numeric minimum and maximum. */
function boundsOf(model: z.ZodType): Omit<Claim, "text"> {
  const json = z.toJSONSchema(unwrap(model), { io: "input", unrepresentable: "any" }) as {
    maxLength?: number;
    minimum?: number;
    maximum?: number;
  };
  const real = (n: number | undefined) => (n !== undefined && Math.abs(n) < Number.MAX_SAFE_INTEGER ? n : undefined);
  // An id's cap is the provider's path rule (provider/api/path.ts), a guard against pasted values: not stated.
  const maxLength = json.maxLength === ID_MAX ? undefined : json.maxLength;
  const bounds = { min: real(json.minimum), max: real(json.maximum) ?? maxLength };
  return Object.fromEntries(Object.entries(bounds).filter(([, v]) => v !== undefined));
}

// ---------------------------------------------------------------------------------------------------

const stated = described.flatMap((d) => claimsOf(d.description).map((claim) => ({ ...d, claim })));

describe("the limits the schema's descriptions state", () => {
  test("are found: names, ranges and sizes of several kinds and nested types", () => {
    const places = stated.map((s) => s.at);
    expect(places).toEqual(
      expect.arrayContaining([
        "resources.futrou:index:Volume.inputProperties.name",
        "resources.futrou:index:Serverlet.inputProperties.cpu",
        "resources.futrou:index:DnsRecord.inputProperties.ttl",
        "types.futrou:index:ServerletPort.port",
        "functions.getServerlet.outputs.name",
      ]),
    );
  });

  test.each(stated.map((s) => [`${s.at}: "${s.claim.text}"`, s] as const))("%s is what check accepts", (_, s) => {
    expect(s.model ? "" : "no model checks this property").toBe("");
    expect(disagreement(s.model as z.ZodType, s.claim, s.description)).toBeUndefined();
  });
});

describe("the limits the models put on inputs", () => {
  const inputs = described.filter((d) => d.input && d.model);
  const bounded = inputs
    .map((d) => ({ ...d, bounds: boundsOf(d.model as z.ZodType) }))
    .filter((d) => Object.keys(d.bounds).length > 0);

  test("are found: lengths and ranges", () => {
    expect(bounded.length).toBeGreaterThan(20);
  });

  test.each(bounded.map((d) => [d.at, d] as const))("%s: every bound is stated in its description", (_, d) => {
    const claims = claimsOf(d.description);
    const said = {
      ...(d.bounds.min !== undefined ? { min: claims.find((c) => c.min === d.bounds.min)?.min } : {}),
      ...(d.bounds.max !== undefined ? { max: claims.find((c) => c.max === d.bounds.max)?.max } : {}),
    };
    expect({ description: d.description, bounds: said }).toEqual({ description: d.description, bounds: d.bounds });
  });
});

describe("the reading of descriptions", () => {
  test("finds ranges, maxima and minima, with thousands separators", () => {
    expect(claimsOf("a whole number 10–32000 (`250` = a quarter core), at most 65,536 characters, 0 or more")).toEqual([
      { text: "10–32000", min: 10, max: 32000 },
      { text: "at most 65,536", max: 65536 },
      { text: "0 or more", min: 0 },
    ]);
    expect(claimsOf("The 2026-08-02 API only; ISO 8601")).toEqual([]);
  });
});
