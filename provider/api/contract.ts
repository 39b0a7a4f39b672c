/**
 * Every point of the Futrou API v2 contract (provider/api/CONTRACT.md, beside this file) that the client, the
 * models and the resource specs depend on, in one place. Entries marked ASSUMED are not settled by the spec
 * or the CLI: change them here when the real API says otherwise, and the provider follows. The emulator
 * keeps its own reading (emulator/wire/); test/emulator/contract-agreement.test.ts then shows where it must
 * change too.
 */

/**
 * Default API origin. The versioned base is `<origin>/v2`; `futrou:apiUrl` / `FUTROU_API_URL` may be given with or
 * without the version, as the official CLI accepts both (`https://api.futrou.com`, `https://api.dev.futrou.com`).
 */
export const DEFAULT_API_URL = "https://api.futrou.com";
export const API_VERSION_PATH = "/v2";

/** Environment variables, the same names the official CLI reads. */
export const ENV_TOKEN = "FUTROU_API_TOKEN";
export const ENV_URL = "FUTROU_API_URL";

/** Documented global limit per client, requests per second. */
export const RATE_LIMIT_PER_SECOND = 100;

/**
 * Listing: the spec's default page size. The maximum is unpublished, so the client never asks for more
 * than the default and follows `X-Total-Pages` instead.
 */
export const PAGE_DEFAULT_LIMIT = 100;
export const PAGE_MAX_LIMIT = PAGE_DEFAULT_LIMIT;
/**
 * The order in which collection listings are paged (provider/listing.ts): creation order, so objects created
 * while paging come after the pages already read. The spec documents `sort` (default `createdAt`) and
 * `direction` (default `desc`). ASSUMED: a list answer is as current as a GET of each of its objects (a
 * refresh reads objects from lists), and `workspaceId` filters by owner also for kinds whose answers do not
 * carry it (an API that ignored it would only make listings longer).
 */
export const LIST_ORDER = { sort: "createdAt", direction: "asc" } as const;
export const PAGE_HEADERS = {
  totalPages: "x-total-pages",
  totalItems: "x-total-items",
  pageItems: "x-page-items",
  page: "x-page",
} as const;

/** Error codes in `errors[].code`. */
export const ERROR_CODES = {
  validation: "VALIDATION_ERROR",
  invalidDatetimeFilter: "INVALID_DATETIME_FILTER",
  /** ASSUMED: quota exhaustion is a 400 with this code on the resource kind. */
  limitExceeded: "LIMIT_EXCEEDED",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  rateLimited: "RATE_LIMITED",
  internal: "INTERNAL_ERROR",
  unavailable: "SERVICE_UNAVAILABLE",
} as const;

/**
 * Collection paths, relative to the base URL. `{dnsId}` is the parent zone of a record.
 * The key is the provider's name for the kind.
 */
export const COLLECTIONS = {
  project: "/projects",
  variable: "/variables",
  dnsZone: "/dns",
  dnsRecord: "/dns/{dnsId}/records",
  cron: "/crons",
  proxy: "/proxies",
  volume: "/volumes",
  serverlet: "/serverlets",
  /** The newest generation (2026-08-30): `GET /storages` needs `workspaceId` or `projectId`. */
  storage: "/storages",
  /** SKILL.md: GET list, POST, GET/PATCH/DELETE `/{id}`; what the API answers and takes: `API_TOKEN`. */
  apiToken: "/api-tokens",
  /**
   * SKILL.md (futrou-cli 29a7788): GET list and POST here, PATCH/DELETE `/{userId}`; no GET of one is listed.
   * Answer `WorkspaceUser` (types.go@3caf725: `id`, `userId`, `workspaceId`, `role`, `projectIds`,
   * timestamps). *Assumed*: the request is `{userId, role?, projectIds?}`; the item path takes the member's
   * `userId`, as its name says (the spec's `itemKey`: one line if it is `id`); a user is a member once.
   */
  workspaceMember: "/workspaces/{workspaceId}/users",
  /** SKILL.md: GET list, POST, GET/DELETE `/{id}` (no PATCH), `POST /{id}/renew` (`CERT_ACTIONS`); fields `CERT`. */
  cert: "/certs",
} as const;
export type Kind = keyof typeof COLLECTIONS;

/** Plan lookups: `GET /{collection}/plans`. */
export const PLAN_COLLECTIONS = {
  serverlet: "/serverlets/plans",
  volume: "/volumes/plans",
  dns: "/dns/plans",
  cron: "/crons/plans",
  proxy: "/proxies/plans",
  storage: "/storages/plans",
} as const;
export type PlanKind = keyof typeof PLAN_COLLECTIONS;

