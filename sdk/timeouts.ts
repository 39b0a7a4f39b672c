/**
 * `customTimeouts` → the hidden input `__timeouts` (milliseconds per operation), which the kit uses to bound
 * create, update (including the serverlet readiness wait) and delete. Pulumi passes the option's strings
 * to providers; the dynamic-provider host drops them, so the SDK carries them as an input.
 */
import type * as pulumi from "@pulumi/pulumi";

const UNIT_MS: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
  d: 86_400_000,
};

/**
 * A Pulumi duration (Go's `time.ParseDuration`: "90s", "5m", "1h30m", "1.5h", "250ms"; also "1d" as
 * Pulumi's own docs write it) in milliseconds. Throws on anything else, naming the option.
 */
export function durationMs(text: string, what = "duration"): number {
  const s = text.trim();
  const parts = [...s.matchAll(/(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|ms|s|m|h|d)/g)];
  if (s === "" || parts.map((p) => p[0]).join("") !== s) {
    throw new Error(`${what}: "${text}" is not a duration such as "90s", "5m" or "1h30m"`);
  }
  const ms = parts.reduce((sum, p) => sum + Number(p[1]) * (UNIT_MS[p[2] as string] as number), 0);
  if (!(ms > 0)) throw new Error(`${what}: "${text}" must be longer than zero`);
  return Math.round(ms);
}

export type TimeoutsMs = { create?: number; update?: number; delete?: number };

/** The `__timeouts` value for a resource's `customTimeouts`, or undefined when it sets none. */
export function timeoutsMs(custom: pulumi.CustomTimeouts | undefined, resource: string): TimeoutsMs | undefined {
  if (!custom) return undefined;
  const out: TimeoutsMs = {};
  for (const op of ["create", "update", "delete"] as const) {
    const value = custom[op];
    if (value !== undefined && value !== "") out[op] = durationMs(value, `${resource}: customTimeouts.${op}`);
  }
  return Object.keys(out).length > 0 ? out : undefined;
}
