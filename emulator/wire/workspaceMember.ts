/**
 * Workspace member — `/workspaces/{workspaceId}/users` (SKILL.md: GET list, POST; PATCH and DELETE
 * `/{userId}`). Response: the `WorkspaceUser` Model of both generations (`id`, `userId`, `workspaceId`,
 * `role`, `projectIds`, timestamps). The request body is not published: ASSUMED `{userId, role?,
 * projectIds?}`, the Model's writable-looking fields.
 */
import { z } from "zod";
import { id, timestamps, wireKind } from "./kind";

/** `WorkspaceRole`, lowest to highest (types.go@3caf725). */
export const WORKSPACE_ROLES = ["none", "viewer", "developer", "billing_manager", "administrator", "owner"] as const;

export const workspaceMember = wireKind({
  name: "WorkspaceUser",
  request: {
    userId: id,
    role: z.enum(WORKSPACE_ROLES).optional(),
    // ASSUMED: the projects a member is limited to; absent or empty means every project.
    projectIds: z.array(id).optional(),
  },
  // ASSUMED: a membership is of one user; another user is another membership.
  createOnly: ["userId"],
  // ASSUMED: a new member may look, not change.
  defaults: { role: "viewer" },
  published: {
    userId: id,
    workspaceId: id,
    role: z.string(),
    projectIds: z.array(id),
    ...timestamps,
  },
});
