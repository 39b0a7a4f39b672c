// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { cron } from "../../provider/kinds/cron/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a Cron. */
export interface CronArgs {
  /** The job's name, at most 255 characters. Default: `<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`). Updated in place. */
  name?: pulumi.Input<string>;
  /** When to run: five cron fields (`*\/5 * * * *`) or a macro such as `@daily`. Updated in place. */
  schedule: pulumi.Input<string>;
  /** `simple` (call `url`) or `code` (run `code`). Default `simple`. Updated in place. */
  type?: pulumi.Input<"simple" | "code">;
  /** HTTP method for `simple` jobs. Default `GET`. Updated in place. */
  method?: pulumi.Input<"GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS">;
  /** The http(s) URL a `simple` job calls (required for `simple`), at most 8000 characters. Default: `null`. Updated in place. */
  url?: pulumi.Input<string | null>;
  /** Request headers; may hold credentials, so always a Pulumi secret. Default `{}`. Updated in place. */
  headers?: pulumi.Input<Record<string, pulumi.Input<string>>>;
  /** Request body; always a Pulumi secret. Default: `null`. Updated in place. */
  body?: pulumi.Input<string | null>;
  /** The code a `code` job runs (required for `code`). Default: `null`. Updated in place. */
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

/** Outputs the runtime sets on the instance. */
export interface Cron extends pulumi.CustomResource, OutputsOf<CronArgs>, CronComputed {}

/** A scheduled job. Import with `{ import: "<cronId>" }`: the program must match the remote job. */
export const Cron: ResourceClass<CronArgs, Cron> = resourceClass(cron);
