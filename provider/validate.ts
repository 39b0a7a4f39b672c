/**
 * Input validation of one resource, written once for the kit's check and for the SDK (which validates the
 * values it already knows in the program, so one preview reports every invalid resource: the engine stops at
 * the first failed check). Pure: no client, cheap to load in the program.
 *
 * A failure names the *top-level* input: the engine prints that input's value next to the reason, and for
 * a nested path (`ports[0].port`) it found none and printed `value {<nil>}`. The reason starts with the
 * nested path instead. zod's generic messages ("Invalid key in record", "Too small: expected number to be
 * >=1") are reworded as the rest of our messages are; messages the models write are kept.
 */
import type { z } from "zod";
import { isHidden, localNames, type Props, type ResourceSpec } from "./spec";

/** The engine's placeholder for a value not known until apply (preview of a dependent resource). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

export interface Failure {
  /** The top-level input, or "" for a rule on the whole resource. */
  property: string;
  reason: string;
}

export const containsUnknown = (v: unknown): boolean =>
  v === UNKNOWN ||
  (Array.isArray(v)
    ? v.some(containsUnknown)
    : v !== null && typeof v === "object" && Object.values(v).some(containsUnknown));

/** `volumes[0].mountPath` from zod's `["volumes", 0, "mountPath"]`. */
export function propertyPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    "",
  );
}

type Issue = z.core.$ZodIssue;

const article = (type: string): string => (/^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`);

/** The reason for one zod issue: the model's own message, or zod's generic one reworded. */
function reasonOf(issue: Issue): string {
  const m = issue.message;
  const typed = /^Invalid input: expected (\w+), received (\w+)$/.exec(m);
  if (typed)
    return typed[2] === "undefined"
      ? "is required"
      : `must be ${article(typed[1] ?? "")} (got ${article(typed[2] ?? "")})`;
  if (issue.code === "invalid_key" && m === "Invalid key in record") {
    return issue.issues.map((i) => reasonOf(i as Issue)).join("; ");
  }
  if (issue.code === "invalid_value" && m.startsWith("Invalid option")) {
    return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(", ")}`;
  }
  if (issue.code === "invalid_union" && m === "Invalid input") {
    const expected = issue.errors.flatMap((e) => e.flatMap((i) => ("expected" in i ? [String(i.expected)] : [])));
    return expected.length > 0 ? `must be ${[...new Set(expected)].map(article).join(" or ")}` : "has the wrong form";
  }
  if (issue.code === "unrecognized_keys") {
    return `${issue.keys.length === 1 ? "is not a field here" : "are not fields here"}: ${issue.keys.join(", ")}`;
  }
  const bound = /^Too (small|big): expected (\w+) to (?:be|have) ([<>]=?)(\S+)(?: (characters|items))?$/.exec(m);
  if (bound) {
    const [, , , op, limit, unit] = bound;
    const least = op?.startsWith(">");
    const strict = op === ">" || op === "<";
    if (unit && least && limit === "1") return "must not be empty";
    if (unit) return `must have ${least ? "at least" : "at most"} ${limit} ${unit}`;
    return strict
      ? `must be ${least ? "more" : "less"} than ${limit}`
      : `must be ${least ? "at least" : "at most"} ${limit}`;
  }
  return m;
}

/** A zod issue as a failure on its top-level input; the nested path (and a record's key) lead the reason. */
function failureOf(issue: Issue): Failure {
  const path = [...issue.path];
  const key = issue.code === "invalid_key" ? path.pop() : undefined;
  const [top, ...nested] = path;
  const where = nested.length > 0 ? propertyPath(path) : "";
  const prefix = [where, key !== undefined ? `key ${JSON.stringify(String(key))}` : ""].filter(Boolean).join(" ");
  return {
    property: top === undefined ? "" : String(top),
    reason: prefix ? `${prefix}: ${reasonOf(issue)}` : reasonOf(issue),
  };
}

export function issuesOf(result: z.ZodSafeParseResult<unknown>): Failure[] {
  return result.success ? [] : result.error.issues.map((i) => failureOf(i as Issue));
}

const pick = (props: Props, keys: readonly string[]): Props =>
  Object.fromEntries(keys.filter((k) => props[k] !== undefined).map((k) => [k, props[k]]));

/** What `validateInputs` found: the failures, and the parses check takes the normal form from. */
export interface Validation {
  failures: Failure[];
  /** Top-level inputs whose value is not known yet (`UNKNOWN` anywhere inside). */
  unknown: Set<string>;
  created: z.ZodSafeParseResult<unknown>;
  local?: z.ZodSafeParseResult<unknown>;
}

/**
 * Every failure of the visible inputs `shown` against the kind's schemas: unknown inputs, the POST body's
 * rules, the path's and the provider-only inputs'. Failures on an input whose value is not known yet
 * (`UNKNOWN` anywhere inside) are left out: they are checked again once it is.
 */
export function validateInputs(spec: ResourceSpec, shown: Props): Validation {
  const createKeys = Object.keys(spec.create.shape);
  const pathKeys = Object.keys(spec.pathInputs?.shape ?? {});
  const localKeys = localNames(spec);
  const unknown = new Set(Object.keys(shown).filter((k) => containsUnknown(shown[k])));
  const created = spec.create.safeParse(pick(shown, createKeys));
  const local = spec.localInputs?.safeParse(pick(shown, localKeys));
  const failures = [
    ...Object.keys(shown)
      .filter((k) => !isHidden(k) && !createKeys.includes(k) && !pathKeys.includes(k) && !localKeys.includes(k))
      .map((k) => ({ property: k, reason: `is not a ${spec.typeName} input` })),
    ...issuesOf(created),
    ...(spec.pathInputs ? issuesOf(spec.pathInputs.safeParse(pick(shown, pathKeys))) : []),
    ...(local ? issuesOf(local) : []),
  ].filter((f) => !unknown.has(f.property));
  return { failures, unknown, created, ...(local ? { local } : {}) };
}
