/**
 * zod models of the Futrou API v2, in two halves that follow CONTRACT.md's robustness rule:
 *
 * - **Requests** (`XxxCreate`, `XxxUpdate`): what the provider sends, validated at `pulumi preview` exactly
 *   as strictly as the known API (units and ranges in contract.ts; ASSUMED rules marked there).
 * - **Responses** (`Xxx`): tolerant readers. Only `id` is required; any other field may be absent, `null`,
 *   of a shape we do not expect (read as absent), or an enum value we never heard of (kept as a string);
 *   unknown fields pass through. An operation never fails because a response lacks a field it did not need.
 *
 * `RESPONSE_FIELDS` lists, per kind, the fields the published response shape carries (*observed*: read and
 * refresh compare them). Every other input is *kept*: outputs carry its last applied value.
 * The emulator does not use these models: it keeps its own wire definitions, so the two can disagree.
 */
import { z } from "zod";
import {
  CRON_TYPES,
  CRON_URL_MAX,
  DEFAULT_PORT_PROTOCOL,
  DNS_PRIORITY,
  DNS_PRIORITY_TYPES,
  DNS_RECORD_TYPES,
  DNS_RECORD_VALUE_MAX,
  DNS_TTL,
  GENERATIONS,
  type Generation,
  HTTP_METHODS,
  type Kind,
  NAME_MAX,
  PORT_PROTOCOLS,
  PROXY_RULE_METHODS,
  PROXY_TARGET_MAX,
  PROXY_TYPES,
  SERVERLET_ARCHES,
  SERVERLET_CPU_MILLICORES,
  SERVERLET_IMAGE_MAX,
  SERVERLET_INSTANCES,
  SERVERLET_RAM_MIB,
  TEXT_MAX,
  VARIABLE_VALUE_MAX,
  VOLUME_DEFAULTS,
  VOLUME_SIZE_MAX_GB,
} from "./contract";
import { cronProblem, ENV_KEY, isDomain, isHostname, isIPv4, isIPv6, isRecordName, SLUG } from "./formats";
import { ApiId } from "./path";

// ---------------------------------------------------------------------------------------------------
// Building blocks

/** An id in an answer; ids the provider sends (inputs, paths) are checked by the path rule (path.ts). */
const id = z.string().min(1);
/** An id input: a parent's, a plan's, a mounted volume's or storage's. */
const inputId = ApiId;
const slug = z
  .string()
  .min(1)
  .max(NAME_MAX)
  .regex(SLUG, "must be lowercase letters, digits and '-', not starting or ending with '-'");
