import * as pulumi from "@pulumi/pulumi";
import { cron } from "../provider/resources/cron";
import type { CronArgs, CronComputed } from "./generated/cron";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf } from "./types";

export type { CronArgs };

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Cron extends OutputsOf<CronArgs>, CronComputed {}

/** A scheduled job. Import with `{ import: "<cronId>" }`: the program must match the remote job. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Cron extends pulumi.CustomResource {
  /**
   * An existing Cron by its id (`<cronId>`), read into the program without managing it: `refresh` reads it,
   * `destroy` leaves it alone. `state` may give values the API never returns (kept fields).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: StateOf<CronArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Cron {
    return new Cron(name, state as CronArgs, { ...opts, id });
  }

  constructor(name: string, args: CronArgs, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(cron, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
    announceImport(this, cron, opts);
  }
}
