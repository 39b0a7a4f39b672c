/**
 * A kind's fields, each declared once (provider/kinds/<kind>/fields.ts), and everything the provider derives
 * from the declarations: the request schemas (`writable`, `create` with its optional fields, `update` with the
 * updatable ones), the tolerant response model, the fields each API generation's published answers carry
 * (observed; every other input is kept), the outputs only the create answer carries (`returned: "create"`), the
 * API's defaults check fills in, and the always-secret fields.
 * test/provider/declarations.test.ts reads each declaration and checks every derived table against it.
 *
 * A declaration's order is the order of every derived table (inputs, outputs, the model's fields).
 */
import { z } from "zod";
import { GENERATIONS, type Generation } from "../api/contract";
import { type CrossFieldRule, field, inputId, response, withRules } from "../api/models";

/** One field of a kind, as the API has it. */
export interface Field {
  /**
   * The request rule, with its limits (units and ranges from provider/api/contract.ts, never stricter than the
   * API): the field is an input. Absent for a field only answers carry (a state, a timestamp).
   */
  input?: z.ZodType;
  /** Create needs it; else it is optional on create. */
  required?: boolean;
  /** A PATCH may change it; else a change replaces the object. */
  updatable?: boolean;
  /** The API generation it appeared in; its answers carry it from then on unless `returned` says otherwise. */
  since: Generation;
  /**
   * The generations whose published answers carry it (observed there, kept elsewhere); `[]`: none does.
   * `"create"`: only the create answer carries it (a new API token's bearer value, shown once). Such a field
   * is an output, never an input, and always secret; the state keeps it from the create answer and no later
   * answer replaces it, so refresh and update keep it and show no drift; a replacement gets the new
   * object's; `pulumi import` cannot read it (absent after an import). `fieldDoc` says so in its doc.
   */
  returned?: readonly Generation[] | "create";
  /**
   * How an answer's value is read (tolerant: a value of another shape reads as absent); `false` for a field
   * answers never carry (a variable's value). By default the input's type, read tolerantly.
   */
  answer?: z.ZodType | false;
  /** The API's documented default, which check fills in so a removed input reverts to it. */
  default?: unknown;
  /** Always a Pulumi secret (in inputs, outputs and state). */
  secret?: boolean;
  /**
   * What the field is, in one paragraph (the SDK's TSDoc, the schema's description, the docs' tables). An
   * input's doc leaves out its default and what a change does: `fieldDoc` adds them from `default` and
   * `updatable`, so they never disagree with the declaration.
   */
  doc: string;
  /** The default in words, when `default` cannot say it (the API's choice, an auto-name): "Default: <this>." */
  defaultDoc?: string;
  /**
   * The SDK property's TypeScript type (inside `pulumi.Input<…>` or `pulumi.Output<…>`), where neither the rule
   * nor the answer reader says it: an output that is always there (`string`) or may be `null` but never absent,
   * a record with documented keys (`ServerletScalingArgs | null`), a value normal.ts turns into another. By
   * default an input's type is its rule's, an output's its reader's `| null | undefined`.
   */
  tsType?: string;
  /** What a change also does: "Updated in place (<this>)." or "Changing it replaces the job (<this>)." */
  changeDoc?: string;
  /**
   * A valid value other than the default, for the tests that update every updatable field
   * (test/provider/update-values.ts), where one cannot be made from the input's rule (a URL, an expression).
   */
  example?: unknown;
}

export type Fields = Readonly<Record<string, Field>>;

/** Names the fields of a kind, keeping each declaration's literal type (for the derived schemas' types). */
export const declare = <const D extends Fields>(fields: D): D => fields;

/** Every answer of every kind carries its timestamps (not inputs). */
export const TIMESTAMPS = {
  createdAt: { since: "2026-08-02", doc: "When the object was created (ISO 8601, set by the API)." },
  updatedAt: { since: "2026-08-02", doc: "When the object last changed (ISO 8601, set by the API)." },
} as const satisfies Fields;

/**
 * The owning workspace of a kind that has one since the first generation, its default the token's (check fills
 * it in); `returned`: the generations whose published answers carry it, when not all.
 */
export const owningWorkspace = (returned?: readonly Generation[]) =>
  ({
    doc: "The owning workspace.",
    defaultDoc: "the API token's workspace",
    input: inputId,
    since: "2026-08-02",
    ...(returned ? { returned } : {}),
  }) as const;

