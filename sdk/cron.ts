import * as pulumi from "@pulumi/pulumi";
import type { Cron as CronModel } from "../provider/api/models";
import { cron } from "../provider/resources/cron";
import { type OutputsOf, resourceArgs, restoreDebugStacks, type Timestamps, withoutDebugStacks } from "./resource";

export interface CronArgs {
  /** The job's name, at most 63 characters. Default: `<logical name>-<7 random characters>`. Updated in place. */
  name?: pulumi.Input<string>;
  /** When to run: five cron fields (`*\/5 * * * *`) or a macro such as `@daily`. Updated in place. */
  schedule: pulumi.Input<string>;
  /** `simple` (call `url`) or `code` (run `code`). Default `simple`. Updated in place. */
  type?: pulumi.Input<"simple" | "code">;
  /** HTTP method for `simple` jobs. Default `GET`. Updated in place. */
  method?: pulumi.Input<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD">;
  /** The http(s) URL a `simple` job calls (required for `simple`). Default `null`. Updated in place. */
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
export interface Cron extends OutputsOf<CronArgs, CronModel>, CronComputed {}

/** A scheduled job. Import with `{ import: "<cronId>" }`: the program must match the remote job. */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Cron extends pulumi.CustomResource {
  constructor(name: string, args: CronArgs, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(cron, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
  }
}
