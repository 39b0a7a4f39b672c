import * as pulumi from "@pulumi/pulumi";
import { dnsZone } from "../provider/resources/dnsZone";
import type { DnsZoneArgs, DnsZoneComputed } from "./generated/dnsZone";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf } from "./types";

export type { DnsZoneArgs };

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface DnsZone extends OutputsOf<DnsZoneArgs>, DnsZoneComputed {}

/** A DNS zone. Import with `{ import: "<dnsId>" }`: the program must match the remote zone. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class DnsZone extends pulumi.CustomResource {
  /**
   * An existing DnsZone by its id (`<dnsId>`), read into the program without managing it: `refresh` reads it,
   * `destroy` leaves it alone. `state` may give values the API never returns (kept fields).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: StateOf<DnsZoneArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): DnsZone {
    return new DnsZone(name, state as DnsZoneArgs, { ...opts, id });
  }

  constructor(name: string, args: DnsZoneArgs, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(dnsZone, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
    announceImport(this, dnsZone, opts);
  }
}
