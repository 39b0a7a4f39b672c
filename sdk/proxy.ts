import * as pulumi from "@pulumi/pulumi";
import type { Proxy as ProxyModel } from "../provider/api/models";
import { proxy } from "../provider/resources/proxy";
import { type OutputsOf, resourceArgs, restoreDebugStacks, type Timestamps, withoutDebugStacks } from "./resource";

export interface ProxyArgs {
  /** The public domain the proxy answers for. Updated in place. */
  domain: pulumi.Input<string>;
  /** Where traffic goes: a host name or IP address. Updated in place. */
  target: pulumi.Input<string>;
  /** The target port, 1–65535. Default 80. Updated in place. */
  port?: pulumi.Input<number>;
  /** `http`, `tcp` or `udp`. Default `http`. Updated in place. */
  type?: pulumi.Input<"http" | "tcp" | "udp">;
  /** Load-balancing strategy. Default `round-robin`. Updated in place. */
  strategy?: pulumi.Input<"round-robin" | "least-connections" | "ip-hash" | "random">;
  /** Redirect plain HTTP to HTTPS. Default `false`. Updated in place. */
  enforceHttps?: pulumi.Input<boolean>;
  /** Compress responses. Default `false`. Updated in place. */
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
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the proxy. */
  workspaceId?: pulumi.Input<string>;
  /** The project the proxy belongs to. Default `null`. Updated in place. */
  projectId?: pulumi.Input<string | null>;
  /** The proxy plan id (see `getProxyPlan`). Default `null`. Updated in place. */
  proxyPlanId?: pulumi.Input<string | null>;
}

/** Read-only fields set by the API. */
export interface ProxyComputed extends Timestamps {
  /** `pending` until the domain and TLS are verified, then `active` (or `failed`). Changes on its own; never a diff. */
  readonly status: pulumi.Output<"pending" | "active" | "failed">;
}

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Proxy extends OutputsOf<ProxyArgs, ProxyModel>, ProxyComputed {}

/** A reverse proxy for a domain. Import with `{ import: "<proxyId>" }`: the program must match the remote proxy. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
// biome-ignore lint/suspicious/noShadowRestrictedNames: the API's name for the kind; use it as futrou.Proxy
export class Proxy extends pulumi.CustomResource {
  constructor(name: string, args: ProxyArgs, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(proxy, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
  }
}
