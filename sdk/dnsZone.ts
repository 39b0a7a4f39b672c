import * as pulumi from "@pulumi/pulumi";
import { dnsZone } from "../provider/resources/dnsZone";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf, Timestamps } from "./types";

export interface DnsZoneArgs {
  /** The zone's domain, e.g. `example.com`, at most 253 characters. Changing it replaces the zone (and its records). */
  domain: pulumi.Input<string>;
  /** Sign the zone with DNSSEC. Default `false`. Updated in place. */
  enableDnssec?: pulumi.Input<boolean>;
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the zone. */
  workspaceId?: pulumi.Input<string>;
  /** The project the zone belongs to. Default none (`null`). Updated in place. */
  projectId?: pulumi.Input<string | null>;
  /** The DNS plan id (see `getDnsPlan`). Default none (`null`, the API's default plan). Updated in place. */
  dnsPlanId?: pulumi.Input<string | null>;
  /**
   * Deleting a zone deletes every record in it. Default `false`: delete (destroy, or a replacement) fails,
   * naming them, while the zone holds records this stack does not manage (kept with `retainOnDelete`, or made
   * outside Pulumi); the platform's SOA and apex NS records do not count. `true`: they are deleted with the
   * zone. Never sent to the API; set it and run `pulumi up` before the delete. Updated in place.
   */
  forceDestroy?: pulumi.Input<boolean>;
}

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface DnsZone extends OutputsOf<DnsZoneArgs>, Timestamps {}

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
