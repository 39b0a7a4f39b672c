import type * as pulumi from "@pulumi/pulumi";
import { project } from "../provider/kinds/project/spec";
import type { ProjectArgs, ProjectComputed } from "./generated/project";
import { resourceClass } from "./kindClass";
import type { OutputsOf, ResourceClass } from "./types";

export type { ProjectArgs };

/** Outputs the runtime sets on the instance. */
export interface Project extends pulumi.CustomResource, OutputsOf<ProjectArgs>, ProjectComputed {}

/**
 * A Futrou project. Import with `{ import: "<projectId>" }`: the program must match the remote project.
 */
export const Project: ResourceClass<ProjectArgs, Project> = resourceClass(project);