/** Workspace quota field per kind (spec). Variables and DNS records have no quota. */
export const QUOTA_FIELDS: Partial<Record<Kind, string>> = {
  project: "projectsLimit",
  serverlet: "serverletsLimit",
  cron: "cronsLimit",
  volume: "volumesLimit",
  proxy: "proxiesLimit",
  dnsZone: "dnsLimit",
  /** The newest generation's Workspace calls it `storageLimit` (singular) and has no `volumesLimit`. */
  storage: "storageLimit",
  /** *Assumed*: the quota field's name says so. */
  apiToken: "apiTokensLimit",
  /** *Assumed*: the Workspace's `workspaceUsersLimit` counts members (its name says so). */
  workspaceMember: "workspaceUsersLimit",
};

/**
 * An API token (`/api-tokens`). Answer `ApiToken` (`id`, `name`, `type`, `expiresAt`, `token`, timestamps;
 * the 2026-08-30 Model adds `userId` and `workspaceId`). `token` is the secret half of the bearer value
 * `<id>-<token>` (as login's `apiToken`). The request is not published; *assumed*:
 * - the create takes `{name, type?, expiresAt?, workspaceId?}`; without `type` it makes a `user` token
 *   (`ApiTokenType`, types.go@3caf725); without `expiresAt` the token never expires;
 * - only the create answers `token` (`tokenOnlyInCreate`): GET, the list and PATCH never do;
 * - a PATCH changes `name` and `expiresAt`; `type` and the workspace never change (a change replaces the
 *   token: a new bearer value); a token's name need not be unique; a DELETE revokes it.
 */
export const API_TOKEN = {
  types: ["user", "workspace", "server"] as const,
  defaultType: "user",
  tokenOnlyInCreate: true,
} as const;

/**
 * `WorkspaceRole`, lowest to highest (types.go@3caf725). *Assumed*: a member added without a role is a viewer;
 * absent or empty `projectIds` means every project of the workspace.
 */
export const WORKSPACE_ROLES = ["none", "viewer", "developer", "billing_manager", "administrator", "owner"] as const;
export const WORKSPACE_MEMBER_DEFAULT_ROLE = "viewer";

/**
 * A certificate. *Assumed* (no schema is published; only the paths and the activity types `cert_created`,
 * `cert_deleted`, `cert_renewed`): the request `{domain, workspaceId?}` (a wildcard domain is taken); the
 * answer `id`, `domain`, `status`, `expiresAt`, `createdAt`, `updatedAt`; `status` is `pending` until the
 * certificate is issued, then `issued` (or `failed`); a renewal answers 200 with the certificate back in
 * `pending`, and `expiresAt` moves when it is issued again. One certificate per domain in a workspace.
 */
export const CERT = {
  statuses: ["pending", "issued", "failed"] as const,
  readyStatuses: ["issued"] as const,
  failedStatuses: ["failed"] as const,
} as const;
/** `POST /certs/{id}/<action>` (SKILL.md). */
export const CERT_ACTIONS = ["renew"] as const;

/**
 * The API generations this package knows, named by the date of the official CLI's generated types
 * (`src/api/types.go`): `2026-08-02` is what CONTRACT.md and the spec (interface 2.0.123) describe;
 * `2026-08-30` (futrou-cli 3caf725) adds Storage, a Serverlet Model with `status`, a Proxy Model with
 * `rules`. The provider detects nothing: it reads every answer tolerantly, so a field is observed exactly
 * when the answer carries it (README, "Design notes").
 */
export const GENERATIONS = ["2026-08-02", "2026-08-30"] as const;
export type Generation = (typeof GENERATIONS)[number];

// ---------------------------------------------------------------------------------------------------
// Units and ranges. Known ones come from the official CLI's validator and CONTRACT.md; every rule marked
// ASSUMED is ours, enforced at preview (check) and by nothing else, so it is the one line to change when
// the real API says otherwise. Outside these, validation rejects only what is certainly wrong.

/**
 * The records the platform makes in every zone, which go with it: `SOA` (the CLI's deployer never changes
 * one), and, ASSUMED, `NS` at the apex `@`.
 */
export const isPlatformRecord = (r: { type?: unknown; name?: unknown }): boolean =>
  r.type === "SOA" || (r.type === "NS" && r.name === "@");
/** ASSUMED: the DNS record types a user creates. Responses may carry any type (`SOA`, …). */
export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"] as const;
/** ASSUMED: record types whose `priority` means something; on the others the API's normal form is 0. */
export const DNS_PRIORITY_TYPES = ["MX", "SRV"] as const;
/** CLI validator: `ttl` integer 0..2147483647; CLI default 300. */
export const DNS_TTL = { default: 300, min: 0, max: 2147483647 } as const;
/** CLI validator: `priority` integer 0..65535; 0 on records whose type has none (spec: non-nullable). */
export const DNS_PRIORITY = { none: 0, min: 0, max: 65535 } as const;

export const PROXY_TYPES = ["http", "tcp", "udp"] as const;
/**
 * The strategy values: a free string in the 2026-08-02 types, the `ProxyStrategy` enum in 2026-08-30.
 * Requests accept any non-empty string (an older API may know others); responses are read as they come.
 */
