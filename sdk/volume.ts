import * as pulumi from "@pulumi/pulumi";
import { volume } from "../provider/resources/volume";
import type { VolumeArgs, VolumeComputed } from "./generated/volume";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf } from "./types";

export type { VolumeArgs };

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Volume extends OutputsOf<VolumeArgs>, VolumeComputed {}

/** A block storage volume. Import with `{ import: "<volumeId>" }`: the program must match the remote volume. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Volume extends pulumi.CustomResource {
  /**
   * An existing Volume by its id (`<volumeId>`), read into the program without managing it: `refresh` reads it,
   * `destroy` leaves it alone. `state` may give values the API never returns (kept fields).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: StateOf<VolumeArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Volume {
    return new Volume(name, state as VolumeArgs, { ...opts, id });
  }

  constructor(name: string, args: VolumeArgs = {}, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(volume, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
    announceImport(this, volume, opts);
  }
}
