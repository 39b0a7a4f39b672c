// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { dnsRecord } from "../../provider/kinds/dnsRecord/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a DnsRecord. */
export interface DnsRecordArgs {
  /** The name inside the zone: `@` for the apex, `www`, `_dmarc`, `*.api`; at most 253 characters. Updated in place. */
  name: pulumi.Input<string>;
  /** A, AAAA, CNAME, MX, TXT, NS, SRV or CAA; the value must fit it (A: IPv4, AAAA: IPv6, …). Updated in place. */
  type: pulumi.Input<"A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "SRV" | "CAA">;
  /** The record data, e.g. `203.0.113.10`, `mail.example.com`, `"10 5060 sip.example.com"` for SRV; at most 4096 characters. Updated in place. */
  value: pulumi.Input<string>;
  /** Time to live in seconds, a whole number 0–2147483647. Default `300`. Updated in place. */
  ttl?: pulumi.Input<number>;
  /** Priority 0–65535 for MX and SRV; on other types only 0, the API's value for "none". Default `0`. Updated in place. */
  priority?: pulumi.Input<number | null>;
  /** The zone (DnsZone id) the record lives in. Changing it replaces the record. */
  dnsId: pulumi.Input<string>;
}

/** Read-only fields set by the API. */
export interface DnsRecordComputed extends Timestamps {
  /** The record's own id (the Pulumi id is `<dnsId>/<recordId>`). */
  readonly recordId: pulumi.Output<string>;
}

/** Outputs the runtime sets on the instance. */
export interface DnsRecord extends pulumi.CustomResource, OutputsOf<DnsRecordArgs>, DnsRecordComputed {}

/** A record in a DNS zone. Import with `{ import: "<dnsId>/<recordId>" }`: the program must match the record. */
export const DnsRecord: ResourceClass<DnsRecordArgs, DnsRecord> = resourceClass(dnsRecord);
