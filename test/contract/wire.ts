/**
 * What the real API may answer, per kind, written from provider/api/CONTRACT.md and the official
 * CLI (`src/api/types.go`, `src/commands/testhelper_test.go`), not from the provider's models: the
 * provider is judged against these, so the two must be able to disagree.
 *
 * An API object is built the way an API builds it: the POST body, the API's defaults for what the body
 * left out, the server's own fields, in the API's normal form. `shape(kind, object, name)` then cuts it
 * into one of the answers the contract allows.
 *
 * Two API generations, named by the date of the CLI's generated types: `2026-08-02` (CONTRACT.md, the
 * spec) and `2026-08-30` (futrou-cli 3caf725: a Serverlet Model with `status`, a Proxy Model with `rules`
 * and no `compress`/`status`, Storage). The tables below are assembled from each kind's oracle file
 * (test/oracle/kinds/<kind>.ts: collection, stored fields, API defaults, id prefix, extras, unknown enums);
 * this file turns them into what a rich, a narrow or an odd API answers.
 */
import type { Kind } from "../../provider/api/contract";
import { type Generation, OLDER, WORKSPACE } from "../oracle/kind";
import { perGeneration, perKind } from "../oracle/oracles";
import { PUBLISHED } from "../oracle/published";

export { WORKSPACE } from "../oracle/kind";
export type Props = Record<string, unknown>;

/** CONTRACT.md: collection paths, relative to `/v2`. */
export const COLLECTION = perKind((oracle) => oracle.collection);

/**
 * Every field a rich API (our emulator's `--shape full`) may answer: the published ones, the request
 * fields it stores, aliases. A variable's `value` is in no answer, ever.
 */
export const FULL = perGeneration((facts) => [...facts.published, ...(facts.stored ?? [])]);

/**
 * Shape (c): `id` plus what the spec calls required. Only DNS records have non-nullable spec fields; a
 * zone answers like the CLI's mocks (`{id, name, createdAt}`, the domain under `name`).
 */
export const REQUIRED = perKind((oracle) => oracle.required ?? []);

/**
 * What the API fills in when the request leaves a field out (CONTRACT.md defaults and the CLI's). Values
 * the contract leaves open (a serverlet's cpu/ram come from its plan, its network and runtime; the newest
 * Models' plans, regions and architecture) are ours, which the provider must never take for drift.
 */
export const API_DEFAULTS = perGeneration((facts) => facts.apiDefaults ?? {});

const ID_PREFIX = perKind((oracle) => oracle.idPrefix);

const ITEM_KEY = perKind((oracle) => oracle.itemKey ?? "id");

/** What names `object` in its item path (`<collection>/<this>`): its `id`, or the kind's item key (a member's user). */
export const itemKey = (kind: Kind, object: Props): string => String(object[ITEM_KEY[kind]]);

export const OTHER_WORKSPACE = { id: "ws-2", number: 2, name: "other", displayName: "Other workspace" };
export const USER = { id: "usr-1", fullname: "Ada Lovelace", email: "ada@example.com" };

const isObject = (v: unknown): v is Props => typeof v === "object" && v !== null && !Array.isArray(v);

/** The API's normal form (CONTRACT.md): zone `domain` also under `name`; a port's protocol; priority 0. */
function normal(kind: Kind, o: Props): Props {
  const out = { ...o };
  if (kind === "dnsZone") {
    out.domain ??= out.name;
    out.name = out.domain;
  }
  if (kind === "dnsRecord") out.priority ??= 0;
  if (kind === "serverlet") {
    if (Array.isArray(out.ports)) out.ports = out.ports.map((p) => (isObject(p) ? { protocol: "http", ...p } : p));
    if (Array.isArray(out.volumes)) out.volumes = out.volumes.map((v) => (isObject(v) ? { readOnly: false, ...v } : v));
  }
  return out;
}

