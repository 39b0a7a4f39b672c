/**
 * Every point of the Futrou API v2 contract (../shared/futrou-api/CONTRACT.md) that the client, the
 * models and the emulator depend on, in one place. Entries marked ASSUMED are not settled by the spec
 * or the CLI: change them here when the real API says otherwise, and the client, the resource specs and
 * the emulator follow.
 */

/** Default base URL; it includes the version. Overridden by `futrou:apiUrl` / `FUTROU_API_URL`. */
export const DEFAULT_API_URL = "https://api.futrou.com/v2";

/** Environment variables, the same names the official CLI reads. */
export const ENV_TOKEN = "FUTROU_API_TOKEN";
export const ENV_URL = "FUTROU_API_URL";

/** Documented global limit per client, requests per second. */
export const RATE_LIMIT_PER_SECOND = 100;

/** Listing: defaults from the spec; the maximum page size is unpublished. */
export const PAGE_DEFAULT_LIMIT = 100;
/** ASSUMED: the largest `limit` the API accepts. */
export const PAGE_MAX_LIMIT = 1000;
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
} as const;
export type Kind = keyof typeof COLLECTIONS;

/** Plan lookups: `GET /{collection}/plans`. */
export const PLAN_COLLECTIONS = {
  serverlet: "/serverlets/plans",
  volume: "/volumes/plans",
  dns: "/dns/plans",
  cron: "/crons/plans",
  proxy: "/proxies/plans",
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
};

/** ASSUMED: the DNS record types the API accepts. */
export const DNS_RECORD_TYPES = ["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"] as const;
/** CLI default TTL; ASSUMED range. */
export const DNS_TTL = { default: 300, min: 60, max: 86400 } as const;

export const PROXY_TYPES = ["http", "tcp", "udp"] as const;
/** ASSUMED: strategies besides the documented default `round-robin`. */
export const PROXY_STRATEGIES = ["round-robin", "least-connections", "ip-hash", "random"] as const;
/** ASSUMED: proxy status values; `pending` → `active` after domain/TLS verification. */
export const PROXY_STATUSES = ["pending", "active", "failed"] as const;

/** `ssd` is the documented default; ASSUMED: `hdd` is the other type. */
export const VOLUME_TYPES = ["ssd", "hdd"] as const;
/** CLI flag default; ASSUMED maximum. */
export const VOLUME_SIZE_GB = { default: 10, max: 16384 } as const;

export const CRON_TYPES = ["simple", "code"] as const;
export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD"] as const;

/** ASSUMED: serverlet states; `deploying` → `running` after create/update, `failed` on a bad image. */
export const SERVERLET_STATES = ["deploying", "running", "stopped", "failed"] as const;
export const SERVERLET_ACTIONS = ["start", "stop", "restart", "sync"] as const;
export const PORT_PROTOCOLS = ["http", "tcp", "udp"] as const;
/** ASSUMED upper bound for min/max instances. */
export const SERVERLET_MAX_INSTANCES = 100;

/** Name limits. ASSUMED: 63 characters for slugs, 255 for display names and keys. */
export const NAME_MAX = 63;
export const TEXT_MAX = 255;
