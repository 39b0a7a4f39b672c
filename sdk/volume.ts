import type * as pulumi from "@pulumi/pulumi";
import { volume } from "../provider/kinds/volume/spec";
import type { VolumeArgs, VolumeComputed } from "./generated/volume";
import { resourceClass } from "./kindClass";
import type { OutputsOf, ResourceClass } from "./types";

export type { VolumeArgs };

/** Outputs the runtime sets on the instance. */
export interface Volume extends pulumi.CustomResource, OutputsOf<VolumeArgs>, VolumeComputed {}

/** A block storage volume. Import with `{ import: "<volumeId>" }`: the program must match the remote volume. */
export const Volume: ResourceClass<VolumeArgs, Volume> = resourceClass(volume);
