import type * as pulumi from "@pulumi/pulumi";
import { dnsZone } from "../provider/kinds/dnsZone/spec";
import type { DnsZoneArgs, DnsZoneComputed } from "./generated/dnsZone";
import { resourceClass } from "./kindClass";
import type { OutputsOf, ResourceClass } from "./types";

export type { DnsZoneArgs };

/** Outputs the runtime sets on the instance. */
export interface DnsZone extends pulumi.CustomResource, OutputsOf<DnsZoneArgs>, DnsZoneComputed {}

/** A DNS zone. Import with `{ import: "<dnsId>" }`: the program must match the remote zone. */
export const DnsZone: ResourceClass<DnsZoneArgs, DnsZone> = resourceClass(dnsZone);
