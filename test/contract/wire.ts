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
 * and no `compress`/`status`, Storage). Every table below is per generation. The published fields per kind
 * are the oracle's (test/oracle/published.ts); this file adds what a rich, a narrow or an odd API answers.
 */
import type { Kind } from "../../provider/api/contract";
import { type Generation, NEWEST, OLDER, PROXY_FLAGS, PUBLISHED, perGeneration } from "../oracle/published";

export type Props = Record<string, unknown>;

/** CONTRACT.md: collection paths, relative to `/v2`. */
export const COLLECTION: Record<Kind, string> = {
  project: "/projects",
  variable: "/variables",
  dnsZone: "/dns",
  dnsRecord: "/dns/{dnsId}/records",
  cron: "/crons",
  proxy: "/proxies",
  volume: "/volumes",
  serverlet: "/serverlets",
  storage: "/storages",
};

/**
 * Every field a rich API (our emulator's `--shape full`) may answer: the published ones, the request
 * fields it stores, aliases. A variable's `value` is in no answer, ever.
 */
const FULL_OLDER: Record<Kind, readonly string[]> = {
  project: PUBLISHED[OLDER].project,
  variable: PUBLISHED[OLDER].variable,
  dnsZone: [...PUBLISHED[OLDER].dnsZone, "name", "workspaceId", "projectId", "dnsPlanId"],
  dnsRecord: PUBLISHED[OLDER].dnsRecord,
  cron: PUBLISHED[OLDER].cron,
  proxy: [...PUBLISHED[OLDER].proxy, "workspaceId", "projectId", "proxyPlanId", "regionId", "rules"],
  volume: [...PUBLISHED[OLDER].volume, "workspaceId", "projectId", "regionId", "volumePlanId"],
  serverlet: [
    ...PUBLISHED[OLDER].serverlet,
    "serverletPlanId",
    "workspaceId",
    "projectId",
    "regionId",
    "env",
    "volumes",
    "mounts",
    "ports",
    "scaling",
    "arch",
  ],
  storage: PUBLISHED[OLDER].storage,
};
export const FULL = perGeneration(FULL_OLDER, {
  // No `compress` and no `status` in the newest Model: a rich API of that generation has neither.
  proxy: PUBLISHED[NEWEST].proxy,
  serverlet: [...PUBLISHED[NEWEST].serverlet, "cpu", "ram", "env", "volumes", "ports", "networkId", "runtime"],
});

/**
 * Shape (c): `id` plus what the spec calls required. Only DNS records have non-nullable spec fields; a
 * zone answers like the CLI's mocks (`{id, name, createdAt}`, the domain under `name`).
 */
export const REQUIRED: Record<Kind, readonly string[]> = {
  project: [],
  variable: [],
  dnsZone: ["name", "createdAt"],
  dnsRecord: PUBLISHED[OLDER].dnsRecord,
  cron: [],
  proxy: [],
  volume: [],
  serverlet: [],
  storage: [],
};

/**
 * What the API fills in when the request leaves a field out (CONTRACT.md defaults and the CLI's). Values
 * the contract leaves open (a serverlet's cpu/ram come from its plan, its network and runtime) are ours.
 */
const API_DEFAULTS_OLDER: Record<Kind, Props> = {
  project: {},
  variable: { isSecret: false, description: "" },
  dnsZone: { enableDnssec: false },
  dnsRecord: { ttl: 300, priority: 0 },
  cron: { type: "simple", method: "GET", enabled: true, headers: {} },
  proxy: {
    port: 80,
    type: "http",
    strategy: "round-robin",
    enforceHttps: false,
    compress: false,
    followRedirects: false,
    preserveHeaders: true,
    preserveHost: true,
    preservePath: true,
    preserveQuery: true,
    verifyTls: true,
    status: "active",
  },
  volume: { sizeGb: 10, type: "ssd" },
  serverlet: {
    minInstances: 1,
    maxInstances: 1,
    cpu: 250,
    ram: 512,
    instances: 1,
    state: "running",
    networkId: "net-default",
    runtime: "container",
  },
  // The CLI's mock has a plan on every storage: the API's choice when a create names none.
  storage: { storagePlanId: "storage-plan-1", public: false },
};