/** Control characters: none belongs in a one-line human text (a name, a display name). */
const CONTROL = /\p{Cc}/u;
/** Multi-line human text (a description) may break lines and use tabs, not other control characters. */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;
const controlProblem = (value: string, re: RegExp): string | undefined => {
  const c = re.exec(value)?.[0];
  return c === undefined
    ? undefined
    : `must not contain control characters (found U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")})`;
};
const noControl = <T extends z.ZodString>(schema: T, re = CONTROL) =>
  schema.superRefine((value, ctx) => {
    const problem = controlProblem(value, re);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
/** One line of human text (a display name). */
const line = noControl(z.string().max(TEXT_MAX));
/** Human text that may span lines (a description). */
const text = noControl(z.string().max(TEXT_MAX), CONTROL_BUT_LINES);
const name = noControl(z.string().min(1, "must not be empty").max(NAME_MAX));
const domain = z.string().max(253).refine(isDomain, "must be a domain name such as example.com");
const stringMap = z.record(z.string(), z.string());
const port = z.number().int().min(1, "must be from 1 to 65535").max(65535, "must be from 1 to 65535");
const nullableId = inputId.nullable();
const int = (min: number, max: number, unit = "") =>
  z
    .number()
    .int("must be a whole number")
    .min(min, `must be from ${min} to ${max}${unit}`)
    .max(max, `must be from ${min} to ${max}${unit}`);

/** Owner ids that most kinds accept on create (ASSUMED beyond projects and serverlets). */
const ownership = { workspaceId: inputId, projectId: nullableId };

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

/**
 * A response field: the expected type, `null`, or absent. A value of another shape reads as absent rather
 * than failing the whole operation (the field keeps its last known value; see kit.ts).
 */
const field = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);
const str = field(z.string());
const bool = field(z.boolean());
const num = field(z.number());
const map = field(stringMap);
const timestamps = { createdAt: str, updatedAt: str };

/** A response model: only `id` is required; unknown fields pass through. */
const response = <S extends Record<string, z.ZodType>>(shape: S) => z.looseObject({ id, ...shape });

// ---------------------------------------------------------------------------------------------------
// Project

export const ProjectWritable = z.object({
  name: slug,
  displayName: line.min(1),
  workspaceId: inputId,
});
export const ProjectCreate = ProjectWritable.partial({ displayName: true, workspaceId: true });
export const ProjectUpdate = ProjectWritable.omit({ workspaceId: true }).partial();
export const Project = response({
  workspaceId: str,
  name: str,
  displayName: str,
  gitRepositoryName: str,
  gitRepositoryUrl: str,
  ...timestamps,
});
export type Project = z.infer<typeof Project>;

// ---------------------------------------------------------------------------------------------------
// Variable (the value is write-only: sent on POST/PATCH, never returned)

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
  // ASSUMED: keys are environment variable names.
  key: z.string().min(1).max(TEXT_MAX).regex(ENV_KEY, "must be letters, digits and '_', not starting with a digit"),
  value: z.string().max(VARIABLE_VALUE_MAX),
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
export const Variable = response({
  key: str,
  isSecret: bool,
  description: str,
  workspaceId: str,
  projectId: str,
  serverletId: str,
  ...timestamps,
});
export type Variable = z.infer<typeof Variable>;

// ---------------------------------------------------------------------------------------------------
// DNS zone (responses name the domain `domain` or, historically, `name`: normal.ts reads `domain ?? name`)

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
export const DnsZone = response({
  domain: str,
  name: str,
  enableDnssec: bool,
  workspaceId: str,
  projectId: str,
  dnsPlanId: str,
  ...timestamps,
});
export type DnsZone = z.infer<typeof DnsZone>;

// ---------------------------------------------------------------------------------------------------
// DNS record

export const DnsRecordType = z.enum(DNS_RECORD_TYPES);
const hasPriority = (type: string | undefined): boolean =>
  (DNS_PRIORITY_TYPES as readonly string[]).includes(type ?? "");
export const dnsRecordRule: CrossFieldRule<{
  name?: string;
  type?: string;
  value?: string;
  priority?: number | null;
}> = (r) => {
  const { type, value = "", name = "@" } = r;
  // ASSUMED: a priority on a type that has none is a mistake (the API's normal form for it is 0).
  if (!hasPriority(type) && r.priority !== undefined && r.priority !== null && r.priority !== DNS_PRIORITY.none) {
    return { path: "priority", message: "only applies to MX and SRV records (leave it out or use 0)" };
  }
  switch (type) {
    case "A":
      return isIPv4(value) ? undefined : { path: "value", message: "must be an IPv4 address (an A record)" };
    case "AAAA":
      return isIPv6(value) ? undefined : { path: "value", message: "must be an IPv6 address (an AAAA record)" };
    case "CNAME":
      if (name === "@") return { path: "name", message: "a CNAME record cannot be at the zone apex (@)" };
      return isHostname(value) ? undefined : { path: "value", message: "must be a host name (a CNAME record)" };
    case "MX":
    case "NS":
      return isHostname(value) ? undefined : { path: "value", message: `must be a host name (an ${type} record)` };
    case "SRV":
      // ASSUMED: the value carries "<weight> <port> <target>" (the priority is its own field).
      return /^\d+ \d+ \S+$/.test(value) && Number(value.split(" ")[0]) <= 65535 && Number(value.split(" ")[1]) <= 65535
        ? undefined
        : { path: "value", message: 'must be "<weight> <port> <target>" (an SRV record)' };
    case "CAA":
      return /^\d{1,3} (issue|issuewild|iodef) "?[^"]*"?$/.test(value)
        ? undefined
        : { path: "value", message: `must be '<flags> <issue|issuewild|iodef> "<value>"' (a CAA record)` };
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
  value: z
    .string()
    .min(1, "must not be empty")
    .max(DNS_RECORD_VALUE_MAX, `must be at most ${DNS_RECORD_VALUE_MAX} characters`),
  ttl: int(DNS_TTL.min, DNS_TTL.max, " seconds"),
  priority: int(DNS_PRIORITY.min, DNS_PRIORITY.max).nullable(),
});
export const DnsRecordCreate = withRules(DnsRecordWritable.partial({ ttl: true, priority: true }), [dnsRecordRule]);
export const DnsRecordUpdate = DnsRecordWritable.partial();
export const DnsRecord = response({
  dnsId: str,
  name: str,
  type: str,
  value: str,
  ttl: num,
  priority: num,
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
    // ASSUMED: five-field cron expressions or macros such as @daily.
    const problem = cronProblem(s);
    if (problem) ctx.addIssue({ code: "custom", message: `is not a valid cron expression: ${problem}` });
  }),
  type: z.enum(CRON_TYPES),
  method: z.enum(HTTP_METHODS),
  url: z
    .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
    .max(CRON_URL_MAX, `must be at most ${CRON_URL_MAX} characters`)
    .nullable(),
  headers: stringMap,
  body: z.string().nullable(),
  code: z.string().nullable(),
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
export const Cron = response({
  name: str,
  schedule: str,
  type: str,
  method: str,
  url: str,
  headers: map,
  body: str,
  code: str,
  enabled: bool,
  workspaceId: str,
  projectId: str,
  cronPlanId: str,
  regionId: str,
  startedAt: str,
  ...timestamps,
});
export type Cron = z.infer<typeof Cron>;

