/** Query strings as the API reads them (list filters, paging). */

/** A `from/to` range filter (either end may be open), e.g. for `createdAt` / `updatedAt`. */
export interface DateRange {
  from?: string | Date;
  to?: string | Date;
}
export type QueryScalar = string | number | boolean | Date;
export type QueryValue = QueryScalar | readonly QueryScalar[] | DateRange | null | undefined;
export type Query = Record<string, QueryValue>;

function scalar(v: QueryScalar): string {
  return v instanceof Date ? v.toISOString() : String(v);
}

function isRange(v: QueryValue): v is DateRange {
  return typeof v === "object" && v !== null && !(v instanceof Date) && !Array.isArray(v);
}

/**
 * ASSUMED: a range is sent as one ISO 8601 interval `from/to` (an open end left empty), per the
 * contract's "createdAt/updatedAt as from/to ISO ranges". null/undefined values are left out;
 * arrays repeat the key.
 */
export function encodeQuery(query: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const v of value as readonly QueryScalar[]) params.append(key, scalar(v));
    } else if (isRange(value)) {
      if (value.from === undefined && value.to === undefined) continue;
      params.append(
        key,
        `${value.from === undefined ? "" : scalar(value.from)}/${value.to === undefined ? "" : scalar(value.to)}`,
      );
    } else {
      params.append(key, scalar(value as QueryScalar));
    }
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}
