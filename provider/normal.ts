/**
 * The API's normal forms, in one place. The API answers in its own normal form (a DNS record's `priority` is
 * a number on every record, 0 where the type has none; a zone's domain may come back as `name`; a port's
 * protocol may be left out). Program values and API values are both brought to that form before they are
 * compared or stored, so a second `up` and a `refresh` on an untouched stack show no changes.
 *
 * `normalize(kind, props)` works on either side: checked inputs, API objects, old outputs from earlier
 * versions of this package. It only fills in or renames; it never drops a value it does not know.
 */
import { isDeepStrictEqual } from "node:util";
import { DEFAULT_PORT_PROTOCOL, DNS_PRIORITY, type Kind } from "./api/contract";

export type Props = Record<string, unknown>;

const isObject = (v: unknown): v is Props => typeof v === "object" && v !== null && !Array.isArray(v);
const isEmptyMap = (v: unknown): boolean => isObject(v) && Object.keys(v).length === 0;

/** Per kind: how an object (inputs or API answer) reads in normal form. */
const FORMS: Partial<Record<Kind, (o: Props) => Props>> = {
  /** Send `domain`; read the zone's domain from `domain`, else `name` (the API historically used both). */
  dnsZone: (o) => {
    if (o.domain !== undefined && o.domain !== null) return o;
    const { name, ...rest } = o;
    return typeof name === "string" ? { ...rest, domain: name } : o;
  },
  /**
   * `priority` is a number on every record, 0 where the type has none: `null` reads as 0. An absent one
   * stays absent (not known from this answer); check fills 0 into inputs that leave it out.
   */
  dnsRecord: (o) => (o.priority === null ? { ...o, priority: DNS_PRIORITY.none } : o),
  /** No rules: an empty list is the same as none (`null`). */
  proxy: (o) => (Array.isArray(o.rules) && o.rules.length === 0 ? { ...o, rules: null } : o),
  serverlet: (o) => {
    const out: Props = { ...o };
    // 2026-08-30 calls the state `status` (an enum); it is read into `state`, the newest field first.
    if (typeof out.status === "string") out.state = out.status;
    delete out.status;
    // No mounts, no scaling: an empty map is the same as none (`null`).
    for (const k of ["mounts", "scaling"]) if (isEmptyMap(out[k])) out[k] = null;
    // `instances` is a count in the published shape; a list of instances counts as its length.
    if (Array.isArray(out.instances)) out.instances = out.instances.length;
    if (Array.isArray(out.ports)) {
      out.ports = out.ports.map((p) => (isObject(p) ? { ...p, protocol: p.protocol ?? DEFAULT_PORT_PROTOCOL } : p));
    }
    if (Array.isArray(out.volumes)) {
      out.volumes = out.volumes.map((v) => (isObject(v) ? { ...v, readOnly: v.readOnly ?? false } : v));
    }
    return out;
  },
};

export function normalize(kind: Kind, props: Props): Props {
  const form = FORMS[kind];
  return form ? form(props) : props;
}

/** Two values in normal form are the same: deep equality where an absent value and `null` are one. */
export function same(a: unknown, b: unknown): boolean {
  if ((a === undefined || a === null) && (b === undefined || b === null)) return true;
  return isDeepStrictEqual(stripNullish(a), stripNullish(b));
}

/** Object members that are `undefined` or `null` are the same as absent ones (`{a: 1, b: null}` ≡ `{a: 1}`). */
function stripNullish(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(stripNullish);
  if (!isObject(v)) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => x !== undefined && x !== null)
      .map(([k, x]) => [k, stripNullish(x)]),
  );
}
