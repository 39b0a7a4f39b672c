/** Listing: filters, sort, direction and paging (spec), answered as a bare array plus the four X-* headers. */
import { invalid } from "./errors";
import type { Obj } from "./store";
import { ERROR_CODES, PAGE, PAGE_HEADERS } from "./wire/api";

export interface Row {
  object: Obj;
  /** Insertion order, the tie-breaker that keeps pages stable when sort values are equal. */
  seq: number;
}

/** Exact-match filters from the spec; an object without the field does not match. */
const EXACT_FILTERS = ["id", "workspaceId", "projectId", "name", "domain"] as const;
/** `search` is a case-insensitive substring of whichever of these the kind has. */
const SEARCH_FIELDS = ["name", "domain", "key"] as const;
const RANGE_FILTERS = ["createdAt", "updatedAt"] as const;

export interface PageResult {
  body: Obj[];
  headers: Record<string, string>;
}

/**
 * Applies the spec's listing query to rows. `fields` are the answered fields: what `sort` may name.
 * ASSUMED: a page past the end is an empty array (200); X-Total-Pages is at least 1; a `limit` above the
 * maximum is capped, not refused (the spec leaves the maximum unpublished: clients follow X-Total-Pages).
 */
export function listPage(rows: Row[], query: URLSearchParams, fields: readonly string[]): PageResult {
  const page = intParam(query, "page", 1, 1, Number.MAX_SAFE_INTEGER);
  const limit = Math.min(intParam(query, "limit", PAGE.defaultLimit, 1, Number.MAX_SAFE_INTEGER), PAGE.maxLimit);
  const sort = query.get("sort") || "createdAt";
  if (query.has("sort") && !fields.includes(sort)) {
    throw invalid("sort", `cannot sort by "${sort}"; one of ${fields.join(", ")}`);
  }
  const direction = query.get("direction") || "desc";
  if (direction !== "asc" && direction !== "desc") throw invalid("direction", 'must be "asc" or "desc"');

  let selected = rows;
  for (const f of EXACT_FILTERS) {
    const want = query.get(f);
    if (want !== null) selected = selected.filter((r) => r.object[f] === want);
  }
  const search = query.get("search")?.toLowerCase();
  if (search) {
    selected = selected.filter((r) =>
      SEARCH_FIELDS.some((f) => {
        const v = r.object[f];
        return typeof v === "string" && v.toLowerCase().includes(search);
      }),
    );
  }
  for (const f of RANGE_FILTERS) {
    const raw = query.get(f);
    if (raw === null) continue;
    const { from, to } = parseRange(f, raw);
    selected = selected.filter((r) => {
      const t = Date.parse(String(r.object[f]));
      return t >= from && t <= to;
    });
  }

  const sign = direction === "asc" ? 1 : -1;
  const sorted = [...selected].sort((a, b) => sign * (compare(a.object[sort], b.object[sort]) || a.seq - b.seq));
  const totalItems = sorted.length;
  const totalPages = Math.max(1, Math.ceil(totalItems / limit));
  const body = sorted.slice((page - 1) * limit, page * limit).map((r) => r.object);
  return {
    body,
    headers: {
      [PAGE_HEADERS.totalPages]: String(totalPages),
      [PAGE_HEADERS.totalItems]: String(totalItems),
      [PAGE_HEADERS.pageItems]: String(body.length),
      [PAGE_HEADERS.page]: String(page),
    },
  };
}

function intParam(query: URLSearchParams, name: string, fallback: number, min: number, max: number): number {
  const raw = query.get(name);
  if (raw === null || raw === "") return fallback;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < min || n > max) throw invalid(name, `must be a whole number from ${min} to ${max}`);
  return n;
}

const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** `from/to`, either side empty (open), each an ISO 8601 date or date-time; anything else is INVALID_DATETIME_FILTER. */
function parseRange(field: string, raw: string): { from: number; to: number } {
  const fail = (why: string) =>
    invalid(
      field,
      `${why}; expected "<from>/<to>" ISO 8601 date-times, either side may be empty`,
      ERROR_CODES.invalidDatetimeFilter,
    );
  const parts = raw.split("/");
  if (parts.length !== 2) throw fail(`"${raw}" is not a from/to range`);
  const [fromText = "", toText = ""] = parts;
  if (fromText === "" && toText === "") throw fail("both ends of the range are empty");
  const bound = (text: string, open: number) => {
    if (text === "") return open;
    const t = Date.parse(text);
    if (!ISO_DATE_TIME.test(text) || Number.isNaN(t)) throw fail(`"${text}" is not an ISO 8601 date-time`);
    return t;
  };
  const from = bound(fromText, Number.NEGATIVE_INFINITY);
  const to = bound(toText, Number.POSITIVE_INFINITY);
  if (from > to) throw fail(`the range starts after it ends`);
  return { from, to };
}

/** Numbers numerically, everything else as strings; null/undefined sort first in ascending order. */
function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === "number" && typeof b === "number") return a - b;
  const sa = typeof a === "string" ? a : JSON.stringify(a);
  const sb = typeof b === "string" ? b : JSON.stringify(b);
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}
