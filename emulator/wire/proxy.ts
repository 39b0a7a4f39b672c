/** Proxy — `/proxies`. The response is the narrow "Interface": no owner or plan ids. */
import { z } from "zod";
import { isDomain, isTarget } from "./formats";
import { id, int, timestamps, wireKind } from "./kind";

export const PROXY_TYPES = ["http", "tcp", "udp"] as const;
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
    // The CLI creates proxies without an owner (its tests answer 201): the token's workspace.
    workspaceId: id.optional(),
    // ASSUMED: a project and a plan on create.
    projectId: id.optional(),
    proxyPlanId: id.optional(),
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
  kept: { workspaceId: id, projectId: id, proxyPlanId: id },
});
