// Generated from the kinds' folders by scripts/declarations.ts (`make docs`): do not edit.
import type * as pulumi from "@pulumi/pulumi";
import { workspaceMember } from "../../provider/kinds/workspaceMember/spec";
import { resourceClass } from "../kindClass";
import type { OutputsOf, ResourceClass, Timestamps } from "../types";

/** The inputs of a WorkspaceMember. */
export interface WorkspaceMemberArgs {
  /** The user to add: the id of an existing Futrou user, not yet a member of the workspace. Part of the member's id, so it cannot be a secret. Changing it replaces the member. */
  userId: pulumi.Input<string>;
  /** What the member may do: `none`, `viewer`, `developer`, `billing_manager`, `administrator`, `owner` (lowest to highest). Default `viewer`. Updated in place. */
  role?: pulumi.Input<"none" | "viewer" | "developer" | "billing_manager" | "administrator" | "owner">;
  /** The projects (Project ids, of this workspace) the member is limited to; empty: every project. Default `[]`. Updated in place. */
  projectIds?: pulumi.Input<pulumi.Input<string>[]>;
  /** The workspace the user joins. Default: the API token's workspace. Changing it replaces the member. Part of the member's id, so it cannot be a secret. */
  workspaceId?: pulumi.Input<string>;
}

/** Read-only fields set by the API. */
export interface WorkspaceMemberComputed extends Timestamps {
  /** The membership's own id (the Pulumi id is `<workspaceId>/<userId>`: the API names a member by its user). */
  readonly memberId: pulumi.Output<string>;
}

/** Outputs the runtime sets on the instance. */
export interface WorkspaceMember extends pulumi.CustomResource, OutputsOf<WorkspaceMemberArgs>, WorkspaceMemberComputed {}

/** A user's membership of a workspace (the API's `WorkspaceUser`), with a role and, optionally, the projects it is limited to. The user must exist already; `userId` is its id. The API names a member by its user (`/workspaces/{workspaceId}/users/{userId}`), so the id and import id are `<workspaceId>/<userId>` and neither part can be a secret. A user is a member of a workspace once: adding one who already is fails, naming the member (adopt it with `import`), and a replacement deletes the old membership first. The request body and the default role `viewer` are assumed. Import with `{ import: "<workspaceId>/<userId>" }`. */
export const WorkspaceMember: ResourceClass<WorkspaceMemberArgs, WorkspaceMember> = resourceClass(workspaceMember);
