// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { proxy } from "../../provider/kinds/proxy/spec";
import { resourceClass } from "../kindClass";
import type { ProxyRuleArgs } from "../nested";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a Proxy. */
export interface ProxyArgs {
  /** The public domain the proxy answers for, at most 253 characters. Updated in place. */
  domain: pulumi.Input<string>;
  /** Where traffic goes: a host name or IP address, optionally with `:port` (`web:8080`); at most 259 characters. Updated in place. */
  target: pulumi.Input<string>;
  /** The target port, 1–65535. Default `80`. Updated in place. */
  port?: pulumi.Input<number>;
  /** `http`, `tcp` or `udp`. Default `http`. Updated in place. */
  type?: pulumi.Input<"http" | "tcp" | "udp">;
  /** Load-balancing strategy: `round-robin` or `primary-failover` (the newest API's enum; the older one took any string, so others pass through). Default `round-robin`. Updated in place. */
  strategy?: pulumi.Input<string>;
  /** Redirect plain HTTP to HTTPS. Default `false`. Updated in place. */
  enforceHttps?: pulumi.Input<boolean>;
  /** Compress responses (the 2026-08-02 API; the newest has no such field and ignores it). Default `false`. Updated in place. */
  compress?: pulumi.Input<boolean>;
  /** Follow the target's redirects. Default `false`. Updated in place. */
  followRedirects?: pulumi.Input<boolean>;
  /** Pass request headers through. Default `true`. Updated in place. */
  preserveHeaders?: pulumi.Input<boolean>;
  /** Pass the Host header through. Default `true`. Updated in place. */
  preserveHost?: pulumi.Input<boolean>;
  /** Pass the path through. Default `true`. Updated in place. */
  preservePath?: pulumi.Input<boolean>;
  /** Pass the query string through. Default `true`. Updated in place. */
  preserveQuery?: pulumi.Input<boolean>;
  /** Verify the target's TLS certificate. Default `true`. Updated in place. */
  verifyTls?: pulumi.Input<boolean>;
  /** Routing rules (2026-08-30): `[{ if: { host, method, path, port }, then: [...] }]`. Default `null`. Updated in place. */
  rules?: pulumi.Input<pulumi.Input<ProxyRuleArgs>[] | null>;
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the proxy. */
  workspaceId?: pulumi.Input<string>;
  /** The project the proxy belongs to. Default `null`. Updated in place. */
  projectId?: pulumi.Input<string | null>;
  /** The proxy plan id (see `getProxyPlan`). Default: the API's choice, kept until you set one. Updated in place. */
  proxyPlanId?: pulumi.Input<string | null>;
  /** The region id (see `getRegions`, 2026-08-30). Default: the API's choice, kept until you set one. Updated in place. */
  regionId?: pulumi.Input<string | null>;
}

/** Read-only fields set by the API. */
export interface ProxyComputed extends Timestamps {
  /** 2026-08-02: `pending` until the domain and TLS are verified, then `active` (or `failed`); the newest API has no `status`. Changes on its own; never a diff. */
  readonly status: pulumi.Output<string | undefined>;
  /** 2026-08-30: whether the domain is verified. Changes on its own; never a diff. */
  readonly isVerified: pulumi.Output<boolean | undefined>;
}

/** Outputs the runtime sets on the instance. */
export interface Proxy extends pulumi.CustomResource, OutputsOf<ProxyArgs>, ProxyComputed {}

/** A reverse proxy for a domain. Import with `{ import: "<proxyId>" }`: the program must match the remote proxy. */
export const Proxy: ResourceClass<ProxyArgs, Proxy> = resourceClass(proxy);
