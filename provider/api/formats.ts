/** String formats the API validates: slugs, domains, IP addresses, cron expressions. */
import { isIPv4, isIPv6 } from "node:net";

export const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;
export const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A fully qualified domain name: two or more labels, at most 253 characters. */
export function isDomain(value: string): boolean {
  const name = value.endsWith(".") ? value.slice(0, -1) : value;
  const labels = name.split(".");
  return name.length <= 253 && labels.length >= 2 && labels.every((l) => LABEL.test(l));
}

/** A host name or domain, possibly with a leading `*.` wildcard label. */
export function isHostname(value: string): boolean {
  const name = value.startsWith("*.") ? value.slice(2) : value;
  const labels = (name.endsWith(".") ? name.slice(0, -1) : name).split(".");
  return (
    name.length > 0 && name.length <= 253 && labels.every((l) => LABEL.test(l) || l === "_" || /^_[a-z0-9-]+$/i.test(l))
  );
}

/** A record name inside a zone: `@` for the apex, or one or more labels (`www`, `_dmarc`, `*.api`). */
export function isRecordName(value: string): boolean {
  return value === "@" || isHostname(value);
}

export { isIPv4, isIPv6 };

export function isEmail(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
}

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const CRON_FIELDS: ReadonlyArray<{ name: string; min: number; max: number; names?: string[] }> = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12, names: MONTHS },
  { name: "day of week", min: 0, max: 7, names: DAYS },
];
const CRON_MACROS = new Set(["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]);

/**
 * Checks a five-field cron expression (minute hour day-of-month month day-of-week, with `*`, lists,
 * ranges, steps and month/day names) or a macro such as `@daily`. Returns a reason, or undefined when valid.
 */
export function cronProblem(expression: string): string | undefined {
  const expr = expression.trim();
  if (CRON_MACROS.has(expr)) return undefined;
  const parts = expr.split(/\s+/);
  if (parts.length !== 5) return `expected 5 fields (minute hour day-of-month month day-of-week), got ${parts.length}`;
  for (const [i, part] of parts.entries()) {
    const field = CRON_FIELDS[i];
    if (!field) return `unexpected field ${i + 1}`;
    for (const item of part.split(",")) {
      const problem = cronItemProblem(item, field);
      if (problem) return `${field.name} (field ${i + 1}): ${problem}`;
    }
  }
  return undefined;
}

function cronItemProblem(item: string, field: (typeof CRON_FIELDS)[number]): string | undefined {
  const [range, step, ...rest] = item.split("/");
  if (rest.length > 0 || range === undefined || range === "") return "malformed";
  if (step !== undefined && !(/^\d+$/.test(step) && Number(step) > 0)) return "a step is not a positive number";
  if (range === "*") return undefined;
  const bounds = range.split("-");
  if (bounds.length > 2) return "a range is malformed";
  const values: number[] = [];
  for (const bound of bounds) {
    const value = cronValue(bound, field);
    if (value === undefined) return `a value is not from ${field.min} to ${field.max}`;
    values.push(value);
  }
  const [lo, hi] = values;
  if (lo !== undefined && hi !== undefined && lo > hi) return "a range runs backwards";
  return undefined;
}

function cronValue(text: string, field: (typeof CRON_FIELDS)[number]): number | undefined {
  const named = field.names?.indexOf(text.toLowerCase()) ?? -1;
  if (named >= 0) return field.names === MONTHS ? named + 1 : named;
  if (!/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return n >= field.min && n <= field.max ? n : undefined;
}