// ---------------------------------------------------------------------------------------------------
// Proxy

/** A host name or IP address, optionally with `:port` (the CLI's own sample uses `web:8080`). */
function isTarget(t: string): boolean {
  if (isIPv6(t) || isIPv6(t.replace(/^\[(.*)\]$/, "$1"))) return true;
  const m = /^(.*?)(?::(\d{1,5}))?$/.exec(t);
  const host = m?.[1] ?? "";
  const p = m?.[2];
  if (p !== undefined && (Number(p) < 1 || Number(p) > 65535)) return false;
  if (/^\[.*\]$/.test(host)) return isIPv6(host.slice(1, -1));
  return isHostname(host) || isIPv4(host);
}

/**
 * 2026-08-30 `Rule`: `{if: {host, method, path, port}, then: [...]}`. `then` holds objects whose keys the types
 * do not publish: passed through as given.
 */
export const ProxyRule = z.object({
  if: z
    .object({
      host: z.string().min(1).max(253).optional(),
      method: z.enum(PROXY_RULE_METHODS).optional(),
      path: z.string().min(1).optional(),
      port: port.optional(),
    })
    .optional(),
  // biome-ignore lint/suspicious/noThenProperty: the API's field name (`{if, then}`)
  then: z.array(z.record(z.string(), z.unknown())).optional(),
});

