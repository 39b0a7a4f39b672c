/**
 * What the real API may answer, per kind, written from ../shared/futrou-api/CONTRACT.md and the official
 * CLI (`src/api/types.go`, `src/commands/testhelper_test.go`), not from the provider's models: the
 * provider is judged against these, so the two must be able to disagree.
 *
 * An API object is built the way an API builds it: the POST body, the API's defaults for what the body
 * left out, the server's own fields, in the API's normal form. `shape(kind, object, name)` then cuts it
 * into one of the answers the contract allows.
 */
import type { Kind } from "../../provider/api/contract";

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

const TIMES = ["createdAt", "updatedAt"];

/** CONTRACT.md "Response" per kind: the published shape (types.go; Interface views for the narrow kinds). */
export const PUBLISHED: Record<Kind, readonly string[]> = {
  project: ["workspaceId", "name", "displayName", "gitRepositoryName", "gitRepositoryUrl", ...TIMES],
  variable: ["key", "isSecret", "description", "workspaceId", "projectId", "serverletId", ...TIMES],
  dnsZone: ["domain", "enableDnssec", ...TIMES],
  dnsRecord: ["dnsId", "name", "type", "value", "priority", "ttl", ...TIMES],
  cron: [
    "workspaceId",
    "projectId",
    "cronPlanId",
    "regionId",
    "name",
    "schedule",
    "type",
    "method",
    "url",
    "headers",
    "body",
    "code",
    "enabled",
    "startedAt",
    ...TIMES,
  ],
  proxy: [
    "domain",
    "target",
    "port",
    "type",
    "strategy",
    "enforceHttps",
    "compress",
    "followRedirects",
    "preserveHeaders",
    "preserveHost",
    "preservePath",
    "preserveQuery",
    "verifyTls",
    "status",
    ...TIMES,
  ],
  volume: ["name", "sizeGb", "type", ...TIMES],
  serverlet: [
    "name",
    "image",
    "cpu",
    "ram",
    "minInstances",
    "maxInstances",
    "instances",
    "state",
    "networkId",
    "runtime",
    ...TIMES,
  ],
  // The Storage Model of the types generated 2026-08-30 (futrou-cli 3caf725).
  storage: ["name", "storagePlanId", "public", "workspaceId", "projectId", "regionId", ...TIMES],
};

/**
 * Every field a rich API (our emulator's `--shape full`) may answer: the published ones, the request
 * fields it stores, aliases. A variable's `value` is in no answer, ever.
 */
export const FULL: Record<Kind, readonly string[]> = {
  project: PUBLISHED.project,
  variable: PUBLISHED.variable,
  dnsZone: [...PUBLISHED.dnsZone, "name", "workspaceId", "projectId", "dnsPlanId"],
  dnsRecord: PUBLISHED.dnsRecord,
  cron: PUBLISHED.cron,
  proxy: [...PUBLISHED.proxy, "workspaceId", "projectId", "proxyPlanId"],
  volume: [...PUBLISHED.volume, "workspaceId", "projectId", "regionId", "volumePlanId"],
  serverlet: [
    ...PUBLISHED.serverlet,
    "serverletPlanId",
    "workspaceId",
    "projectId",
    "regionId",
    "env",
    "volumes",
    "ports",
    "scaling",
  ],
  storage: PUBLISHED.storage,
};

/**
 * Shape (c): `id` plus what the spec calls required. Only DNS records have non-nullable spec fields; a
 * zone answers like the CLI's mocks (`{id, name, createdAt}`, the domain under `name`).
 */
export const REQUIRED: Record<Kind, readonly string[]> = {
  project: [],
  variable: [],
  dnsZone: ["name", "createdAt"],
  dnsRecord: PUBLISHED.dnsRecord,
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
export const API_DEFAULTS: Record<Kind, Props> = {
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
export function created(kind: Kind, body: Props, params: Record<string, string> = {}, n = 1): Props {
  const sent = Object.fromEntries(
    Object.entries(body).filter(([k, v]) => v !== null && v !== undefined && FULL[kind].includes(k)),
  );
  const server: Props = {
    id: `${ID_PREFIX[kind]}-${n}`,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
    ...(FULL[kind].includes("workspaceId") && kind !== "variable" ? { workspaceId: WORKSPACE.id } : {}),
    ...params,
  };
  return normal(kind, { ...API_DEFAULTS[kind], ...server, ...sent });
}

/** The object after `PATCH` with `body`: the fields the API knows change, `updatedAt` moves. */
export function patched(kind: Kind, object: Props, body: Props): Props {
  const sent = Object.fromEntries(Object.entries(body).filter(([k]) => FULL[kind].includes(k)));
  return normal(kind, { ...object, ...sent, updatedAt: "2026-01-02T00:00:00.000Z" });
}

/** Unknown fields and nested objects a newer API may add (types.go embeds related objects). */
const EXTRAS: Props = {
  workspace: { ...WORKSPACE, projectsLimit: 10, featureFlags: ["beta"], currency: "eur" },
  labels: { team: "core" },
  futureFlag: true,
  metadata: { nested: { deep: [1, { x: null }] } },
};
const KIND_EXTRAS: Partial<Record<Kind, Props>> = {
  project: { crons: [], workspace: { ...WORKSPACE } },
  dnsRecord: { zone: { id: "dns-1", domain: "example.com" } },
  proxy: {
    isVerified: true,
    // biome-ignore lint/suspicious/noThenProperty: types.go's proxy Rule is literally `{if, then}`
    rules: [{ if: { host: "a.example.com" }, then: [{}] }],
    proxyPlan: { id: "pp-1" },
  },
  volume: { public: false, storagePlan: { id: "sp-1", size: { gb: 10 } } },
  serverlet: { arch: "arm64", mounts: { "/data": "vol-1" }, serverletPlan: { id: "plan-1", cpu: 250 } },
  storage: { storagePlan: { id: "storage-plan-1", size: { gb: 10 } }, region: { id: "reg-1" }, files: 3 },
};

/**
 * Shape (e): enum values we never heard of, where the kind has an enum the API sets on its own. A value
 * the program chose (a proxy `strategy`) is echoed as sent; cases choose unknown ones themselves.
 */
export const UNKNOWN_ENUMS: Partial<Record<Kind, Props>> = {
  proxy: { status: "verifying-dns" },
  serverlet: { state: "hibernating" },
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
export function shape(kind: Kind, object: Props, name: Shape): Props | undefined {
  const id = { id: object.id };
  switch (name) {
    case "full":
      return { ...Object.fromEntries(FULL[kind].map((k) => [k, object[k] ?? null])), ...id };
    case "published":
      return { ...id, ...pick(object, PUBLISHED[kind]) };
    case "required":
      return { ...id, ...pick(object, REQUIRED[kind]) };
    case "extra":
      return { ...EXTRAS, ...KIND_EXTRAS[kind], ...id, ...pick(object, PUBLISHED[kind]) };
    case "enums": {
      const unknown = UNKNOWN_ENUMS[kind];
      return unknown && { ...id, ...pick(object, PUBLISHED[kind]), ...unknown };
    }
    case "nulls":
      return { ...Object.fromEntries(FULL[kind].map((k) => [k, null])), ...id };
  }
}

/** Whether an answer in `shape` says anything about `field` (absent and null say nothing). */
export function carries(answer: Props, field: string): boolean {
  return answer[field] !== undefined && answer[field] !== null;
}
