/**
 * zod models of the Futrou API v2: for each managed kind, its writable fields (what POST takes), the
 * PATCH body (any subset of the updatable ones), the documented API defaults, cross-field rules, and the
 * model the API returns (tolerant of unknown extra fields, strict about the types of known ones).
 *
 * The client parses responses with the models, the emulator validates requests with the same schemas,
 * the resource specs derive their input checks from them, and /openapi.json is generated from them.
 */
import { z } from "zod";
import {
  CRON_TYPES,
  DNS_RECORD_TYPES,
  DNS_TTL,
  HTTP_METHODS,
  NAME_MAX,
  PORT_PROTOCOLS,
  PROXY_STATUSES,
  PROXY_STRATEGIES,
  PROXY_TYPES,
  SERVERLET_MAX_INSTANCES,
  SERVERLET_STATES,
  TEXT_MAX,
  VOLUME_SIZE_GB,
  VOLUME_TYPES,
} from "./contract";
import { cronProblem, ENV_KEY, isDomain, isEmail, isHostname, isIPv4, isIPv6, isRecordName, SLUG } from "./formats";

// ---------------------------------------------------------------------------------------------------
// Building blocks

const id = z.string().min(1);
const timestamps = { createdAt: z.string(), updatedAt: z.string() };
const slug = z
  .string()
  .min(1)
  .max(NAME_MAX)
  .regex(SLUG, "must be lowercase letters, digits and '-', not starting or ending with '-'");
const text = z.string().max(TEXT_MAX);
const name = z.string().min(1, "must not be empty").max(NAME_MAX);
const domain = z.string().max(253).refine(isDomain, "must be a domain name such as example.com");
const stringMap = z.record(z.string(), z.string());
const port = z.number().int().min(1, "must be from 1 to 65535").max(65535, "must be from 1 to 65535");
const nullableId = id.nullable();

/** Owner ids that most kinds accept on create (ASSUMED beyond projects and serverlets). */
const ownership = { workspaceId: id, projectId: nullableId };

/** A rule over a whole object (several fields), reported like a zod issue on one field. */
export type CrossFieldRule<T> = (value: T) => { path: string; message: string } | undefined;

