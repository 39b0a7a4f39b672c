import type * as pulumi from "@pulumi/pulumi";
import { cron } from "../provider/kinds/cron/spec";
import type { CronArgs, CronComputed } from "./generated/cron";
import { resourceClass } from "./kindClass";
import type { OutputsOf, ResourceClass } from "./types";

export type { CronArgs };

/** Outputs the runtime sets on the instance. */
export interface Cron extends pulumi.CustomResource, OutputsOf<CronArgs>, CronComputed {}

/** A scheduled job. Import with `{ import: "<cronId>" }`: the program must match the remote job. */
export const Cron: ResourceClass<CronArgs, Cron> = resourceClass(cron);
