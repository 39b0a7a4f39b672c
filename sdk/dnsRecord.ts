import * as pulumi from "@pulumi/pulumi";
import { dnsRecord } from "../provider/resources/dnsRecord";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf, Timestamps } from "./types";

export interface DnsRecordArgs {
  /** The zone (DnsZone id) the record lives in. Changing it replaces the record. */
  dnsId: pulumi.Input<string>;
  /** The name inside the zone: `@` for the apex, `www`, `_dmarc`, `*.api`; at most 253 characters. Updated in place. */
  name: pulumi.Input<string>;
  /** A, AAAA, CNAME, MX, TXT, NS, SRV or CAA; the value must fit it (A: IPv4, AAAA: IPv6, …). Updated in place. */
  type: pulumi.Input<"A" | "AAAA" | "CNAME" | "MX" | "TXT" | "NS" | "SRV" | "CAA">;
  /** The record data, e.g. `203.0.113.10`, `mail.example.com`, `"10 5060 sip.example.com"` for SRV; at most 4096 characters. Updated in place. */
  value: pulumi.Input<string>;
  /** Time to live in seconds, a whole number 0–2147483647. Default 300. Updated in place. */
  ttl?: pulumi.Input<number>;
  /** Priority 0–65535 for MX and SRV; on other types only 0, the API's value for "none". Default 0. Updated in place. */
  priority?: pulumi.Input<number | null>;
}

/** Read-only fields set by the API. */
export interface DnsRecordComputed extends Timestamps {
  /** The record's own id (the Pulumi id is `<dnsId>/<recordId>`). */
  readonly recordId: pulumi.Output<string>;
}

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface DnsRecord extends OutputsOf<DnsRecordArgs>, DnsRecordComputed {}

/** A record in a DNS zone. Import with `{ import: "<dnsId>/<recordId>" }`: the program must match the record. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class DnsRecord extends pulumi.CustomResource {
  /**
   * An existing DnsRecord by its id (`<dnsId>/<recordId>`), read into the program without managing it: `refresh` reads it,
   * `destroy` leaves it alone. `state` may give values the API never returns (kept fields).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: StateOf<DnsRecordArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): DnsRecord {
    return new DnsRecord(name, state as DnsRecordArgs, { ...opts, id });
  }

  constructor(name: string, args: DnsRecordArgs, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(dnsRecord, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
    announceImport(this, dnsRecord, opts);
  }
}