function withRules<T extends z.ZodObject>(schema: T, rules: CrossFieldRule<z.infer<T>>[]) {
  return schema.superRefine((value, ctx) => {
    for (const rule of rules) {
      const problem = rule(value);
      if (problem) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Project

export const ProjectWritable = z.object({
  name: slug,
  displayName: text.min(1),
  workspaceId: id,
});
export const ProjectCreate = ProjectWritable.partial({ displayName: true, workspaceId: true });
export const ProjectUpdate = ProjectWritable.omit({ workspaceId: true }).partial();
export const Project = z.looseObject({
  id,
  workspaceId: id,
  name: z.string(),
  displayName: z.string(),
  gitRepositoryName: z.string().nullable(),
  gitRepositoryUrl: z.string().nullable(),
  ...timestamps,
});
export type Project = z.infer<typeof Project>;

// ---------------------------------------------------------------------------------------------------
// Variable (the value is write-only: sent on POST/PATCH, never returned — ASSUMED)

export const VARIABLE_SCOPES = ["workspaceId", "projectId", "serverletId"] as const;
export const variableScopeRule: CrossFieldRule<Partial<Record<(typeof VARIABLE_SCOPES)[number], string | null>>> = (
  v,
) => {
  const set = VARIABLE_SCOPES.filter((k) => v[k] !== undefined && v[k] !== null);
  if (set.length === 1) return undefined;
  return {
    path: set[1] ?? "workspaceId",
    message: `exactly one of workspaceId, projectId or serverletId must be set (got ${set.length === 0 ? "none" : set.join(", ")})`,
  };
};
export const VariableWritable = z.object({
  key: z.string().min(1).max(TEXT_MAX).regex(ENV_KEY, "must be letters, digits and '_', not starting with a digit"),
  value: z.string().max(65536),
  isSecret: z.boolean(),
  description: text,
  workspaceId: nullableId,
  projectId: nullableId,
  serverletId: nullableId,
});
export const VariableCreate = withRules(
  VariableWritable.partial({
    isSecret: true,
    description: true,
    workspaceId: true,
    projectId: true,
    serverletId: true,
  }),
  [variableScopeRule],
);
export const VariableUpdate = VariableWritable.pick({ value: true, isSecret: true, description: true }).partial();
export const Variable = z.looseObject({
  id,
  key: z.string(),
  isSecret: z.boolean(),
  description: z.string(),
  workspaceId: nullableId,
  projectId: nullableId,
  serverletId: nullableId,
  ...timestamps,
});
export type Variable = z.infer<typeof Variable>;

// ---------------------------------------------------------------------------------------------------
// DNS zone

export const DnsZoneWritable = z.object({
  domain,
  enableDnssec: z.boolean(),
  ...ownership,
  dnsPlanId: nullableId,
});
export const DnsZoneCreate = DnsZoneWritable.partial({
  enableDnssec: true,
  workspaceId: true,
  projectId: true,
  dnsPlanId: true,
});
export const DnsZoneUpdate = DnsZoneWritable.pick({ enableDnssec: true, projectId: true, dnsPlanId: true }).partial();
export const DnsZone = z.looseObject({
  id,
  domain: z.string(),
  enableDnssec: z.boolean(),
  workspaceId: id,
  projectId: nullableId,
  dnsPlanId: nullableId,
  ...timestamps,
});
export type DnsZone = z.infer<typeof DnsZone>;

// ---------------------------------------------------------------------------------------------------
// DNS record

export const DnsRecordType = z.enum(DNS_RECORD_TYPES);
export const dnsRecordRule: CrossFieldRule<{
  name?: string;
  type?: string;
  value?: string;
  priority?: number | null;
}> = (r) => {
  const { type, value = "", name = "@" } = r;
  const needsPriority = type === "MX" || type === "SRV";
  if (needsPriority && (r.priority === undefined || r.priority === null)) {
    return { path: "priority", message: `is required for ${type} records (0-65535)` };
  }
  if (!needsPriority && r.priority !== undefined && r.priority !== null) {
    return { path: "priority", message: `only applies to MX and SRV records, not ${type}` };
  }
  switch (type) {
    case "A":
      return isIPv4(value)
        ? undefined
        : { path: "value", message: `an A record needs an IPv4 address, got "${value}"` };
    case "AAAA":
      return isIPv6(value)
        ? undefined
        : { path: "value", message: `an AAAA record needs an IPv6 address, got "${value}"` };
    case "CNAME":
      if (name === "@") return { path: "name", message: "a CNAME record cannot be at the zone apex (@)" };
      return isHostname(value)
        ? undefined
        : { path: "value", message: `a CNAME record needs a host name, got "${value}"` };
    case "MX":
    case "NS":
      return isHostname(value)
        ? undefined
        : { path: "value", message: `an ${type} record needs a host name, got "${value}"` };
    case "SRV":
      return /^\d+ \d+ \S+$/.test(value) && Number(value.split(" ")[0]) <= 65535 && Number(value.split(" ")[1]) <= 65535
        ? undefined
        : { path: "value", message: `an SRV record needs "<weight> <port> <target>", got "${value}"` };
    case "CAA":
      return /^\d{1,3} (issue|issuewild|iodef) "?[^"]*"?$/.test(value)
        ? undefined
        : { path: "value", message: `a CAA record needs '<flags> <issue|issuewild|iodef> "<value>"', got "${value}"` };
    case "TXT":
      return value.length > 0 ? undefined : { path: "value", message: "a TXT record needs a value" };
    default:
      return undefined;
  }
};
export const DnsRecordWritable = z.object({
  name: z
    .string()
    .min(1)
    .max(253)
    .refine(isRecordName, "must be @ or a host name inside the zone (www, _dmarc, *.api)"),
  type: DnsRecordType,
  value: z.string().min(1, "must not be empty").max(4096),
  ttl: z
    .number()
    .int()
    .min(DNS_TTL.min, `must be from ${DNS_TTL.min} to ${DNS_TTL.max} seconds`)
    .max(DNS_TTL.max, `must be from ${DNS_TTL.min} to ${DNS_TTL.max} seconds`),
  priority: z.number().int().min(0).max(65535).nullable(),
});
export const DnsRecordCreate = withRules(DnsRecordWritable.partial({ ttl: true, priority: true }), [dnsRecordRule]);
export const DnsRecordUpdate = DnsRecordWritable.partial();
export const DnsRecord = z.looseObject({
  id,
  dnsId: id,
  name: z.string(),
  type: DnsRecordType,
  value: z.string(),
  ttl: z.number().int(),
  priority: z.number().int().nullable(),
  ...timestamps,
});
export type DnsRecord = z.infer<typeof DnsRecord>;

// ---------------------------------------------------------------------------------------------------
// Cron

export const cronTypeRule: CrossFieldRule<{ type?: string; url?: string | null; code?: string | null }> = (c) => {
  if ((c.type ?? "simple") === "simple" && !c.url) return { path: "url", message: "is required when type is simple" };
  if (c.type === "code" && !c.code) return { path: "code", message: "is required when type is code" };
  return undefined;
};
export const CronWritable = z.object({
  name,
  schedule: z.string().superRefine((s, ctx) => {
    const problem = cronProblem(s);
    if (problem) ctx.addIssue({ code: "custom", message: `is not a valid cron expression: ${problem}` });
  }),
  type: z.enum(CRON_TYPES),
  method: z.enum(HTTP_METHODS),
  url: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).nullable(),
  headers: stringMap,
  body: z.string().max(65536).nullable(),
  code: z.string().max(65536).nullable(),
  enabled: z.boolean(),
  ...ownership,
  cronPlanId: nullableId,
  regionId: nullableId,
});
export const CronCreate = withRules(
  CronWritable.partial({
    type: true,
    method: true,
    url: true,
    headers: true,
    body: true,
    code: true,
    enabled: true,
    workspaceId: true,
    projectId: true,
    cronPlanId: true,
    regionId: true,
  }),
  [cronTypeRule],
);
export const CronUpdate = CronWritable.omit({ workspaceId: true }).partial();
export const Cron = z.looseObject({
  id,
  name: z.string(),
  schedule: z.string(),
  type: z.enum(CRON_TYPES),
  method: z.enum(HTTP_METHODS),
  url: z.string().nullable(),
  headers: stringMap,
  body: z.string().nullable(),
  code: z.string().nullable(),
  enabled: z.boolean(),
  workspaceId: id,
  projectId: nullableId,
  cronPlanId: nullableId,
  regionId: nullableId,
  startedAt: z.string().nullable(),
  ...timestamps,
});
export type Cron = z.infer<typeof Cron>;

// ---------------------------------------------------------------------------------------------------
// Proxy

export const ProxyWritable = z.object({
  domain,
  target: z
    .string()
    .min(1)
    .max(253)
    .refine((t) => isHostname(t) || isIPv4(t) || isIPv6(t), "must be a host name or IP address"),
  port,
  type: z.enum(PROXY_TYPES),
  strategy: z.enum(PROXY_STRATEGIES),
  enforceHttps: z.boolean(),
  compress: z.boolean(),
  followRedirects: z.boolean(),
  preserveHeaders: z.boolean(),
  preserveHost: z.boolean(),
  preservePath: z.boolean(),
  preserveQuery: z.boolean(),
  verifyTls: z.boolean(),
  ...ownership,
  proxyPlanId: nullableId,
});
const proxyOptional = {
  port: true,
  type: true,
  strategy: true,
  enforceHttps: true,
  compress: true,
  followRedirects: true,
  preserveHeaders: true,
  preserveHost: true,
  preservePath: true,
  preserveQuery: true,
  verifyTls: true,
  workspaceId: true,
  projectId: true,
  proxyPlanId: true,
} as const;
export const ProxyCreate = ProxyWritable.partial(proxyOptional);
export const ProxyUpdate = ProxyWritable.omit({ workspaceId: true }).partial();
// biome-ignore lint/suspicious/noShadowRestrictedNames: the API's name for the kind; import it qualified where the global matters
export const Proxy = z.looseObject({
  id,
  domain: z.string(),
  target: z.string(),
  port: z.number().int(),
  type: z.enum(PROXY_TYPES),
  strategy: z.enum(PROXY_STRATEGIES),
  enforceHttps: z.boolean(),
  compress: z.boolean(),
  followRedirects: z.boolean(),
  preserveHeaders: z.boolean(),
  preserveHost: z.boolean(),
  preservePath: z.boolean(),
  preserveQuery: z.boolean(),
  verifyTls: z.boolean(),
  status: z.enum(PROXY_STATUSES),
  workspaceId: id,
  projectId: nullableId,
  proxyPlanId: nullableId,
  ...timestamps,
});
export type Proxy = z.infer<typeof Proxy>;

// ---------------------------------------------------------------------------------------------------
// Volume

export const VolumeWritable = z.object({
  name,
  sizeGb: z
    .number()
    .int("must be a whole number of GB")
    .positive("must be a positive number of GB")
    .max(VOLUME_SIZE_GB.max, `must be at most ${VOLUME_SIZE_GB.max} GB`),
  type: z.enum(VOLUME_TYPES),
  ...ownership,
  regionId: nullableId,
  volumePlanId: nullableId,
});
export const VolumeCreate = VolumeWritable.partial({
  sizeGb: true,
  type: true,
  workspaceId: true,
  projectId: true,
  regionId: true,
  volumePlanId: true,
});
/** ASSUMED: the size can only grow; the API answers a smaller size with 400 on `sizeGb`. */
export const VolumeUpdate = VolumeWritable.pick({
  name: true,
  sizeGb: true,
  projectId: true,
  volumePlanId: true,
}).partial();
export const Volume = z.looseObject({
  id,
  name: z.string(),
  sizeGb: z.number().int(),
  type: z.enum(VOLUME_TYPES),
  workspaceId: id,
  projectId: nullableId,
  regionId: nullableId,
  volumePlanId: nullableId,
  ...timestamps,
});
export type Volume = z.infer<typeof Volume>;

// ---------------------------------------------------------------------------------------------------
// Serverlet

export const ServerletVolume = z.object({
  volumeId: id,
  mountPath: z.string().regex(/^\/\S*$/, "must be an absolute path"),
  readOnly: z.boolean().default(false),
});
export const ServerletPort = z.object({ port, protocol: z.enum(PORT_PROTOCOLS).default("http") });
export const ServerletScaling = z.object({
  cpuPercent: z.number().int().min(1).max(100),
  ramPercent: z.number().int().min(1).max(100),
  upCooldown: z.number().int().min(0),
  downCooldown: z.number().int().min(0),
});
const instances = z.number().int().min(0).max(SERVERLET_MAX_INSTANCES);
export const instancesRule: CrossFieldRule<{ minInstances?: number; maxInstances?: number }> = (s) =>
  (s.minInstances ?? 1) > (s.maxInstances ?? 1)
    ? { path: "minInstances", message: `must not exceed maxInstances (${s.minInstances} > ${s.maxInstances ?? 1})` }
    : undefined;
export const ServerletWritable = z.object({
  name,
  image: z.string().min(1, "must not be empty").max(512).regex(/^\S+$/, "must be an image reference without spaces"),
  serverletPlanId: nullableId,
  ...ownership,
  regionId: nullableId,
  minInstances: instances,
  maxInstances: instances,
  cpu: z.number().positive().nullable(),
  ram: z.number().int().positive().nullable(),
  env: z.record(z.string().regex(ENV_KEY, "environment variable names must be letters, digits and '_'"), z.string()),
  volumes: z.array(ServerletVolume),
  ports: z.array(ServerletPort),
  scaling: ServerletScaling.nullable(),
  networkId: nullableId,
  runtime: z.string().nullable(),
});
export const ServerletCreate = withRules(
  ServerletWritable.partial({
    serverletPlanId: true,
    workspaceId: true,
    projectId: true,
    regionId: true,
    minInstances: true,
    maxInstances: true,
    cpu: true,
    ram: true,
    env: true,
    volumes: true,
    ports: true,
    scaling: true,
    networkId: true,
    runtime: true,
  }),
  [instancesRule],
);
export const ServerletUpdate = ServerletWritable.omit({ workspaceId: true, regionId: true }).partial();
export const Serverlet = z.looseObject({
  id,
  name: z.string(),
  image: z.string(),
  serverletPlanId: nullableId,
  workspaceId: id,
  projectId: nullableId,
  regionId: nullableId,
  minInstances: z.number().int(),
  maxInstances: z.number().int(),
  cpu: z.number().nullable(),
  ram: z.number().nullable(),
  env: stringMap,
  volumes: z.array(z.object({ volumeId: id, mountPath: z.string(), readOnly: z.boolean() })),
  ports: z.array(z.object({ port: z.number().int(), protocol: z.enum(PORT_PROTOCOLS) })),
  scaling: ServerletScaling.nullable(),
  networkId: nullableId,
  runtime: z.string().nullable(),
  state: z.enum(SERVERLET_STATES),
  /** ASSUMED: why the serverlet is `failed` (null otherwise). */
  stateReason: z.string().nullable().optional(),
  instances: z.number().int(),
  ...timestamps,
});
export type Serverlet = z.infer<typeof Serverlet>;

// ---------------------------------------------------------------------------------------------------
// API defaults applied on create (spec and CLI; ASSUMED where marked in contract.ts)

export const CREATE_DEFAULTS = {
  project: {},
  variable: { isSecret: false, description: "" },
  dnsZone: { enableDnssec: false, projectId: null, dnsPlanId: null },
  dnsRecord: { ttl: DNS_TTL.default, priority: null },
  cron: {
    type: "simple",
    method: "GET",
    url: null,
    headers: {},
    body: null,
    code: null,
    enabled: true,
    projectId: null,
    cronPlanId: null,
    regionId: null,
  },
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
    projectId: null,
    proxyPlanId: null,
  },
  volume: { sizeGb: VOLUME_SIZE_GB.default, type: "ssd", projectId: null, regionId: null, volumePlanId: null },
  serverlet: {
    serverletPlanId: null,
    projectId: null,
    regionId: null,
    minInstances: 1,
    maxInstances: 1,
    cpu: null,
    ram: null,
    env: {},
    volumes: [],
    ports: [],
    scaling: null,
    networkId: null,
    runtime: null,
  },
} as const;

// ---------------------------------------------------------------------------------------------------
// Read-only lookups

export const Plan = z.looseObject({
  id,
  name: z.string(),
  displayName: z.string(),
  minutePrice: z.record(z.string(), z.number()),
  monthlyPrice: z.record(z.string(), z.number()),
  isPublic: z.boolean(),
});
export type Plan = z.infer<typeof Plan>;

/** ASSUMED fields beyond `id` and `name`. */
export const Region = z.looseObject({ id, name: z.string(), displayName: z.string(), country: z.string() });
export type Region = z.infer<typeof Region>;

export const Workspace = z.looseObject({
  id,
  name: z.string(),
  projectsLimit: z.number().int(),
  serverletsLimit: z.number().int(),
  cronsLimit: z.number().int(),
  volumesLimit: z.number().int(),
  proxiesLimit: z.number().int(),
  dnsLimit: z.number().int(),
  serversLimit: z.number().int(),
  apiTokensLimit: z.number().int(),
  workspaceUsersLimit: z.number().int(),
  ...timestamps,
});
export type Workspace = z.infer<typeof Workspace>;

export const User = z.looseObject({ id, email: z.string(), name: z.string().nullable().optional() });
/** ASSUMED: `GET /auth/context` answers the token's user and workspace. */
export const AuthContext = z.looseObject({ user: User, workspace: Workspace });
export const LoginRequest = z.object({
  email: z.string().refine(isEmail, "must be an email address"),
  password: z.string().min(1, "must not be empty"),
});
export const LoginResponse = z.looseObject({
  apiToken: z.looseObject({ id, token: z.string(), expiresAt: z.string().nullable().optional() }),
  user: User,
});

/** The error body of every error status (spec). */
export const FieldError = z.looseObject({
  message: z.string(),
  code: z.string(),
  field: z.string().nullable().optional(),
  stack: z.array(z.unknown()).optional(),
});
export const ErrorBody = z.looseObject({
  message: z.string(),
  requestId: z.string(),
  clientIp: z.string().optional(),
  errors: z.array(FieldError).default([]),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Models, create and update schemas per managed kind, for the code that is generic over kinds. */
export const MODELS = {
  project: { model: Project, create: ProjectCreate, update: ProjectUpdate },
  variable: { model: Variable, create: VariableCreate, update: VariableUpdate },
  dnsZone: { model: DnsZone, create: DnsZoneCreate, update: DnsZoneUpdate },
  dnsRecord: { model: DnsRecord, create: DnsRecordCreate, update: DnsRecordUpdate },
  cron: { model: Cron, create: CronCreate, update: CronUpdate },
  proxy: { model: Proxy, create: ProxyCreate, update: ProxyUpdate },
  volume: { model: Volume, create: VolumeCreate, update: VolumeUpdate },
  serverlet: { model: Serverlet, create: ServerletCreate, update: ServerletUpdate },
} as const;
