// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { serverlet } from "../../provider/kinds/serverlet/spec";
import { resourceClass } from "../kindClass";
import type { ServerletPortArgs, ServerletScalingArgs, ServerletVolumeArgs } from "../nested";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a Serverlet. */
export interface ServerletArgs {
  /** The serverlet's name, at most 255 characters. Default: `<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`). Updated in place. */
  name?: pulumi.Input<string>;
  /** The container image, e.g. `ghcr.io/acme/api:1.4`, at most 512 characters. Updated in place (redeploys; up waits for `running`). */
  image: pulumi.Input<string>;
  /** The serverlet plan id (see `getServerletPlan`), which sizes it in the newest API. Default: the API's choice, kept until you set one. Updated in place. */
  serverletPlanId?: pulumi.Input<string | null>;
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the serverlet. */
  workspaceId?: pulumi.Input<string>;
  /** The project the serverlet belongs to. Default `null`. Updated in place. */
  projectId?: pulumi.Input<string | null>;
  /** The region id (see `getRegions`). Default: the API's choice, kept until you set one. Changing it replaces the serverlet. */
  regionId?: pulumi.Input<string | null>;
  /** Fewest instances, a whole number 0–1000, at most `maxInstances`. Default `1`. Updated in place. */
  minInstances?: pulumi.Input<number>;
  /** Most instances, a whole number 0–1000. Default `1`. Updated in place. */
  maxInstances?: pulumi.Input<number>;
  /** CPU per instance in **millicores**, a whole number 10–32000 (`250` = a quarter core). The 2026-08-02 API only: the newest sizes by plan. Default: the API's (from the plan). Updated in place. */
  cpu?: pulumi.Input<number>;
  /** Memory per instance in **MiB**, a whole number 32–262144. The 2026-08-02 API only: the newest sizes by plan. Default: the API's (from the plan). Updated in place. */
  ram?: pulumi.Input<number>;
  /** Environment variables. Default `{}`. Updated in place. */
  env?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Mounted volumes (2026-08-02). Default `[]`. Updated in place. */
  volumes?: pulumi.Input<pulumi.Input<ServerletVolumeArgs>[]>;
  /** Mounted storages (2026-08-30): absolute mount path → Storage id, e.g. `{ "/data": files.id }`. A path may not be in `volumes` too. Default `null`. Updated in place. */
  mounts?: pulumi.Input<Record<string, pulumi.Input<string>> | null>;
  /** Listening ports. Default `[]`. Updated in place. */
  ports?: pulumi.Input<pulumi.Input<ServerletPortArgs>[]>;
  /** Autoscaling. Default `null`. Updated in place. */
  scaling?: pulumi.Input<ServerletScalingArgs | null>;
  /** CPU architecture, `amd64` or `arm64` (2026-08-30). Default: the API's choice, kept until you set one. Updated in place. */
  arch?: pulumi.Input<"amd64" | "arm64" | null>;
  /** A private network id. Default: `null`. Updated in place. */
  networkId?: pulumi.Input<string | null>;
  /** A runtime name, for images built by the platform. Default: `null`. Updated in place. */
  runtime?: pulumi.Input<string | null>;
}

/** Read-only fields set by the API. */
export interface ServerletComputed extends Timestamps {
  /** Instances running now (the 2026-08-02 API only). Changes on its own; never a diff. */
  readonly instances: pulumi.Output<number>;
  /** As the API reports it: `state` in the 2026-08-02 API (`deploying`, `running`, `stopped`, `failed`), or `status` in the 2026-08-30 one (`pending`, `creating`, `ready`, `deleting`, `deleted`, `failed`); other values may appear. `running` or `ready` after up. Changes on its own; never a diff. */
  readonly state: pulumi.Output<string>;
  /** Why the serverlet is `failed`, when the API says (its published shape does not promise it). */
  readonly stateReason: pulumi.Output<string | null | undefined>;
}

/** Outputs the runtime sets on the instance. */
export interface Serverlet extends pulumi.CustomResource, OutputsOf<ServerletArgs>, ServerletComputed {}

/** A container service. `up` waits until it is `running` or `ready` (futrou:readyTimeoutSeconds, default 300) and fails with the state and reason when it ends `failed`. Import with `{ import: "<serverletId>" }`. */
export const Serverlet: ResourceClass<ServerletArgs, Serverlet> = resourceClass(serverlet);
