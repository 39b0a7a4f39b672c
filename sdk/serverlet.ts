import type * as pulumi from "@pulumi/pulumi";
import { serverlet } from "../provider/kinds/serverlet/spec";
import type { ServerletArgs, ServerletComputed } from "./generated/serverlet";
import { resourceClass } from "./kindClass";
import type { OutputsOf, ResourceClass } from "./types";

export type { ServerletPortArgs, ServerletScalingArgs, ServerletVolumeArgs } from "./nested";
export type { ServerletArgs };

/** Outputs the runtime sets on the instance. */
export interface Serverlet extends pulumi.CustomResource, OutputsOf<ServerletArgs>, ServerletComputed {}

/**
 * A container service. `up` waits until it is `running` or `ready` (futrou:readyTimeoutSeconds, default 300) and
 * fails with the state and reason when it ends `failed`. Import with `{ import: "<serverletId>" }`.
 */
export const Serverlet: ResourceClass<ServerletArgs, Serverlet> = resourceClass(serverlet);
