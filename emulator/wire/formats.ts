/** String formats the emulator checks in requests. Every rule beyond "a domain is a domain" is ASSUMED. */
import { isIPv4, isIPv6 } from "node:net";

export { isIPv4, isIPv6 };

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** A host name: dot-separated labels, 253 characters at most; a single label is allowed. */
export function isHostname(s: string): boolean {
  const host = s.endsWith(".") ? s.slice(0, -1) : s;
  return host.length > 0 && host.length <= 253 && host.split(".").every((l) => LABEL.test(l));
}

/** A domain: a host name with at least two labels, the last one not numeric. */
export function isDomain(s: string): boolean {
  const labels = s.split(".");
  return isHostname(s) && labels.length >= 2 && !/^\d+$/.test(labels.at(-1) ?? "");
}

/** ASSUMED: a record name is `@`, or labels inside the zone that may start with `_` or be `*`. */
export function isRecordName(s: string): boolean {
  if (s === "@") return true;
  return s.split(".").every((l) => l === "*" || /^_?(?!-)[a-z0-9-]{1,63}(?<!-)$/i.test(l));
}

/** A proxy target: a host, an IP, or either with `:port` (the CLI's sample uses `web:8080`). */
export function isTarget(s: string): boolean {
  if (isHostname(s) || isIPv4(s) || isIPv6(s)) return true;
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(s);
  const plain = /^([^:]+):(\d{1,5})$/.exec(s);
  const [host, port] = bracketed ? [bracketed[1], bracketed[2]] : plain ? [plain[1], plain[2]] : [];
  if (host === undefined || port === undefined) return false;
  const n = Number(port);
  return n >= 1 && n <= 65535 && (bracketed ? isIPv6(host) : isHostname(host) || isIPv4(host));
}

/** ASSUMED: environment variable names as POSIX shells accept them. */
export const ENV_KEY = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** ASSUMED (CONTRACT.md says "slug"): lowercase letters, digits and inner '-'. */
export const SLUG = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

const CRON_MACROS = new Set(["@yearly", "@annually", "@monthly", "@weekly", "@daily", "@midnight", "@hourly"]);
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];
const DAYS = ["sun", "mon", "tue", "wed", "thu", "fri", "sat"];
const CRON_FIELDS = [
  { name: "minute", min: 0, max: 59 },
  { name: "hour", min: 0, max: 23 },
  { name: "day of month", min: 1, max: 31 },
  { name: "month", min: 1, max: 12, names: MONTHS, offset: 1 },
  { name: "day of week", min: 0, max: 7, names: DAYS, offset: 0 },
] as const;

/** ASSUMED: five-field cron expressions with lists, ranges, steps and names, or a macro. Undefined when valid. */
export function cronProblem(expression: string): string | undefined {
  const text = expression.trim();
  if (CRON_MACROS.has(text.toLowerCase())) return undefined;
  const parts = text.split(/\s+/);
  if (parts.length !== 5) return `expected 5 fields, got ${parts.length}`;
  for (const [i, part] of parts.entries()) {
    const field = CRON_FIELDS[i];
    if (!field) continue;
    const value = (raw: string): number => {
      const named = "names" in field ? field.names.indexOf(raw.toLowerCase() as never) : -1;
      return named >= 0 && "offset" in field ? named + field.offset : /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
    };
    for (const item of part.split(",")) {
      const [range = "", step, extra] = item.split("/");
      if (extra !== undefined || (step !== undefined && !/^[1-9]\d*$/.test(step))) return `bad step in ${field.name}`;
      if (range === "*") continue;
      const [from = "", to] = range.split("-");
      const bounds = [value(from), to === undefined ? value(from) : value(to)];
      if (bounds.some((n) => Number.isNaN(n) || n < field.min || n > field.max)) {
        return `${field.name} "${item}" is outside ${field.min}-${field.max}`;
      }
    }
  }
  return undefined;
}