/** The object the API holds after `POST <collection>` with `body` (unknown and null request fields ignored). */
export function created(
  kind: Kind,
  body: Props,
  params: Record<string, string> = {},
  n = 1,
  generation: Generation = OLDER,
): Props {
  const full = FULL[generation][kind];
  const sent = Object.fromEntries(
    Object.entries(body).filter(([k, v]) => v !== null && v !== undefined && full.includes(k)),
  );
  const server: Props = {
    id: `${ID_PREFIX[kind]}-${n}`,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...(full.includes("workspaceId") && kind !== "variable" ? { workspaceId: WORKSPACE.id } : {}),
    ...params,
  };
  return normal(kind, { ...API_DEFAULTS[generation][kind], ...server, ...sent });
}

/** The object after `PATCH` with `body`: the fields the API knows change, `updatedAt` moves. */
export function patched(kind: Kind, object: Props, body: Props, generation: Generation = OLDER): Props {
  const sent = Object.fromEntries(Object.entries(body).filter(([k]) => FULL[generation][kind].includes(k)));
  return normal(kind, { ...object, ...sent, updatedAt: "2026-01-02T00:00:00.000Z" });
}

/** Unknown fields and nested objects a newer API may add (types.go embeds related objects). */
const EXTRAS: Props = {
  workspace: { ...WORKSPACE, projectsLimit: 10, featureFlags: ["beta"], currency: "eur" },
  labels: { team: "core" },
  futureFlag: true,
  metadata: { nested: { deep: [1, { x: null }] } },
};
/** The unknown fields and nested objects of each kind's answers (types.go embeds related objects). */
const KIND_EXTRAS = perGeneration((facts) => facts.extras ?? {});

/**
 * Shape (e): enum values we never heard of, where the kind has an enum the API sets on its own. A value
 * the program chose (a proxy `strategy`) is echoed as sent; cases choose unknown ones themselves.
 */
export const UNKNOWN_ENUMS = perGeneration((facts) => facts.unknownEnums ?? {});

export const SHAPES = ["full", "published", "required", "extra", "enums", "nulls"] as const;
export type Shape = (typeof SHAPES)[number];

export const SHAPE_TEXT: Record<Shape, string> = {
  full: "(a) every field a rich API knows",
  published: "(b) only the published response fields",
  required: "(c) only id + the spec's required fields",
  extra: "(d) published fields + unknown fields and nested objects",
  enums: "(e) published fields with enum values we never heard of",
  nulls: "(f) null in every non-id field",
};

const pick = (o: Props, keys: readonly string[]): Props =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));

/** `object` as the API would answer it in `shape` (undefined: the kind has no such shape). */
export function shape(kind: Kind, object: Props, name: Shape, generation: Generation = OLDER): Props | undefined {
  const id = { id: object.id };
  const full = FULL[generation][kind];
  const published = PUBLISHED[generation][kind];
  switch (name) {
    case "full":
      return { ...Object.fromEntries(full.map((k) => [k, object[k] ?? null])), ...id };
    case "published":
      return { ...id, ...pick(object, published) };
    case "required":
      return { ...id, ...pick(object, REQUIRED[kind]) };
    case "extra":
      return { ...EXTRAS, ...KIND_EXTRAS[generation][kind], ...id, ...pick(object, published) };
    case "enums": {
      const unknown = UNKNOWN_ENUMS[generation][kind];
      return Object.keys(unknown).length > 0 ? { ...id, ...pick(object, published), ...unknown } : undefined;
    }
    case "nulls":
      return { ...Object.fromEntries(full.map((k) => [k, null])), ...id };
  }
}

/** Output names the API answers under another name (the newest serverlet's `state` as `status`), for "does it say". */
const ALIASES = perKind((oracle) =>
  Object.fromEntries(Object.entries(oracle.readAs ?? {}).map(([answer, output]) => [output, answer])),
);

/** Whether an answer in `shape` says anything about `field` (absent and null say nothing). */
export function carries(answer: Props, field: string, kind?: Kind): boolean {
  const alias = kind ? ALIASES[kind][field] : undefined;
  const says = (f: string) => answer[f] !== undefined && answer[f] !== null;
  return says(field) || (alias !== undefined && says(alias));
}
