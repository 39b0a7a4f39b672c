/**
 * The emulator's own copy of the API's paths, paging, error and quota facts, read from the contract
 * (provider/api/CONTRACT.md, which every CONTRACT.md below means). Written independently of the client's
 * `provider/api/contract.ts` so the two sides can disagree; test/emulator/contract-agreement.test.ts
 * catches it when they do.
 */

/**
 * The API generations the emulator can answer in, named by the date of the official CLI's generated types:
 * `2026-08-02` is what CONTRACT.md and the spec (interface 2.0.123) describe, and the default;
 * `2026-08-30` (futrou-cli 3caf725) answers Serverlets and Proxies as Models (`status`, `rules`, no
 * `compress`), and Workspaces with `storageLimit` instead of `volumesLimit`.
 */
export const GENERATIONS = ["2026-08-02", "2026-08-30"] as const;
export type Generation = (typeof GENERATIONS)[number];
export const OLDER_GENERATION: Generation = "2026-08-02";
export const NEWEST_GENERATION: Generation = "2026-08-30";
/** The spec the contract follows describes the older one (and wins where the sources disagree). */
export const DEFAULT_GENERATION: Generation = OLDER_GENERATION;

/** Collection paths relative to /v2, in CONTRACT.md's order; `{dnsId}` is a record's zone. */
export const COLLECTIONS = {
  project: "/projects",
  variable: "/variables",
  dnsZone: "/dns",
  dnsRecord: "/dns/{dnsId}/records",
  cron: "/crons",
  proxy: "/proxies",
  volume: "/volumes",
  serverlet: "/serverlets",
  /** The newest generation (futrou-cli 3caf725). */
  storage: "/storages",
  /** SKILL.md (futrou-cli 29a7788): GET list, POST, GET/PATCH/DELETE `/api-tokens/{id}`. */
  apiToken: "/api-tokens",
  /**
   * SKILL.md: GET list and POST here, PATCH/DELETE `/{userId}`; no GET of one member is listed (the
   * emulator answers one anyway: it refuses nothing the evidence allows).
   */
  workspaceMember: "/workspaces/{workspaceId}/users",
  /** SKILL.md: GET list, POST, GET/DELETE `/certs/{id}` (no PATCH), and `POST /certs/{id}/renew`. */
  cert: "/certs",
} as const;
export type Kind = keyof typeof COLLECTIONS;
export const KINDS_IN_ORDER = Object.keys(COLLECTIONS) as Kind[];

/** `GET /{kind}/plans`. The CLI's docs list four, the newest CLI calls `/storages/plans`; `/proxies/plans` is ASSUMED. */
export const PLAN_COLLECTIONS = {
  serverlet: "/serverlets/plans",
  volume: "/volumes/plans",
  dns: "/dns/plans",
  cron: "/crons/plans",
  proxy: "/proxies/plans",
  storage: "/storages/plans",
} as const;
export type PlanKind = keyof typeof PLAN_COLLECTIONS;

/** `POST /serverlets/{id}/<action>` (CONTRACT.md: start, stop, restart; 204 without a body). */
export const SERVERLET_ACTIONS = ["start", "stop", "restart"] as const;
export type ServerletAction = (typeof SERVERLET_ACTIONS)[number];

/** `POST /certs/{id}/<action>` (SKILL.md: renew). ASSUMED: 200 with the certificate, back to `pending`. */
export const CERT_ACTIONS = ["renew"] as const;

/** Listing (spec): `limit` defaults to 100. ASSUMED: larger values are capped at 100, never refused. */
export const PAGE = { defaultLimit: 100, maxLimit: 100 } as const;
export const PAGE_HEADERS = {
  totalPages: "x-total-pages",
  totalItems: "x-total-items",
  pageItems: "x-page-items",
  page: "x-page",
} as const;

/**
 * The workspace quota fields: the spec's nine, and `storageLimit`, which the newest generation's Workspace
 * has instead of `volumesLimit`. The emulator keeps all ten; each generation answers its own.
 */
export const LIMIT_FIELDS = [
  "projectsLimit",
  "serverletsLimit",
  "cronsLimit",
  "volumesLimit",
  "proxiesLimit",
  "dnsLimit",
  "serversLimit",
  "apiTokensLimit",
  "workspaceUsersLimit",
  "storageLimit",
] as const;
export type LimitField = (typeof LIMIT_FIELDS)[number];
/** The quota fields each generation's Workspace answers. */
export const LIMIT_FIELDS_OF: Record<Generation, readonly LimitField[]> = {
  "2026-08-02": LIMIT_FIELDS.filter((f) => f !== "storageLimit"),
  "2026-08-30": LIMIT_FIELDS.filter((f) => f !== "volumesLimit"),
};

/** Which quota a create counts against. Variables and DNS records have none. */
export const QUOTA_FIELDS: Partial<Record<Kind, LimitField>> = {
  project: "projectsLimit",
  serverlet: "serverletsLimit",
  cron: "cronsLimit",
  volume: "volumesLimit",
  proxy: "proxiesLimit",
  dnsZone: "dnsLimit",
  storage: "storageLimit",
  /** ASSUMED: the Workspace quotas `apiTokensLimit` and `workspaceUsersLimit` count these (the names say so). */
  apiToken: "apiTokensLimit",
  workspaceMember: "workspaceUsersLimit",
};

/** The `errors[].code` of every error body the emulator answers (CONTRACT.md, "Errors"). */
export const ERROR_CODES = {
  validation: "VALIDATION_ERROR",
  invalidDatetimeFilter: "INVALID_DATETIME_FILTER",
  /** ASSUMED: quota exhaustion is a 400 with this code on the workspace quota field. */
  limitExceeded: "LIMIT_EXCEEDED",
  unauthorized: "UNAUTHORIZED",
  forbidden: "FORBIDDEN",
  notFound: "NOT_FOUND",
  rateLimited: "RATE_LIMITED",
  internal: "INTERNAL_ERROR",
  unavailable: "SERVICE_UNAVAILABLE",
} as const;

/**
 * The environment variables the official CLI (and so every client) reads for the API's address and token:
 * what the emulator's command line tells its user to export.
 */
export const CLIENT_ENV = { url: "FUTROU_API_URL", token: "FUTROU_API_TOKEN" } as const;
