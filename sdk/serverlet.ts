import * as pulumi from "@pulumi/pulumi";
import { serverlet } from "../provider/resources/serverlet";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf, Timestamps } from "./types";

/** A volume mounted into the serverlet. */
export interface ServerletVolumeArgs {
  /** The Volume id. */
  volumeId: pulumi.Input<string>;
  /** Absolute mount path, e.g. `/data`. */
  mountPath: pulumi.Input<string>;
  /** Mount read-only. Default `false`. */
  readOnly?: pulumi.Input<boolean>;
}

/** A port the serverlet listens on. */
export interface ServerletPortArgs {
  /** 1–65535. */
  port: pulumi.Input<number>;
  /** `http`, `tcp` or `udp`. Default `http`. */
  protocol?: pulumi.Input<"http" | "tcp" | "udp">;
}

/**
 * Autoscaling: a map of numbers. The 2026-08-02 API takes the four keys below (all of them); the 2026-08-30
 * Model is a map whose keys are not published, so other keys pass through as given.
 */
export interface ServerletScalingArgs {
  /** Scale up above this CPU use, 1–100 %. */
  cpuPercent?: pulumi.Input<number>;
  /** Scale up above this memory use, 1–100 %. */
  ramPercent?: pulumi.Input<number>;
  /** Seconds between scale-ups. */
  upCooldown?: pulumi.Input<number>;
  /** Seconds between scale-downs. */
  downCooldown?: pulumi.Input<number>;
  [key: string]: pulumi.Input<number> | undefined;
}

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
  /** Fewest instances, a whole number 0–1000, at most `maxInstances`. Default 1. Updated in place. */
  minInstances?: pulumi.Input<number>;
  /** Most instances, a whole number 0–1000. Default 1. Updated in place. */
  maxInstances?: pulumi.Input<number>;
  /** CPU per instance in **millicores**, a whole number 10–32000 (`250` = a quarter core). The 2026-08-02 API only: the newest sizes by plan. Default: the API's (from the plan). Updated in place. */
  cpu?: pulumi.Input<number>;
  /** Memory per instance in **MiB**, a whole number 32–262144. The 2026-08-02 API only: the newest sizes by plan. Default: the API's (from the plan). Updated in place. */
  ram?: pulumi.Input<number>;
  /** Environment variables. Default `{}`. Updated in place. */
  env?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Mounted volumes (2026-08-02). Default `[]`. Updated in place. */
  volumes?: pulumi.Input<pulumi.Input<ServerletVolumeArgs>[]>;
  /** Mounted storages (2026-08-30): absolute mount path → Storage id, e.g. `{ "/data": files.id }`. A path may not be in `volumes` too. Default `null` (none). Updated in place. */
  mounts?: pulumi.Input<Record<string, pulumi.Input<string>> | null>;
  /** Listening ports. Default `[]`. Updated in place. */
  ports?: pulumi.Input<pulumi.Input<ServerletPortArgs>[]>;
  /** Autoscaling. Default `null` (none). Updated in place. */
  scaling?: pulumi.Input<ServerletScalingArgs | null>;
  /** CPU architecture, `amd64` or `arm64` (2026-08-30). Default: the API's choice, kept until you set one. Updated in place. */
  arch?: pulumi.Input<"amd64" | "arm64" | null>;
  /** A private network id. Default `null`. Updated in place. */
  networkId?: pulumi.Input<string | null>;
  /** A runtime name, for images built by the platform. Default `null`. Updated in place. */
  runtime?: pulumi.Input<string | null>;
}

/** Read-only fields set by the API. */
export interface ServerletComputed extends Timestamps {
  /**
   * As the API reports it: `state` in the 2026-08-02 API (`deploying`, `running`, `stopped`, `failed`), or
   * `status` in the 2026-08-30 one (`pending`, `creating`, `ready`, `deleting`, `deleted`, `failed`); other
   * values may appear. `running` or `ready` after up. Changes on its own; never a diff.
   */
  readonly state: pulumi.Output<string>;
  /** Why the serverlet is `failed`, when the API says (its published shape does not promise it). */
  readonly stateReason: pulumi.Output<string | null | undefined>;
  /** Instances running now (the 2026-08-02 API only). Changes on its own; never a diff. */
  readonly instances: pulumi.Output<number>;
}

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
