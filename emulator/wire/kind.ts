/**
 * What one kind looks like on the wire, as data: the request schemas, the defaults the API fills in, the
 * cross-field rules, and the response in both shapes. Field schemas are written here from CONTRACT.md and
 * the official CLI, never imported from the client.
 */
import { z } from "zod";
import type { Obj, StoreData } from "../store";

/** `real`: the published response shape (unset fields omitted). `full`: every field the emulator keeps, unset ones null. */
export const SHAPES = ["real", "full"] as const;
export type Shape = (typeof SHAPES)[number];

export interface Problem {
  field: string;
  message: string;
}
/** A rule over a whole object; undefined when it holds. */
export type Rule = (o: Obj) => Problem | undefined;

type Fields = Record<string, z.ZodType>;

export interface WireKind {
  /** Component name in /openapi.json and label stem. */
  name: string;
  /** POST body. Unknown fields are stripped: the API ignores them. */
  create: z.ZodObject;
  /** PATCH body: every create field optional; optional ones may be null (back to unset or the default). */
  update: z.ZodObject;
  /** ASSUMED: changing these means replacing the object; a PATCH with the same value is fine, another is a 400. */
  createOnly: readonly string[];
  /** Values the API fills in when a create leaves them out. */
  defaults: Obj;
  /** Defaults that depend on the request or on the lookups (a serverlet's plan-derived cpu/ram). */
  derive?: (input: Obj, data: StoreData) => Obj;
  /** Brings a (merged) object to the API's normal form before the rules run: aliases, `priority` 0. */
  normalize?: (o: Obj) => void;
  rules: readonly Rule[];
  /** The published response: only these fields, any of them absent except `id`. */
  real: z.ZodObject;
  /** The rich response: the published fields plus the kept ones, every key present, unset ones null. */
  full: z.ZodObject;
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
  /** Published response fields besides `id` (CONTRACT.md's per-kind list). */
  published: Fields;
  /** Fields only the `full` shape answers (owner ids, env, ...). */
  kept?: Fields;
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

export function wireKind(k: WireKindInput): WireKind {
  const update: Fields = {};
  for (const [field, schema] of Object.entries(k.request)) {
    update[field] = schema instanceof z.ZodOptional ? schema.nullable() : schema.optional();
  }
  return {
    name: k.name,
    create: z.object(k.request),
    update: z.object(update),
    createOnly: k.createOnly ?? [],
    defaults: k.defaults ?? {},
    derive: k.derive,
    normalize: k.normalize,
    rules: k.rules ?? [],
    ...views(k.published, k.kept),
  };
}

/** Both response shapes of an object: `real` (published fields, all optional but id) and `full` (plus kept, nullable). */
export function views(published: Fields, kept: Fields = {}): { real: z.ZodObject; full: z.ZodObject } {
  const optional = Object.fromEntries(Object.entries(published).map(([f, s]) => [f, unwrap(s).optional()]));
  const nullable = Object.fromEntries(
    Object.entries({ ...published, ...kept }).map(([f, s]) => [f, unwrap(s).nullable()]),
  );
  return { real: z.object({ id, ...optional }), full: z.object({ id, ...nullable }) };
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
