/**
 * Workspace member (`/workspaces/{workspaceId}/users`, SKILL.md: GET list, POST; PATCH and DELETE
 * `/{userId}`). Pulumi and import id: `<workspaceId>/<userId>` (the item path names a member by its user); the
 * membership's own id is the output `memberId`. A user is a member of a workspace once: adding one who already
 * is fails, naming the member, and every replacement deletes first. Another user or workspace replaces it.
 */
import { z } from "zod";
import { ApiId } from "../../api/path";
import { defineSpec } from "../../spec";
import { WORKSPACE_MEMBER } from "./fields";

export const workspaceMember = defineSpec({
  kind: "workspaceMember",
  doc: "A user's membership of a workspace (the API's `WorkspaceUser`), with a role and, optionally, the projects it is limited to. The user must exist already; `userId` is its id. The API names a member by its user (`/workspaces/{workspaceId}/users/{userId}`), so the id and import id are `<workspaceId>/<userId>` and neither part can be a secret. A user is a member of a workspace once: adding one who already is fails, naming the member (adopt it with `import`), and a replacement deletes the old membership first. The request body and the default role `viewer` are assumed. Import with `{ import: \"<workspaceId>/<userId>\" }`.",
  fields: WORKSPACE_MEMBER,
  idFormat: "<workspaceId>/<userId>",
  pathInputs: z.object({ workspaceId: z.string().min(1, "must be the id of a workspace").pipe(ApiId).optional() }),
  itemKey: "userId",
  apiIdOutput: "memberId",
  unique: { field: "userId", within: ["workspaceId"] },
  lookup: { fields: ["userId"] },
  example: {
    resources: [
      { name: "shop", type: "Project", args: { displayName: "Shop" } },
      {
        name: "alice",
        type: "WorkspaceMember",
        args: { userId: "8d4f2b6e-3c1a-4e5f-9a7b-0c2d4e6f8a1b", role: "developer", projectIds: [{ ref: "shop.id" }] },
      },
    ],
    exports: { memberId: { ref: "alice.memberId" } },
  },
});
