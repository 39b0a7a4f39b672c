/** Small helpers over property bags that every operation of the kit shares. */
import { HIDDEN, isHidden, type Props } from "../spec";

/** The visible (API-facing) part of a property bag. */
export function visible(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([k]) => !isHidden(k)));
}

/** The hidden (`__`) part of a property bag. */
export function hidden(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([k]) => isHidden(k)));
}

export function pick(props: Props, keys: readonly string[]): Props {
  return Object.fromEntries(keys.filter((k) => props[k] !== undefined).map((k) => [k, props[k]]));
}

/**
 * Hidden inputs that outputs carry too, so read and delete (which see only outputs) know them. `__given`
 * too, in its own short forms (given.ts).
 */
export const CARRIED = [HIDDEN.timeouts, HIDDEN.autoName, HIDDEN.name, HIDDEN.secrets, HIDDEN.applied] as const;

export const isRecord = (v: unknown): v is Props => v !== null && typeof v === "object" && !Array.isArray(v);

/** The fields an import could not read or withheld (`__unread`), as a bag lists them. */
export const unreadOf = (props: Props | undefined): string[] => {
  const list = props?.[HIDDEN.unread];
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
};

/** Old values with the guarded fields as the program last applied them (not as refresh found them). */
export const appliedOf = (olds: Props): Props => {
  const applied = olds[HIDDEN.applied];
  return { ...olds, ...(isRecord(applied) ? applied : {}) };
};

/** An operation with a `customTimeouts` entry. */
export type Operation = "create" | "update" | "delete";

/** The custom timeout for `op` (ms), from the `customTimeouts` resource option (hidden input). */
export function customTimeout(props: Props, op: Operation): number | undefined {
  const t = props[HIDDEN.timeouts];
  if (!isRecord(t)) return undefined;
  const ms = t[op];
  return typeof ms === "number" && ms > 0 ? ms : undefined;
}

/** The API id of a Pulumi id (`<dnsId>/<recordId>` → `<recordId>`). */
export const apiIdOf = (id: string): string => id.split("/").pop() ?? id;