/** A default as the docs show it: `simple`, `null`, `{}`, `""`. */
export const shownDefault = (v: unknown): string => `\`${typeof v === "string" && v !== "" ? v : JSON.stringify(v)}\``;

/** What a `returned: "create"` field's doc adds: what the state does with a value only the create answer carries. */
export const FROM_CREATE_DOC =
  "Only the create answer carries it: always secret, kept in the state from the create (a refresh or an update " +
  "keeps it; a replacement gets the new object's); `pulumi import` cannot read it, so an imported resource " +
  "has none.";

/**
 * A field's whole doc: its paragraph, then for an input its default ("Default `x`." from `default`, or
 * `defaultDoc`) and what a change does ("Updated in place." when `updatable`, else "Changing it replaces the
 * <noun>.", with `changeDoc` in parentheses).
 */
export function fieldDoc(f: Field, noun: string): string {
  if (f.returned === "create") return `${f.doc} ${FROM_CREATE_DOC}`;
  if (!f.input) return f.doc;
  const fallback =
    f.defaultDoc !== undefined
      ? `Default: ${f.defaultDoc}.`
      : f.default !== undefined
        ? `Default ${shownDefault(f.default)}.`
        : "";
  const also = f.changeDoc ? ` (${f.changeDoc})` : "";
  const change = f.updatable ? `Updated in place${also}.` : `Changing it replaces the ${noun}${also}.`;
  return [f.doc, fallback, change].filter((s) => s !== "").join(" ");
}

// ---------------------------------------------------------------------------------------------------
// The derived schemas' static types

type InputKeys<D extends Fields> = { [K in keyof D]: D[K]["input"] extends z.ZodType ? K : never }[keyof D] & string;
type Input<D extends Fields, K extends keyof D> = D[K]["input"] extends z.ZodType ? D[K]["input"] : never;
type RequiredKeys<D extends Fields> = { [K in InputKeys<D>]: D[K]["required"] extends true ? K : never }[InputKeys<D>];
type UpdatableKeys<D extends Fields> = {
  [K in InputKeys<D>]: D[K]["updatable"] extends true ? K : never;
}[InputKeys<D>];
type AnsweredKeys<D extends Fields> = { [K in keyof D]: D[K]["answer"] extends false ? never : K }[keyof D] & string;
/** The type an answer's value reads as: the declared reader's, else the input's (enums read as any string). */
type Read<F extends Field> = F["answer"] extends z.ZodType
  ? z.output<F["answer"]>
  : F["input"] extends z.ZodType
    ? Widen<NonNullable<z.output<F["input"]>>>
    : string;
type Widen<T> = T extends string ? string : T extends number ? number : T extends boolean ? boolean : T;

type WritableShape<D extends Fields> = { [K in InputKeys<D>]: Input<D, K> };
type CreateShape<D extends Fields> = { [K in RequiredKeys<D>]: Input<D, K> } & {
  [K in Exclude<InputKeys<D>, RequiredKeys<D>>]: z.ZodOptional<Input<D, K>>;
};
type UpdateShape<D extends Fields> = { [K in UpdatableKeys<D>]: z.ZodOptional<Input<D, K>> };
type ModelShape<D extends Fields> = { id: z.ZodString } & {
  [K in AnsweredKeys<D>]: z.ZodOptional<z.ZodType<Read<D[K]> | null>>;
};

/** What a kind's declaration gives the provider (ResourceSpec `fields`). */
export interface KindFields {
  fields: Fields;
  /** Every input with its rule, all required (the base of create and update). */
  writable: z.ZodObject;
  /** The POST body: required fields required, the others optional; the kind's cross-field rules. */
  create: z.ZodObject;
  /** The PATCH body: the updatable fields, each optional. */
  update: z.ZodObject;
  /** The tolerant response: only `id` is required; unknown fields pass through. */
  model: z.ZodObject;
  /** The fields each generation's published answers carry (`id` implied). */
  published: Readonly<Record<Generation, readonly string[]>>;
  /** The fields some generation publishes: the outputs a resource observes. */
  observed: readonly string[];
  /** The outputs only the create answer carries (`returned: "create"`), kept from it: always secret. */
  fromCreate: readonly string[];
  /** The API's defaults check fills in. */
  defaults: Readonly<Record<string, unknown>>;
  /** The always-secret fields (`secret`, and every `returned: "create"` output). */
  secrets: readonly string[];
  /** What a replacement replaces, in the docs ("Changing it replaces the job."). */
  noun: string;
  /** Each field's whole doc (`fieldDoc`). */
  docs: Readonly<Record<string, string>>;
}

