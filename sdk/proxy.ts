import * as pulumi from "@pulumi/pulumi";
import { proxy } from "../provider/resources/proxy";
import type { ProxyArgs, ProxyComputed } from "./generated/proxy";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf } from "./types";

export type { ProxyRuleArgs, ProxyRuleIfArgs } from "./nested";
export type { ProxyArgs };

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Proxy extends OutputsOf<ProxyArgs>, ProxyComputed {}

/** A reverse proxy for a domain. Import with `{ import: "<proxyId>" }`: the program must match the remote proxy. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
// biome-ignore lint/suspicious/noShadowRestrictedNames: the API's name for the kind; use it as futrou.Proxy
export class Proxy extends pulumi.CustomResource {
  /**
   * An existing Proxy by its id (`<proxyId>`), read into the program without managing it: `refresh` reads it,
   * `destroy` leaves it alone. `state` may give values the API never returns (kept fields).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: StateOf<ProxyArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Proxy {
    return new Proxy(name, state as ProxyArgs, { ...opts, id });
  }

  constructor(name: string, args: ProxyArgs, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(proxy, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
    announceImport(this, proxy, opts);
  }
}
