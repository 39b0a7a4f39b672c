// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { volume } from "../../provider/kinds/volume/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a Volume. */
export interface VolumeArgs {
  /** The volume's name, at most 255 characters. Default: `<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`). Updated in place. */
  name?: pulumi.Input<string>;
  /** Size in GB, a whole number 0–1048576 (1 PiB). Default `10`. Updated in place (it can only grow; a smaller size fails at preview). */
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

/** Read-only fields set by the API. */
export interface VolumeComputed extends Timestamps {
}

/** Outputs the runtime sets on the instance. */
export interface Volume extends pulumi.CustomResource, OutputsOf<VolumeArgs>, VolumeComputed {}

/** A block storage volume. Import with `{ import: "<volumeId>" }`: the program must match the remote volume. */
export const Volume: ResourceClass<VolumeArgs, Volume> = resourceClass(volume);
