/**
 * What one kind looks like on the wire, as data: the request schemas, the defaults the API fills in, the
 * cross-field rules, and the response in both shapes, per API generation (2026-08-02, the default, and
 * 2026-08-30; most kinds answer the same in both). Field schemas are written here from the contract
 * (provider/api/CONTRACT.md) and the official CLI, never imported from the client.
 */
import { z } from "zod";
import type { Obj, StoreData } from "../store";
import { GENERATIONS, type Generation, NEWEST_GENERATION, OLDER_GENERATION, type PlanKind } from "./api";

/** `real`: the published response shape (unset fields omitted). `full`: every field the emulator keeps, unset ones null. */
export const SHAPES = ["real", "full"] as const;
export type Shape = (typeof SHAPES)[number];

/** How this emulator answers: which API generation's shapes, published or rich. */
export interface Serving {
  generation: Generation;
  shape: Shape;
}

export interface Problem {
  field: string;
  message: string;
}
/** A rule over a whole object; undefined when it holds. */
export type Rule = (o: Obj) => Problem | undefined;

type Fields = Record<string, z.ZodType>;

/** Both response shapes of an object. */
export interface View {
  /** The published response: only these fields, any of them absent except `id`. */
  real: z.ZodObject;
  /** The rich response: the published fields plus the kept ones, every key present, unset ones null. */
  full: z.ZodObject;
}

/** A view per API generation (most answers are the same in both). */
export type Views = Record<Generation, View>;

export interface WireKind {
  /** Component name in /openapi.json and label stem. */
  name: string;
  /** POST body per generation. Unknown fields are stripped: the API ignores them. */
  create: Record<Generation, z.ZodObject>;
  /** PATCH body: every create field optional; optional ones may be null (back to unset or the default). */
  update: Record<Generation, z.ZodObject>;
  /** ASSUMED: changing these means replacing the object; a PATCH with the same value is fine, another is a 400. */
  createOnly: readonly string[];
  /** Values the API fills in when a create leaves them out. */
  defaults: Obj;
  /** Defaults that depend on the request, the lookups or the generation (a serverlet's plan-derived cpu/ram). */
  derive?: (input: Obj, data: StoreData, generation: Generation) => Obj;
  /** Brings a (merged) object to the API's normal form before the rules run: aliases, `priority` 0. */
  normalize?: (o: Obj) => void;
  rules: readonly Rule[];
  /** The answers, per generation. */
  views: Views;
  /** Fields a generation answers that the store does not hold as such (a serverlet's `status` from its state). */
  present?: Partial<Record<Generation, (o: Obj) => Obj>>;
}

/** How the newest generation (2026-08-30) differs, where it does. */
export interface NewestInput {
  /** Request fields it takes instead (same name) or in addition; `null` drops one (the API ignores it). */
  request?: Record<string, z.ZodType | null>;
  /** Its published response fields besides `id` (replacing the older list). */
  published?: Fields;
  /** Fields only its `full` shape answers (replacing the older list). */
  kept?: Fields;
  /** Fields it answers that are computed from the stored object. */
  present?: (o: Obj) => Obj;
}

export interface WireKindInput {
  name: string;
  /** Request fields, with `.optional()` on the ones a create may leave out. */
  request: Fields;
  createOnly?: readonly string[];
  defaults?: Obj;
  derive?: WireKind["derive"];
  normalize?: WireKind["normalize"];
  rules?: readonly Rule[];
  /** Published response fields besides `id` (CONTRACT.md's per-kind list, the 2026-08-02 types). */
  published: Fields;
  /** Fields only the `full` shape answers (owner ids, env, ...). */
  kept?: Fields;
  /** The newest generation, where it differs. */
  newest?: NewestInput;
}

export const id = z.string().min(1);
export const timestamps = { createdAt: z.iso.datetime({ offset: true }), updatedAt: z.iso.datetime({ offset: true }) };
export const stringMap = z.record(z.string(), z.string());
export const int = (min: number, max: number) =>
  z
    .number()
    .int(`must be a whole number from ${min} to ${max}`)
    .min(min, `must be from ${min} to ${max}`)
    .max(max, `must be from ${min} to ${max}`);
/** CLI validator: names, display names and domains are 1..255 characters. */
export const text255 = z.string().min(1, "must not be empty").max(255, "must be at most 255 characters");

const unwrap = (s: z.ZodType): z.ZodType => (s instanceof z.ZodOptional ? (s.unwrap() as z.ZodType) : s);

