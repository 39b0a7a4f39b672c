import type * as pulumi from "@pulumi/pulumi";
import { proxy } from "../provider/kinds/proxy/spec";
import type { ProxyArgs, ProxyComputed } from "./generated/proxy";
import { resourceClass } from "./kindClass";
import type { OutputsOf, ResourceClass } from "./types";

export type { ProxyRuleArgs, ProxyRuleIfArgs } from "./nested";
export type { ProxyArgs };

/** Outputs the runtime sets on the instance. */
export interface Proxy extends pulumi.CustomResource, OutputsOf<ProxyArgs>, ProxyComputed {}

/** A reverse proxy for a domain. Import with `{ import: "<proxyId>" }`: the program must match the remote proxy. */
// biome-ignore lint/suspicious/noShadowRestrictedNames: the API's name for the kind; use it as futrou.Proxy
export const Proxy: ResourceClass<ProxyArgs, Proxy> = resourceClass(proxy);