/**
 * The newest generation's Models carry a plan, a region and an architecture: values the API chooses when
 * the create names none (ours), which the provider must never take for drift.
 */
export const API_DEFAULTS = perGeneration(API_DEFAULTS_OLDER, {
  proxy: {
    port: 80,
    type: "http",
    strategy: "round-robin",
    ...Object.fromEntries(PROXY_FLAGS.map((f) => [f, !["enforceHttps", "followRedirects"].includes(f)])),
    isVerified: true,
    proxyPlanId: "proxy-plan-1",
    regionId: "reg-1",
  },
  serverlet: {
    minInstances: 1,
    maxInstances: 1,
    status: "ready",
    arch: "amd64",
    serverletPlanId: "plan-1",
    regionId: "reg-1",
  },
  storage: { storagePlanId: "storage-plan-1", public: false, regionId: "reg-1" },
});

const ID_PREFIX: Record<Kind, string> = {
  project: "prj",
  variable: "var",
  dnsZone: "dns",
  dnsRecord: "rec",
  cron: "cron",
  proxy: "px",
  volume: "vol",
  serverlet: "sl",
  storage: "storage",
};

/** The workspace every canned token sees (one, so the provider may default to it). */
export const WORKSPACE = { id: "ws-1", number: 1, name: "main", displayName: "Main workspace" };
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
const KIND_EXTRAS = perGeneration<Props>(
  {
    project: { crons: [], workspace: { ...WORKSPACE } },
    variable: {},
    dnsZone: {},
    dnsRecord: { zone: { id: "dns-1", domain: "example.com" } },
    cron: {},
    // Fields of the newest Models that the provider does not take as inputs (never fields it does: an
    // older API that answered `rules` would answer the object's, not invented ones).
    proxy: { isVerified: true, proxyPlan: { id: "pp-1" } },
    volume: { public: false, storagePlan: { id: "sp-1", size: { gb: 10 } } },
    serverlet: { serverletPlan: { id: "plan-1", cpu: 250 }, gpu: { count: 0 } },
    storage: { storagePlan: { id: "storage-plan-1", size: { gb: 10 } }, region: { id: "reg-1" }, files: 3 },
  },
  {
    // The newest Models embed the related objects.
    proxy: { proxyPlan: { id: "pp-1" }, region: { id: "reg-1", name: "eu-central" }, project: null },
    serverlet: { serverletPlan: { id: "plan-1", cpu: 250, ram: { size: 512 } }, region: { id: "reg-1" } },
  },
);

/**
 * Shape (e): enum values we never heard of, where the kind has an enum the API sets on its own. A value
 * the program chose (a proxy `strategy`) is echoed as sent; cases choose unknown ones themselves.
 */
export const UNKNOWN_ENUMS: Record<Generation, Partial<Record<Kind, Props>>> = {
  [OLDER]: { proxy: { status: "verifying-dns" }, serverlet: { state: "hibernating" } },
  [NEWEST]: { serverlet: { status: "hibernating" } },
};

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
      return unknown && { ...id, ...pick(object, published), ...unknown };
    }
    case "nulls":
      return { ...Object.fromEntries(full.map((k) => [k, null])), ...id };
  }
}

/** The newest generation's serverlet answers its state as `status`: the same thing, for "does it say". */
const ALIASES: Partial<Record<Kind, Record<string, string>>> = { serverlet: { state: "status" } };

/** Whether an answer in `shape` says anything about `field` (absent and null say nothing). */
export function carries(answer: Props, field: string, kind?: Kind): boolean {
  const alias = kind ? ALIASES[kind]?.[field] : undefined;
  const says = (f: string) => answer[f] !== undefined && answer[f] !== null;
  return says(field) || (alias !== undefined && says(alias));
}
