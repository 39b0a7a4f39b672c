/**
 * API paths built from ids, so that no id can name another path. An id is an opaque string the API issued
 * (the emulator issues UUIDs; the official CLI's mocks use `dns-789`, `rec-001`, `proj-abc`), so the rule
 * refuses only what certainly cannot be one: empty, over-long, a dot segment (`.`, `..`: URL parsers, undici's
 * included, resolve them, so `/dns/abc/records/..` would be sent as `/dns/abc/`), and characters that end or
 * change a path segment (`/`, `\`, `?`, `#`, `%`, whitespace, control characters). Check, import, read,
 * update and delete all use this one rule; the client refuses, as a last guard, any URL whose parsed path is
 * not the path meant (client.ts).
 */
import { z } from "zod";

/**
 * ASSUMED: the longest id the API issues is far below 256 characters (UUIDs have 36, the CLI's mocks 7 or 8).
 * Seven times a UUID leaves room for any id scheme (prefixed, ULIDs, hashes), and a value this long is
 * certainly not an id (a pasted value, a URL); a record path with two of them stays far below the 8 KiB
 * request lines servers accept.
 */
export const ID_MAX = 256;

/** Characters no id carries: each would end or change a path segment, or is invisible. */
const FORBIDDEN: readonly { re: RegExp; what: string }[] = [
  { re: /\//, what: '"/"' },
  { re: /\\/, what: '"\\"' },
  { re: /\?/, what: '"?"' },
  { re: /#/, what: '"#"' },
  { re: /%/, what: '"%" (ids are never percent-encoded)' },
  { re: /\s/u, what: "whitespace" },
  { re: /\p{Cc}/u, what: "control characters" },
];

/** Why `value` cannot be an id the API issued, or undefined when it can. */
export function idProblem(value: string): string | undefined {
  if (value === "") return "must not be empty";
  if (value.length > ID_MAX) return `must be an id the API issued: at most ${ID_MAX} characters (got ${value.length})`;
  if (/^\.+$/.test(value)) {
    return `must be an id the API issued, not ${JSON.stringify(value)} (a dot segment names another path)`;
  }
  const bad = FORBIDDEN.find((f) => f.re.test(value));
  return bad ? `must be an id the API issued: ids never contain ${bad.what} (got ${JSON.stringify(value)})` : undefined;
}

/** An id input (a parent's id, a plan's, a mounted storage's): refused at check by the same rule as paths. */
export const ApiId = z
  .string()
  .min(1, "must not be empty")
  .max(ID_MAX)
  .superRefine((value, ctx) => {
    const problem = value === "" || value.length > ID_MAX ? undefined : idProblem(value);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/** A path that would not name what the ids say: nothing is sent. */
export class UnsafePathError extends Error {
  override readonly name = "UnsafePathError";
}

/** One id as a path segment; throws (naming `what`) when the rule refuses it. */
export function idSegment(id: string, what = "id"): string {
  const problem = idProblem(id);
  if (problem) throw new UnsafePathError(`${what} ${problem}`);
  return encodeURIComponent(id);
}

/** Fills `{name}` placeholders (e.g. COLLECTIONS.dnsRecord) with ids, each checked by the rule. */
export function expandPath(template: string, params: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}" for ${template}`);
    return idSegment(value, name);
  });
}

/** The path of one object of a collection (`/dns/abc/records` + `rec-1`). */
export const itemPath = (collection: string, id: string): string => `${collection}/${idSegment(id)}`;
