import * as pulumi from "@pulumi/pulumi";
import { volume } from "../provider/resources/volume";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf, Timestamps } from "./types";

export interface VolumeArgs {
  /** The volume's name, at most 255 characters. Default: `<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`). Updated in place. */
  name?: pulumi.Input<string>;
  /** Size in GB, a whole number 0–1048576 (1 PiB). Default 10. Can only grow (in place); a smaller size fails at preview. */
  sizeGb?: pulumi.Input<number>;
  /** The volume type, e.g. `ssd` (a free string in the API). Default `ssd`. Changing it replaces the volume (its data is lost). */
  type?: pulumi.Input<string>;
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the volume. */
  workspaceId?: pulumi.Input<string>;
  /** The project the volume belongs to. Default `null`. Updated in place. */
  projectId?: pulumi.Input<string | null>;
  /** The region id (see `getRegions`). Default `null`. Changing it replaces the volume. */
  regionId?: pulumi.Input<string | null>;
  /** The volume plan id (see `getVolumePlan`). Default `null`. Updated in place. */
  volumePlanId?: pulumi.Input<string | null>;
}

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Volume extends OutputsOf<VolumeArgs>, Timestamps {}

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