export const ProxyWritable = z.object({
  domain,
  target: z
    .string()
    .min(1)
    .max(PROXY_TARGET_MAX)
    .refine(isTarget, "must be a host name or IP address, optionally with :port"),
  port,
  type: z.enum(PROXY_TYPES),
  strategy: z.string().min(1, "must not be empty (e.g. round-robin)"),
  enforceHttps: z.boolean(),
  compress: z.boolean(),
  followRedirects: z.boolean(),
  preserveHeaders: z.boolean(),
  preserveHost: z.boolean(),
  preservePath: z.boolean(),
  preserveQuery: z.boolean(),
  verifyTls: z.boolean(),
  rules: z.array(ProxyRule).nullable(),
  ...ownership,
  proxyPlanId: nullableId,
  regionId: nullableId,
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
  rules: true,
  workspaceId: true,
  projectId: true,
  proxyPlanId: true,
  regionId: true,
} as const;
export const ProxyCreate = ProxyWritable.partial(proxyOptional);
export const ProxyUpdate = ProxyWritable.omit({ workspaceId: true }).partial();
// biome-ignore lint/suspicious/noShadowRestrictedNames: the API's name for the kind; import it qualified where the global matters
export const Proxy = response({
  domain: str,
  target: str,
  port: num,
  type: str,
  strategy: str,
  enforceHttps: bool,
  compress: bool,
  followRedirects: bool,
  preserveHeaders: bool,
  preserveHost: bool,
  preservePath: bool,
  preserveQuery: bool,
  verifyTls: bool,
  /** 2026-08-02 only (ASSUMED `pending` → `active`); 2026-08-30 answers `isVerified` instead. */
  status: str,
  isVerified: bool,
  rules: field(z.array(z.record(z.string(), z.unknown()))),
  workspaceId: str,
  projectId: str,
  proxyPlanId: str,
  regionId: str,
  ...timestamps,
});
export type Proxy = z.infer<typeof Proxy>;

// ---------------------------------------------------------------------------------------------------
// Volume

export const VolumeWritable = z.object({
  name,
  // ASSUMED: whole GB, and not -0 (a sign error in the program; JSON sends it as `-0`). The CLI sends sizeGb
  // from an int flag (volumes.go@424ef1c:65-79; its mocks answer 10): the API was never seen taking a fraction.
  sizeGb: z
    .number()
    .int("must be a whole number of GB")
    .min(0, "must be 0 or more GB")
    .refine((gb) => !Object.is(gb, -0), "must be 0 or more GB (not -0)")
    .max(VOLUME_SIZE_MAX_GB, `must be at most ${VOLUME_SIZE_MAX_GB} GB (1 PiB; no volume is larger)`),
  type: z.string().min(1, "must not be empty (e.g. ssd)"),
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
export const Volume = response({
  name: str,
  sizeGb: num,
  type: str,
  workspaceId: str,
  projectId: str,
  regionId: str,
  volumePlanId: str,
  ...timestamps,
});
export type Volume = z.infer<typeof Volume>;

// ---------------------------------------------------------------------------------------------------
// Serverlet

export const ServerletVolume = z.object({
  volumeId: inputId,
  mountPath: z.string().regex(/^\/\S*$/, "must be an absolute path"),
  readOnly: z.boolean().default(false),
});
/** `protocol` is optional; normal.ts compares an absent one as the default. */
export const ServerletPort = z.object({ port, protocol: z.enum(PORT_PROTOCOLS).optional() });
/**
 * Autoscaling: a map of numbers, as the 2026-08-30 Model has it (its keys are not published). The keys of the
 * 2026-08-02 struct keep their ASSUMED ranges when given; other keys pass through.
 */
const SCALING_KEYS: Record<string, z.ZodNumber> = {
  cpuPercent: int(1, 100, " %"),
  ramPercent: int(1, 100, " %"),
  upCooldown: z.number().int("must be a whole number of seconds").min(0, "must be 0 or more seconds"),
  downCooldown: z.number().int("must be a whole number of seconds").min(0, "must be 0 or more seconds"),
};
export const ServerletScaling = z.record(z.string(), z.number()).superRefine((scaling, ctx) => {
  for (const [key, value] of Object.entries(scaling)) {
    const known = SCALING_KEYS[key]?.safeParse(value);
    for (const issue of known?.success === false ? known.error.issues : []) {
      ctx.addIssue({ code: "custom", path: [key], message: issue.message });
    }
  }
});
/** 2026-08-30: storages mounted into the serverlet, mount path → storage id. */
export const ServerletMounts = z.record(z.string(), inputId).superRefine((mounts, ctx) => {
  for (const path of Object.keys(mounts)) {
    if (!/^\/\S*$/.test(path))
      ctx.addIssue({ code: "custom", path: [path], message: "must be an absolute mount path" });
  }
});
const instances = int(SERVERLET_INSTANCES.min, SERVERLET_INSTANCES.max);
export const instancesRule: CrossFieldRule<{ minInstances?: number; maxInstances?: number }> = (s) => {
  const min = s.minInstances ?? SERVERLET_INSTANCES.default;
  const max = s.maxInstances ?? SERVERLET_INSTANCES.default;
  return min > max ? { path: "minInstances", message: "must not exceed maxInstances" } : undefined;
};
/** A path mounted twice (once from `volumes`, once from `mounts`) is certainly a mistake. */
export const mountsRule: CrossFieldRule<{
  volumes?: Array<{ mountPath: string }>;
  mounts?: Record<string, string> | null;
}> = (s) => {
  const twice = (s.volumes ?? []).find((v) => Object.hasOwn(s.mounts ?? {}, v.mountPath));
  return twice
    ? { path: "mounts", message: `${twice.mountPath} is mounted by volumes too: mount each path once` }
    : undefined;
};
export const ServerletWritable = z.object({
  name,
  image: z
    .string()
    .min(1, "must not be empty")
    .max(SERVERLET_IMAGE_MAX, `must be at most ${SERVERLET_IMAGE_MAX} characters`)
    .regex(/^\S+$/, "must be an image reference without spaces"),
  serverletPlanId: nullableId,
  ...ownership,
  regionId: nullableId,
  minInstances: instances,
  maxInstances: instances,
  cpu: int(SERVERLET_CPU_MILLICORES.min, SERVERLET_CPU_MILLICORES.max, " millicores (250 = a quarter core)"),
  ram: int(SERVERLET_RAM_MIB.min, SERVERLET_RAM_MIB.max, " MiB"),
  env: z.record(z.string().regex(ENV_KEY, "environment variable names must be letters, digits and '_'"), z.string()),
  volumes: z.array(ServerletVolume),
  mounts: ServerletMounts.nullable(),
  ports: z.array(ServerletPort),
  scaling: ServerletScaling.nullable(),
  arch: z.enum(SERVERLET_ARCHES).nullable(),
  networkId: nullableId,
  runtime: z.string().min(1).nullable(),
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
    mounts: true,
    ports: true,
    scaling: true,
    arch: true,
    networkId: true,
    runtime: true,
  }),
  [instancesRule, mountsRule],
);
export const ServerletUpdate = ServerletWritable.omit({ workspaceId: true, regionId: true }).partial();
export const Serverlet = response({
  name: str,
  image: str,
  cpu: num,
  ram: num,
  minInstances: num,
  maxInstances: num,
  instances: field(z.union([z.number(), z.array(z.unknown())])),
  state: str,
  /** 2026-08-30's name for the state, with its own values (normal.ts reads `status ?? state` into `state`). */
  status: str,
  arch: str,
  /** ASSUMED: why the serverlet is `failed`, when the API says. */
  stateReason: str,
  networkId: str,
  runtime: str,
  serverletPlanId: str,
  workspaceId: str,
  projectId: str,
  regionId: str,
  env: map,
  volumes: field(z.array(z.looseObject({ volumeId: z.string(), mountPath: z.string(), readOnly: bool }))),
  mounts: map,
  ports: field(z.array(z.looseObject({ port: z.number(), protocol: str }))),
  scaling: field(z.record(z.string(), z.number())),
  ...timestamps,
});
export type Serverlet = z.infer<typeof Serverlet>;

// ---------------------------------------------------------------------------------------------------
// Storage (the newest generation, 2026-08-30: the official CLI's `storages` command takes the place of
// `volumes`). Sized by its plan; the CLI sends `{name, storagePlanId, workspaceId, projectId}` and PATCHes
// `{name?, storagePlanId?}`. Files under `/storages/{id}/files` are data, not configuration: out of scope.

export const StorageWritable = z.object({
  name,
  storagePlanId: nullableId,
  /** ASSUMED: whether the storage's files are publicly readable; writable and updatable. */
  public: z.boolean(),
  ...ownership,
  regionId: nullableId,
});
export const StorageCreate = StorageWritable.partial({
  storagePlanId: true,
  public: true,
  workspaceId: true,
  projectId: true,
  regionId: true,
});
/** The CLI PATCHes name and plan (a new plan resizes); ASSUMED: `public` and `projectId` too (no data moves). */
export const StorageUpdate = StorageWritable.pick({
  name: true,
  storagePlanId: true,
  public: true,
  projectId: true,
}).partial();
export const Storage = response({
  name: str,
  storagePlanId: str,
  public: bool,
  workspaceId: str,
  projectId: str,
  regionId: str,
  ...timestamps,
});
export type Storage = z.infer<typeof Storage>;

// ---------------------------------------------------------------------------------------------------
// What the published response shapes carry, per API generation (CONTRACT.md; the types generated
// 2026-08-02 and 2026-08-30): the observed fields. `id` is implied. The provider does not detect the
// generation: it uses whatever an answer carries (kit.ts), so a field is observed exactly when the answer
// has it, in either generation. These lists say what that means per generation, for the docs and tests.

const RESPONSE_FIELDS_2026_08_02: Record<Kind, readonly string[]> = {
  project: ["workspaceId", "name", "displayName", "gitRepositoryName", "gitRepositoryUrl", "createdAt", "updatedAt"],
  variable: ["key", "isSecret", "description", "workspaceId", "projectId", "serverletId", "createdAt", "updatedAt"],
  dnsZone: ["domain", "enableDnssec", "createdAt", "updatedAt"],
  dnsRecord: ["dnsId", "name", "type", "value", "priority", "ttl", "createdAt", "updatedAt"],
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
    "createdAt",
    "updatedAt",
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
    "createdAt",
    "updatedAt",
  ],
  volume: ["name", "sizeGb", "type", "createdAt", "updatedAt"],
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
    "createdAt",
    "updatedAt",
  ],
  // Not in the 2026-08-02 types: the 2026-08-30 Model, the only evidence (see docs/design-notes.md).
  storage: ["name", "storagePlanId", "public", "workspaceId", "projectId", "regionId", "createdAt", "updatedAt"],
};

