import * as pulumi from "@pulumi/pulumi";
import { project } from "../provider/resources/project";
import type { ProjectArgs, ProjectComputed } from "./generated/project";
import { announceImport, resourceArgs, restoreDebugStacks, withoutDebugStacks } from "./resource";
import type { OutputsOf, StateOf } from "./types";

export type { ProjectArgs };

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
