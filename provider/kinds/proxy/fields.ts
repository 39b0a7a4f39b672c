/** A proxy's fields (`/proxies`), each declared once (provider/kinds/fields.ts says what is derived). */
import { z } from "zod";
import { PROXY_RULE_METHODS, PROXY_TARGET_MAX, PROXY_TYPES } from "../../api/contract";
import { isHostname, isIPv4, isIPv6 } from "../../api/formats";
import { bool, domain, field, inputId, nullableId, port } from "../../api/models";
import { declare, derive, TIMESTAMPS } from "../fields";

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
  domain: { input: domain, required: true, updatable: true, since: "2026-08-02" },
  target: {
    input: z
      .string()
      .min(1)
      .max(PROXY_TARGET_MAX)
      .refine(isTarget, "must be a host name or IP address, optionally with :port"),
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  port: { input: port, updatable: true, since: "2026-08-02", default: 80 },
  type: { input: z.enum(PROXY_TYPES), updatable: true, since: "2026-08-02", default: "http" },
  strategy: {
    input: z.string().min(1, "must not be empty (e.g. round-robin)"),
    updatable: true,
    since: "2026-08-02",
    default: "round-robin",
  },
  enforceHttps: { input: z.boolean(), updatable: true, since: "2026-08-02", default: false },
  // 2026-08-02 only.
  compress: { input: z.boolean(), updatable: true, since: "2026-08-02", returned: ["2026-08-02"], default: false },
  followRedirects: { input: z.boolean(), updatable: true, since: "2026-08-02", default: false },
  preserveHeaders: { input: z.boolean(), updatable: true, since: "2026-08-02", default: true },
  preserveHost: { input: z.boolean(), updatable: true, since: "2026-08-02", default: true },
  preservePath: { input: z.boolean(), updatable: true, since: "2026-08-02", default: true },
  preserveQuery: { input: z.boolean(), updatable: true, since: "2026-08-02", default: true },
  verifyTls: { input: z.boolean(), updatable: true, since: "2026-08-02", default: true },
  /** 2026-08-02 only (ASSUMED `pending` → `active`); 2026-08-30 answers `isVerified` instead. */
  status: { since: "2026-08-02", returned: ["2026-08-02"] },
  isVerified: { since: "2026-08-30", answer: bool },
  rules: {
    input: z.array(ProxyRule).nullable(),
    updatable: true,
    since: "2026-08-30",
    answer: field(z.array(z.record(z.string(), z.unknown()))),
    default: null,
  },
  workspaceId: { input: inputId, since: "2026-08-02", returned: ["2026-08-30"] },
  projectId: { input: nullableId, updatable: true, since: "2026-08-02", returned: ["2026-08-30"], default: null },
  proxyPlanId: { input: nullableId, updatable: true, since: "2026-08-02", returned: ["2026-08-30"] },
  regionId: { input: nullableId, updatable: true, since: "2026-08-02", returned: ["2026-08-30"] },
  ...TIMESTAMPS,
});

export const PROXY = derive(PROXY_FIELDS);
// biome-ignore lint/suspicious/noShadowRestrictedNames: the API's name for the kind; import it qualified where the global matters
export const Proxy = PROXY.model;
export type Proxy = z.infer<typeof Proxy>;