export const RESPONSE_FIELDS: Record<Generation, Record<Kind, readonly string[]>> = {
  "2026-08-02": RESPONSE_FIELDS_2026_08_02,
  "2026-08-30": {
    ...RESPONSE_FIELDS_2026_08_02,
    // Proxy (Model): the older fields without `compress` and `status`; `isVerified`, `rules`, owner, plan and region ids.
    proxy: [
      ...RESPONSE_FIELDS_2026_08_02.proxy.filter((f) => !["compress", "status", "createdAt", "updatedAt"].includes(f)),
      "isVerified",
      "rules",
      "workspaceId",
      "projectId",
      "proxyPlanId",
      "regionId",
      "createdAt",
      "updatedAt",
    ],
    // Serverlet (Model): `status` (read into the output `state`); no cpu, ram, instances, networkId, runtime.
    serverlet: [
      "name",
      "image",
      "arch",
      "minInstances",
      "maxInstances",
      "mounts",
      "scaling",
      "state",
      "serverletPlanId",
      "workspaceId",
      "projectId",
      "regionId",
      "createdAt",
      "updatedAt",
    ],
  },
};

/** A field observed in any generation: the outputs a resource has. */
export const OBSERVED_FIELDS: Record<Kind, readonly string[]> = Object.fromEntries(
  (Object.keys(RESPONSE_FIELDS_2026_08_02) as Kind[]).map((k) => [
    k,
    [...new Set(GENERATIONS.flatMap((g) => RESPONSE_FIELDS[g][k]))],
  ]),
) as Record<string, readonly string[]> as Record<Kind, readonly string[]>;

