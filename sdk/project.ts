import * as pulumi from "@pulumi/pulumi";
import type { Project as ProjectModel } from "../provider/api/models";
import { project } from "../provider/resources/project";
import { type OutputsOf, resourceArgs, restoreDebugStacks, type Timestamps, withoutDebugStacks } from "./resource";

export interface ProjectArgs {
  /**
   * The project's slug (lowercase letters, digits and `-`, at most 63). Default: `<logical name>-<7 random
   * characters>`, kept across updates. Changing it renames the project in place.
   */
  name?: pulumi.Input<string>;
  /** The name shown in the console. Default: the API uses `name`. Updated in place. */
  displayName?: pulumi.Input<string>;
  /** The workspace that owns the project. Default: the API token's workspace. Changing it replaces the project. */
  workspaceId?: pulumi.Input<string>;
}

/** Read-only fields set by the API. */
export interface ProjectComputed extends Timestamps {
  /** The linked Git repository's name, if any (set outside Pulumi). */
  readonly gitRepositoryName: pulumi.Output<string | null>;
  /** The linked Git repository's URL, if any (set outside Pulumi). */
  readonly gitRepositoryUrl: pulumi.Output<string | null>;
}

/** Outputs the runtime sets on the instance (merged with the class below). */
export interface Project extends OutputsOf<ProjectArgs, ProjectModel>, ProjectComputed {}

/**
 * A Futrou project. Import with `{ import: "<projectId>" }`: the program must match the remote project.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Project extends pulumi.CustomResource {
  constructor(name: string, args: ProjectArgs = {}, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(project, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
  }
}
