/**
 * The oracle of a workspace member (`/workspaces/{workspaceId}/users`): test/oracle/kind.ts says what each fact
 * is. SKILL.md (futrou-cli 29a7788) lists GET and POST on the collection, PATCH and DELETE on `/{userId}`; the
 * answer is the `WorkspaceUser` Model (types.go@3caf725), which stands for both generations. The request body,
 * the default role and what an empty `projectIds` means are not published: *assumed* in CONTRACT's reading.
 */
import { type KindOracle, TIMES } from "../kind";

export const oracle: KindOracle = {
  collection: "/workspaces/{workspaceId}/users",
  idPrefix: "wsu",
  // SKILL.md: the item path names a member by its user (`/users/{userId}`), so the Pulumi id ends in it.
  idFormat: "<workspaceId>/<userId>",
  itemKey: "userId",
  // A user is a member of a workspace once.
  unique: "userId",
  published: ["userId", "workspaceId", "role", "projectIds", ...TIMES],
  // *Assumed*: a member added without a role is a viewer, limited to no project (every project).
  apiDefaults: { role: "viewer", projectIds: [] },
  // The Model embeds the user and the workspace.
  extras: { user: { id: "usr-1", fullname: "Ada Lovelace", email: "ada@example.com" } },
  replace: {
    userId: "SKILL.md: the item path names the member by its user (`/users/{userId}`): another user is another member",
    workspaceId:
      "the workspace is the collection's path (`/workspaces/{workspaceId}/users`): another is another member",
  },
};
