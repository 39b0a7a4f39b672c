// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { project } from "../../provider/kinds/project/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a Project. */
export interface ProjectArgs {
  /** The project's slug: lowercase letters, digits and `-`, at most 255 characters. Default: `<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`), kept across updates. Updated in place (renames the project). */
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

/** Outputs the runtime sets on the instance. */
export interface Project extends pulumi.CustomResource, OutputsOf<ProjectArgs>, ProjectComputed {}

/** A Futrou project. Import with `{ import: "<projectId>" }`: the program must match the remote project. */
export const Project: ResourceClass<ProjectArgs, Project> = resourceClass(project);