// ---------------------------------------------------------------------------------------------------
// Defaults check fills in, so a removed input reverts to them. Only values the API documents (or the CLI
// sends) and `null` for kept, clearable ids: a field the API fills in itself (a serverlet's cpu/ram from
// its plan, a project's displayName) has no default here, so leaving it out means "the API's choice".

export const CREATE_DEFAULTS = {
  project: {},
  variable: { isSecret: false, description: "" },
  dnsZone: { enableDnssec: false, projectId: null, dnsPlanId: null },
  dnsRecord: { ttl: DNS_TTL.default, priority: DNS_PRIORITY.none },
  cron: {
    type: "simple",
    method: "GET",
    headers: {},
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
    rules: null,
    projectId: null,
  },
  volume: { ...VOLUME_DEFAULTS, projectId: null, regionId: null, volumePlanId: null },
  serverlet: {
    projectId: null,
    minInstances: SERVERLET_INSTANCES.default,
    maxInstances: SERVERLET_INSTANCES.default,
    env: {},
    volumes: [],
    mounts: null,
    ports: [],
    scaling: null,
  },
  storage: { public: false, projectId: null },
} as const;

export { DEFAULT_PORT_PROTOCOL };

// ---------------------------------------------------------------------------------------------------
// Read-only lookups

export const Plan = response({
  name: str,
  displayName: str,
  minutePrice: field(z.record(z.string(), z.number())),
  monthlyPrice: field(z.record(z.string(), z.number())),
  isPublic: bool,
  ...timestamps,
});
export type Plan = z.infer<typeof Plan>;

