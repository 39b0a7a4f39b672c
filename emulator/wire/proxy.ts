/** Proxy — `/proxies`. The response is the narrow "Interface": no owner or plan ids. */
import { z } from "zod";
import { isDomain, isTarget } from "./formats";
import { chosenByApi, id, int, timestamps, wireKind } from "./kind";

export const PROXY_TYPES = ["http", "tcp", "udp"] as const;
/** The 2026-08-30 types' `ProxyStrategy` enum (the older types: a free string). */
export const PROXY_STRATEGIES = ["round-robin", "primary-failover"] as const;
/** The 2026-08-30 types' `RuleMethod` enum. */
export const RULE_METHODS = ["get", "post", "put", "delete", "patch", "options", "head"] as const;
/** 2026-08-30 `Rule` (Interface): `{if: RuleCondition, then: [object]}`, both optional. */
const Rule = z.object({
  if: z
    .object({
      host: z.string().min(1).max(253).optional(),
      method: z.enum(RULE_METHODS).optional(),
      path: z.string().min(1).optional(),
      port: int(1, 65535).optional(),
    })
    .optional(),
  // biome-ignore lint/suspicious/noThenProperty: the API's field name (`{if, then}`)
  then: z.array(z.record(z.string(), z.unknown())).optional(),
});
export const PROXY_FLAGS = {
  enforceHttps: false,
  compress: false,
  followRedirects: false,
  preserveHeaders: true,
  preserveHost: true,
  preservePath: true,
  preserveQuery: true,
  verifyTls: true,
} as const;
const flags = <T>(schema: T) =>
  Object.fromEntries(Object.keys(PROXY_FLAGS).map((f) => [f, schema])) as Record<keyof typeof PROXY_FLAGS, T>;

export const proxy = wireKind({
  name: "Proxy",
  request: {
    domain: z.string().max(253).refine(isDomain, "must be a domain name such as example.com"),
    target: z.string().min(1).max(261).refine(isTarget, "must be a host or host:port"),
    port: int(1, 65535).optional(),
    type: z.enum(PROXY_TYPES).optional(),
    // A free string in the types; the CLI knows round-robin and primary-failover.
    strategy: z.string().min(1).max(255).optional(),
    ...flags(z.boolean().optional()),
    rules: z.array(Rule).optional(),
    // The CLI creates proxies without an owner (its tests answer 201): the token's workspace.
    workspaceId: id.optional(),
    // ASSUMED: a project and a plan on create.
    projectId: id.optional(),
    proxyPlanId: id.optional(),
    // 2026-08-30 (ASSUMED writable on create and update).
    regionId: id.optional(),
  },
  createOnly: ["workspaceId"],
  defaults: { port: 80, type: "http", strategy: "round-robin", ...PROXY_FLAGS },
  published: {
    domain: z.string(),
    target: z.string(),
    port: z.number().int(),
    type: z.string(),
    strategy: z.string(),
    ...flags(z.boolean()),
    // ASSUMED: pending → active.
    status: z.string(),
    ...timestamps,
  },
  kept: { workspaceId: id, projectId: id, proxyPlanId: id, regionId: id, rules: z.array(Rule) },
  derive: chosenByApi("proxy"),
  // types.go@3caf725: `Proxy (Model)`.
  newest: {
    request: {
      strategy: z.enum(PROXY_STRATEGIES).optional(),
      // Not in the newest Model, validator or config: ignored like any unknown field.
      compress: null,
    },
    published: {
      domain: z.string(),
      target: z.string(),
      port: z.number().int(),
      type: z.enum(PROXY_TYPES),
      strategy: z.enum(PROXY_STRATEGIES),
      ...Object.fromEntries(
        Object.keys(PROXY_FLAGS)
          .filter((f) => f !== "compress")
          .map((f) => [f, z.boolean()]),
      ),
      isVerified: z.boolean(),
      rules: z.array(Rule),
      workspaceId: id,
      projectId: id,
      proxyPlanId: id,
      regionId: id,
      ...timestamps,
    },
    kept: {},
    // ASSUMED: verified once the older generation's status is `active`.
    present: (o) => ({ ...o, isVerified: o.status === "active" }),
  },
});