export const PROXY_STRATEGIES_KNOWN = ["round-robin", "primary-failover"] as const;
/** 2026-08-30 `RuleMethod`: the methods a proxy rule's condition may name (lowercase, as published). */
export const PROXY_RULE_METHODS = ["get", "post", "put", "delete", "patch", "options", "head"] as const;
/** ASSUMED: proxy status values; `pending` → `active` after domain/TLS verification. Others are shown as they come. */
export const PROXY_STATUSES = ["pending", "active", "failed"] as const;

/** `ssd` is the CLI's default; the type is a free string in requests. */
export const VOLUME_DEFAULTS = { sizeGb: 10, type: "ssd" } as const;
/**
 * ASSUMED: no volume is larger than 1 PiB (1,048,576 GB). Nothing publishes the API's limit; the largest
 * block volumes public clouds offer are 64 TiB, so this bound is certainly beyond any real one and only
 * refuses values that are mistakes (`1e308`, a size in bytes).
 */
export const VOLUME_SIZE_MAX_GB = 1_048_576;
/**
 * ASSUMED: a DNS record's value is at most 4,096 characters. Nothing publishes the API's limit. DNS itself
 * bounds a record's data at 65,535 octets, made of character-strings of at most 255 (RFC 1035 3.3): the
 * longest real values (TXT with a 4096-bit DKIM key, about 800 characters) fit five times over.
 */
export const DNS_RECORD_VALUE_MAX = 4096;
/**
 * ASSUMED: a serverlet's image reference is at most 512 characters. The image reference grammar of the
 * container registries (distribution's `reference`) bounds a name, registry host included, at 255
 * characters and a tag at 128; with an `@sha256:` digest (71) a full reference is at most 455. The CLI's
 * validator only requires it non-empty.
 */
export const SERVERLET_IMAGE_MAX = 512;
/**
 * ASSUMED: a cron's URL is at most 8,000 characters, the length RFC 9110 (4.1) recommends every HTTP
 * sender and recipient support. The CLI's validator only requires a URL.
 */
export const CRON_URL_MAX = 8000;

export const CRON_TYPES = ["simple", "code"] as const;
/** ASSUMED: the HTTP methods a `simple` cron may call. */
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

/**
 * Serverlet readiness, read from `status` (2026-08-30: `pending`, `creating`, `ready`, `deleting`, `deleted`,
 * `failed`) or else `state` (2026-08-02, a free string; ASSUMED `deploying` → `running`, `stopped` after
 * stop, `failed` on a bad image). Ready: `running`, `ready`. Failed: `failed`, and a serverlet being deleted
 * will not become ready either. Settled (an update does not start it, so nothing to wait for): `stopped`,
 * which the newest enum lacks though start/stop remain (ASSUMED it still answers `stopped`). Gone (a read
 * treats it like a 404): `deleted`. Any other value means "not ready yet" until the timeout.
 */
export const SERVERLET_READY_STATES = ["running", "ready"] as const;
export const SERVERLET_FAILED_STATES = ["failed", "deleting", "deleted"] as const;
export const SERVERLET_SETTLED_STATES = ["stopped"] as const;
export const SERVERLET_GONE_STATES = ["deleted"] as const;
/** 2026-08-30 `Arch`. ASSUMED: writable on create and update (the CLI never sends it). */
export const SERVERLET_ARCHES = ["amd64", "arm64"] as const;
export const SERVERLET_ACTIONS = ["start", "stop", "restart"] as const;
/** ASSUMED: port protocols; `protocol` itself is optional (the API's default is taken to be `http`). */
export const PORT_PROTOCOLS = ["http", "tcp", "udp"] as const;
export const DEFAULT_PORT_PROTOCOL = "http";
/**
 * The ranges below are the 2026-08-02 CLI validator's; the 2026-08-30 CLI sizes serverlets by plan only and
 * validates none of them. They apply when the program sets the field.
 *
 * CLI validator: `cpu` integer millicores (250 = a quarter core).
 */
export const SERVERLET_CPU_MILLICORES = { min: 10, max: 32000 } as const;
/** CLI validator: `ram` integer MiB. */
export const SERVERLET_RAM_MIB = { min: 32, max: 262144 } as const;
/** CLI validator: `minInstances` / `maxInstances` integers; CLI defaults 1/1. */
export const SERVERLET_INSTANCES = { min: 0, max: 1000, default: 1 } as const;

/** CLI validator: names, display names and domains are 1..255 characters. */
export const NAME_MAX = 255;
/** A proxy's target: a host name (at most 253 characters) and an optional `:port` (`:65535`, 6 more). */
export const PROXY_TARGET_MAX = 253 + ":65535".length;
export const TEXT_MAX = 255;
/** README and emulator: a variable's value is at most 65,536 characters. */
export const VARIABLE_VALUE_MAX = 65_536;
