import * as pulumi from "@pulumi/pulumi";
import { cron } from "../provider/resources/cron";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf, Timestamps } from "./types";

export interface CronArgs {
  /** The job's name, at most 255 characters. Default: `<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`). Updated in place. */
  name?: pulumi.Input<string>;
  /** When to run: five cron fields (`*\/5 * * * *`) or a macro such as `@daily`. Updated in place. */
  schedule: pulumi.Input<string>;
  /** `simple` (call `url`) or `code` (run `code`). Default `simple`. Updated in place. */
  type?: pulumi.Input<"simple" | "code">;
  /** HTTP method for `simple` jobs. Default `GET`. Updated in place. */
  method?: pulumi.Input<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD">;
  /** The http(s) URL a `simple` job calls (required for `simple`), at most 8000 characters. Default `null`. Updated in place. */
  url?: pulumi.Input<string | null>;
  /** Request headers; may hold credentials, so always a Pulumi secret. Default `{}`. Updated in place. */
  headers?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Request body; always a Pulumi secret. Default `null`. Updated in place. */
  body?: pulumi.Input<string | null>;
  /** The code a `code` job runs (required for `code`). Default `null`. Updated in place. */
  code?: pulumi.Input<string | null>;
  /** Whether the schedule is active. Default `true`. Updated in place. */
  enabled?: pulumi.Input<boolean>;
  /** The owning workspace. Default: the API token's workspace. Changing it replaces the job. */
  workspaceId?: pulumi.Input<string>;
  /** The project the job belongs to. Default `null`. Updated in place. */
  projectId?: pulumi.Input<string | null>;
  /** The cron plan id (see `getCronPlan`). Default `null`. Updated in place. */
  cronPlanId?: pulumi.Input<string | null>;
  /** The region id (see `getRegions`). Default `null`. Updated in place. */
  regionId?: pulumi.Input<string | null>;
}

/** Read-only fields set by the API. */
export interface CronComputed extends Timestamps {
  /** When the job last started (ISO 8601), or `null`. Changes on its own; never a diff. */
  readonly startedAt: pulumi.Output<string | null>;
}

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
