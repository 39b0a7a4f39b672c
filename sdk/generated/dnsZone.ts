// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { dnsZone } from "../../provider/kinds/dnsZone/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a DnsZone. */
export interface DnsZoneArgs {
  /** The zone's domain, e.g. `example.com`, at most 253 characters. Changing it replaces the zone (and its records). */
  domain: pulumi.Input<string>;
  /** Sign the zone with DNSSEC. Default `false`. Updated in place. */
  enableDnssec?: pulumi.Input<boolean>;
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the zone. */
  workspaceId?: pulumi.Input<string>;
  /** The project the zone belongs to. Default `null`. Updated in place. */
  projectId?: pulumi.Input<string | null>;
  /** The DNS plan id (see `getDnsPlan`). `null`: the API's default plan. Default `null`. Updated in place. */
  dnsPlanId?: pulumi.Input<string | null>;
  /** Deleting a zone deletes every record in it. Default `false`: delete (destroy, or a replacement) fails, naming them, while the zone holds records this stack does not manage (kept with `retainOnDelete`, or made outside Pulumi); the platform's SOA and apex NS records do not count. `true`: they are deleted with the zone. Never sent to the API; set it and run `pulumi up` before the delete. Updated in place. */
  forceDestroy?: pulumi.Input<boolean>;
}

/** Read-only fields set by the API. */
export interface DnsZoneComputed extends Timestamps {
}

/** Outputs the runtime sets on the instance. */
export interface DnsZone extends pulumi.CustomResource, OutputsOf<DnsZoneArgs>, DnsZoneComputed {}

/** A DNS zone. Import with `{ import: "<dnsId>" }`: the program must match the remote zone. */
export const DnsZone: ResourceClass<DnsZoneArgs, DnsZone> = resourceClass(dnsZone);