/** The same, with each schema's static type (for code that names one kind's models). */
export interface Derived<D extends Fields> extends KindFields {
  fields: D;
  writable: z.ZodObject<WritableShape<D>>;
  create: z.ZodObject<CreateShape<D>>;
  update: z.ZodObject<UpdateShape<D>>;
  model: z.ZodObject<ModelShape<D>, z.core.$loose>;
}

// ---------------------------------------------------------------------------------------------------
// Derivation

const names = (fields: Fields, keep: (f: Field) => boolean): string[] =>
  Object.entries(fields)
    .filter(([, f]) => keep(f))
    .map(([k]) => k);

/** The zod type under `.nullable()`, `.optional()` and `.default()`. */
function baseType(schema: z.ZodType): string | undefined {
  let at: unknown = schema;
  for (let i = 0; i < 8; i++) {
    const def = (at as { _zod?: { def?: { type?: string; innerType?: unknown; in?: unknown } } })._zod?.def;
    if (!def?.type) return undefined;
    if (def.type === "nullable" || def.type === "optional" || def.type === "default") at = def.innerType;
    else if (def.type === "pipe") at = def.in;
    else return def.type;
  }
  return undefined;
}

const READERS: Record<string, z.ZodType> = {
  string: field(z.string()),
  enum: field(z.string()),
  boolean: field(z.boolean()),
  number: field(z.number()),
  record: field(z.record(z.string(), z.string())),
};

/** How an answer's value is read when the declaration does not say: the input's type, tolerantly. */
function readerOf(name: string, f: Field): z.ZodType {
  if (f.answer) return f.answer;
  if (!f.input) return READERS.string as z.ZodType;
  const type = baseType(f.input);
  const reader = type === undefined ? undefined : READERS[type];
  if (!reader) throw new Error(`futrou: field ${name} (a ${type}) needs its answer reader declared`);
  return reader;
}

/** The generations whose published answers carry a field (none for one only the create answer carries). */
export const returnedBy = (f: Field): readonly Generation[] =>
  f.returned === "create" ? [] : (f.returned ?? GENERATIONS.filter((g) => g >= f.since));

/**
 * Everything a kind's declaration gives: `noun` names an object of the kind in the docs ("job"), `rules` are
 * its cross-field rules, checked on create.
 */
export function derive<const D extends Fields>(
  fields: D,
  noun: string,
  rules: CrossFieldRule<Record<string, unknown>>[] = [],
): Derived<D> {
  const fromCreate = names(fields, (f) => f.returned === "create");
  for (const k of fromCreate) {
    if (fields[k]?.input !== undefined) {
      throw new Error(`futrou: field ${k} is returned only by the create answer, so it cannot be an input`);
    }
  }
  const inputs = names(fields, (f) => f.input !== undefined);
  const writable = z.object(Object.fromEntries(inputs.map((k) => [k, fields[k]?.input as z.ZodType])));
  const optional = names(fields, (f) => f.input !== undefined && !f.required);
  const partial = writable.partial(Object.fromEntries(optional.map((k) => [k, true])) as Record<string, true>);
  const create = rules.length > 0 ? withRules(partial, rules) : partial;
  const update = writable
    .pick(Object.fromEntries(names(fields, (f) => f.input !== undefined && f.updatable === true).map((k) => [k, true])))
    .partial();
  const model = response(
    Object.fromEntries(
      Object.entries(fields)
        .filter(([, f]) => f.answer !== false)
        .map(([k, f]) => [k, readerOf(k, f)]),
    ),
  );
  const published = Object.fromEntries(
    GENERATIONS.map((g) => [g, names(fields, (f) => returnedBy(f).includes(g))]),
  ) as Record<Generation, string[]>;
  return {
    fields,
    writable: writable as unknown as Derived<D>["writable"],
    create: create as unknown as Derived<D>["create"],
    update: update as unknown as Derived<D>["update"],
    model: model as unknown as Derived<D>["model"],
    published,
    observed: names(fields, (f) => returnedBy(f).length > 0),
    fromCreate,
    defaults: Object.fromEntries(
      Object.entries(fields)
        .filter(([, f]) => f.default !== undefined)
        .map(([k, f]) => [k, f.default]),
    ),
    secrets: names(fields, (f) => f.secret === true || f.returned === "create"),
    noun,
    docs: Object.fromEntries(Object.entries(fields).map(([k, f]) => [k, fieldDoc(f, noun)])),
  };
}
