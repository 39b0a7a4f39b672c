/** A proxy's fields (`/proxies`), each declared once (provider/kinds/fields.ts says what is derived). */
import { z } from "zod";
import { PROXY_RULE_METHODS, PROXY_TARGET_MAX, PROXY_TYPES } from "../../api/contract";
import { isHostname, isIPv4, isIPv6 } from "../../api/formats";
import { bool, domain, field, nullableId, port } from "../../api/models";
import { declare, derive, owningWorkspace, TIMESTAMPS } from "../fields";

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

export const PROXY_FIELDS = declare({
  domain: {
    doc: "The public domain the proxy answers for, at most 253 characters.",
    input: domain,
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  target: {
    doc: "Where traffic goes: a host name or IP address, optionally with `:port` (`web:8080`); at most 259 characters.",
    input: z
      .string()
      .min(1)
      .max(PROXY_TARGET_MAX)
      .refine(isTarget, "must be a host name or IP address, optionally with :port"),
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  port: { doc: "The target port, 1–65535.", input: port, updatable: true, since: "2026-08-02", default: 80 },
  type: {
    doc: "`http`, `tcp` or `udp`.",
    input: z.enum(PROXY_TYPES),
    updatable: true,
    since: "2026-08-02",
    default: "http",
  },
  strategy: {
    doc: "Load-balancing strategy: `round-robin` or `primary-failover` (the newest API's enum; the older one took any string, so others pass through).",
    input: z.string().min(1, "must not be empty (e.g. round-robin)"),
    updatable: true,
    since: "2026-08-02",
    default: "round-robin",
  },
  enforceHttps: {
    doc: "Redirect plain HTTP to HTTPS.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: false,
  },
  // 2026-08-02 only.
  compress: {
    doc: "Compress responses (the 2026-08-02 API; the newest has no such field and ignores it).",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-02"],
    default: false,
  },
  followRedirects: {
    doc: "Follow the target's redirects.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: false,
  },
  preserveHeaders: {
    doc: "Pass request headers through.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: true,
  },
  preserveHost: {
    doc: "Pass the Host header through.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: true,
  },
  preservePath: {
    doc: "Pass the path through.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: true,
  },
  preserveQuery: {
    doc: "Pass the query string through.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: true,
  },
  verifyTls: {
    doc: "Verify the target's TLS certificate.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: true,
  },
  /** 2026-08-02 only (ASSUMED `pending` → `active`); 2026-08-30 answers `isVerified` instead. */
  status: {
    tsType: "string | undefined",
    doc: "2026-08-02: `pending` until the domain and TLS are verified, then `active` (or `failed`); the newest API has no `status`. Changes on its own; never a diff.",
    since: "2026-08-02",
    returned: ["2026-08-02"],
  },
  isVerified: {
    tsType: "boolean | undefined",
    doc: "2026-08-30: whether the domain is verified. Changes on its own; never a diff.",
    since: "2026-08-30",
    answer: bool,
  },
  rules: {
    doc: "Routing rules (2026-08-30): `[{ if: { host, method, path, port }, then: [...] }]`.",
    input: z.array(ProxyRule).nullable(),
    updatable: true,
    since: "2026-08-30",
    answer: field(z.array(z.record(z.string(), z.unknown()))),
    default: null,
  },
  workspaceId: owningWorkspace(["2026-08-30"]),
  projectId: {
    doc: "The project the proxy belongs to.",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-30"],
    default: null,
  },
  proxyPlanId: {
    doc: "The proxy plan id (see `getProxyPlan`).",
    defaultDoc: "the API's choice, kept until you set one",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-30"],
  },
  regionId: {
    doc: "The region id (see `getRegions`, 2026-08-30).",
    defaultDoc: "the API's choice, kept until you set one",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-30"],
  },
  ...TIMESTAMPS,
});

export const PROXY = derive(PROXY_FIELDS, "proxy");
// biome-ignore lint/suspicious/noShadowRestrictedNames: the API's name for the kind; import it qualified where the global matters
export const Proxy = PROXY.model;
export type Proxy = z.infer<typeof Proxy>;
