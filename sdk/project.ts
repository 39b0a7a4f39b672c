import * as pulumi from "@pulumi/pulumi";
import { project } from "../provider/resources/project";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf, Timestamps } from "./types";

export interface ProjectArgs {
  /**
   * The project's slug: lowercase letters, digits and `-`, at most 255 characters. Default: `<logical name>-<7
   * characters>`, the same in every run of the stack (see `pulumi:autonaming`), kept across updates. Changing it
   * renames the project in place.
   */
  name?: pulumi.Input<string>;
  /** The name shown in the console, at most 255 characters. Default: the API uses `name`. Updated in place. */
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
export interface Project extends OutputsOf<ProjectArgs>, ProjectComputed {}

/**
 * A Futrou project. Import with `{ import: "<projectId>" }`: the program must match the remote project.
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: see the interface above
export class Project extends pulumi.CustomResource {
  /**
   * An existing Project by its id (`<projectId>`), read into the program without managing it: `refresh` reads it,
   * `destroy` leaves it alone. `state` may give values the API never returns (kept fields).
   */
  static get(
    name: string,
    id: pulumi.Input<pulumi.ID>,
    state?: StateOf<ProjectArgs>,
    opts?: pulumi.CustomResourceOptions,
  ): Project {
    return new Project(name, state as ProjectArgs, { ...opts, id });
  }

  constructor(name: string, args: ProjectArgs = {}, opts?: pulumi.CustomResourceOptions) {
    try {
      super(...withoutDebugStacks(resourceArgs(project, name, args, opts)));
    } finally {
      restoreDebugStacks();
    }
    announceImport(this, project, opts);
  }
}