/** The create and update schemas of a request: PATCH takes every field optional, optional ones nullable. */
function bodies(request: Fields): { create: z.ZodObject; update: z.ZodObject } {
  const update: Fields = {};
  for (const [field, schema] of Object.entries(request)) {
    update[field] = schema instanceof z.ZodOptional ? schema.nullable() : schema.optional();
  }
  return { create: z.object(request), update: z.object(update) };
}

export function wireKind(k: WireKindInput): WireKind {
  const newest = k.newest ?? {};
  const newestRequest: Fields = { ...k.request };
  for (const [field, schema] of Object.entries(newest.request ?? {})) {
    if (schema === null) delete newestRequest[field];
    else newestRequest[field] = schema;
  }
  const older = bodies(k.request);
  const newer = bodies(newestRequest);
  return {
    name: k.name,
    create: { [OLDER_GENERATION]: older.create, [NEWEST_GENERATION]: newer.create } as Record<Generation, z.ZodObject>,
    update: { [OLDER_GENERATION]: older.update, [NEWEST_GENERATION]: newer.update } as Record<Generation, z.ZodObject>,
    createOnly: k.createOnly ?? [],
    defaults: k.defaults ?? {},
    derive: k.derive,
    normalize: k.normalize,
    rules: k.rules ?? [],
    views: {
      [OLDER_GENERATION]: views(k.published, k.kept),
      [NEWEST_GENERATION]: views(newest.published ?? k.published, newest.kept ?? k.kept),
    } as Views,
    ...(newest.present ? { present: { [NEWEST_GENERATION]: newest.present } } : {}),
  };
}

/** Both response shapes of an object: `real` (published fields, all optional but id) and `full` (plus kept, nullable). */
export function views(published: Fields, kept: Fields = {}): View {
  const optional = Object.fromEntries(Object.entries(published).map(([f, s]) => [f, unwrap(s).optional()]));
  const nullable = Object.fromEntries(
    Object.entries({ ...published, ...kept }).map(([f, s]) => [f, unwrap(s).nullable()]),
  );
  return { real: z.object({ id, ...optional }), full: z.object({ id, ...nullable }) };
}

/** The same view in every generation. */
export const everywhere = (view: View): Views =>
  Object.fromEntries(GENERATIONS.map((g) => [g, view])) as Record<Generation, View>;

/** The schema an answer takes: the serving generation's view (or the one view), in the serving shape. */
export function schemaFor(v: View | Views, s: Serving): z.ZodObject {
  const view = "real" in v ? (v as View) : (v as Views)[s.generation];
  return view[s.shape];
}

/** The response for `shape`: only the schema's fields; `real` omits unset ones, `full` answers them as null. */
export function toWire(schema: z.ZodObject, o: Obj, shape: Shape): Obj {
  const out: Obj = {};
  for (const field of Object.keys(schema.shape)) {
    const value = o[field];
    if (value !== undefined && value !== null) out[field] = value;
    else if (shape === "full") out[field] = null;
  }
  return out;
}

/** An object as `s` answers it, through `v`. */
export const answerIn = (v: View | Views, o: Obj, s: Serving): Obj => toWire(schemaFor(v, s), o, s.shape);

/**
 * The newest generation's Models carry a plan and a region on every object of these kinds. ASSUMED: a
 * create that names none gets the first public plan of `plans` and the first public region; the older
 * generation leaves them unset (its answers never carry them).
 */
export function chosenByApi(plans: PlanKind) {
  return (input: Obj, data: StoreData, generation: Generation): Obj => {
    if (generation !== NEWEST_GENERATION) return {};
    const plan = data.plans[plans].find((p) => p.isPublic !== false);
    const region = data.regions.find((r) => r.isPublic !== false);
    return {
      ...(input[`${plans}PlanId`] === undefined && plan ? { [`${plans}PlanId`]: plan.id } : {}),
      ...(input.regionId === undefined && region ? { regionId: region.id } : {}),
    };
  };
}

/** Rule helper: exactly one of `fields` is set. */
export const exactlyOne =
  (fields: readonly string[]): Rule =>
  (o) => {
    const set = fields.filter((f) => o[f] !== undefined && o[f] !== null);
    if (set.length === 1) return undefined;
    return {
      field: set[1] ?? fields[0] ?? "",
      message: `exactly one of ${fields.join(", ")} must be set (got ${set.length === 0 ? "none" : set.join(", ")})`,
    };
  };
