import * as pulumi from "@pulumi/pulumi";
import { dnsRecord } from "../provider/resources/dnsRecord";
import type { DnsRecordArgs, DnsRecordComputed } from "./generated/dnsRecord";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf } from "./types";

export type { DnsRecordArgs };

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