/** A storage plan also has `size` (an object; its keys are not published). */
export const StoragePlan = Plan.extend({ size: field(z.record(z.string(), z.unknown())) });
export type StoragePlan = z.infer<typeof StoragePlan>;

export const Region = response({
  name: str,
  displayName: str,
  domain: str,
  isPublic: bool,
  workspaceId: str,
  ...timestamps,
});
export type Region = z.infer<typeof Region>;

export const Workspace = response({
  name: str,
  displayName: str,
  projectsLimit: num,
  serverletsLimit: num,
  cronsLimit: num,
  volumesLimit: num,
  /** The newest generation's name for the storage quota (it has no `volumesLimit`). */
  storageLimit: num,
  proxiesLimit: num,
  dnsLimit: num,
  serversLimit: num,
  apiTokensLimit: num,
  workspaceUsersLimit: num,
  ...timestamps,
});
export type Workspace = z.infer<typeof Workspace>;

export const User = response({ email: str, fullname: str });
/** `GET /auth/context`: the token's user; nothing promises a workspace here. */
export const AuthContext = z.looseObject({ user: User.optional() });
export const LoginRequest = z.object({
  email: z.string().min(3),
  password: z.string().min(1, "must not be empty"),
});
export const LoginResponse = z.looseObject({
  apiToken: z.looseObject({ id, token: z.string(), expiresAt: str }),
  user: User.optional(),
});

/** The error body of every error status (spec); the CLI's mocks show it without `requestId` or `code` too. */
export const FieldError = z.looseObject({
  message: z.string().catch(""),
  code: str,
  field: str,
});
export const ErrorBody = z.looseObject({
  message: str,
  requestId: str,
  clientIp: str,
  errors: field(z.array(FieldError)),
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
  storage: { model: Storage, create: StorageCreate, update: StorageUpdate },
} as const;
