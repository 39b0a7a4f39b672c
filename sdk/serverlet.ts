import * as pulumi from "@pulumi/pulumi";
import { serverlet } from "../provider/resources/serverlet";
import type { ServerletArgs, ServerletComputed } from "./generated/serverlet";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf } from "./types";

export type { ServerletPortArgs, ServerletScalingArgs, ServerletVolumeArgs } from "./nested";
export type { ServerletArgs };

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Serverlet extends OutputsOf<ServerletArgs>, ServerletComputed {}

/**
 * A container service. `up` waits until it is `running` or `ready` (futrou:readyTimeoutSeconds, default 300) and
 * fails with the state and reason when it ends `failed`. Import with `{ import: "<serverletId>" }`.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Serverlet extends pulumi.CustomResource {
  /**
   * An existing Serverlet by its id (`<serverletId>`), read into the program without managing it: `refresh` reads it,
   * `destroy` leaves it alone. `state` may give values the API never returns (kept fields).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: StateOf<ServerletArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Serverlet {
    return new Serverlet(name, state as ServerletArgs, { ...opts, id });
  }

  constructor(name: string, args: ServerletArgs, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(serverlet, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
    announceImport(this, serverlet, opts);
  }
}
