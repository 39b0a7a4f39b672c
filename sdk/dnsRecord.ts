import type * as pulumi from "@pulumi/pulumi";
import { dnsRecord } from "../provider/kinds/dnsRecord/spec";
import type { DnsRecordArgs, DnsRecordComputed } from "./generated/dnsRecord";
import { resourceClass } from "./kindClass";
import type { OutputsOf, ResourceClass } from "./types";

export type { DnsRecordArgs };

/** Outputs the runtime sets on the instance. */
export interface DnsRecord extends pulumi.CustomResource, OutputsOf<DnsRecordArgs>, DnsRecordComputed {}

/** A record in a DNS zone. Import with `{ import: "<dnsId>/<recordId>" }`: the program must match the record. */
export const DnsRecord: ResourceClass<DnsRecordArgs, DnsRecord> = resourceClass(dnsRecord);
