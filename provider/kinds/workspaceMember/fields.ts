/**
 * A workspace member's fields (`/workspaces/{workspaceId}/users`: the `WorkspaceUser` Model, types.go@3caf725),
 * each declared once (provider/kinds/fields.ts says what is derived). The request body is not published:
 * *assumed* `{userId, role?, projectIds?}` (provider/api/contract.ts).
 */
import { z } from "zod";
import { WORKSPACE_MEMBER_DEFAULT_ROLE, WORKSPACE_ROLES } from "../../api/contract";
import { field, inputId } from "../../api/models";
import { declare, derive, TIMESTAMPS } from "../fields";

export const WORKSPACE_MEMBER_FIELDS = declare({
  userId: {
    doc: "The user to add: the id of an existing Futrou user, not yet a member of the workspace. Part of the member's id, so it cannot be a secret.",
    input: inputId,
    required: true,
    since: "2026-08-02",
  },
  /** The workspace is a path input (./spec.ts), answered too. */
  workspaceId: {
    doc: "The workspace the user joins. Default: the API token's workspace. Changing it replaces the member. Part of the member's id, so it cannot be a secret.",
    defaultDoc: "the API token's workspace",
    since: "2026-08-02",
  },
  role: {
    doc: `What the member may do: ${WORKSPACE_ROLES.map((r) => `\`${r}\``).join(", ")} (lowest to highest).`,
    input: z.enum(WORKSPACE_ROLES),
    updatable: true,
    since: "2026-08-02",
    // *Assumed*: a member added without a role is a viewer.
    default: WORKSPACE_MEMBER_DEFAULT_ROLE,
    example: "developer",
  },
  projectIds: {
    doc: "The projects (Project ids, of this workspace) the member is limited to; empty: every project.",
    input: z.array(inputId),
    updatable: true,
    since: "2026-08-02",
    answer: field(z.array(z.string())),
    // *Assumed*: absent or empty means every project, so a removed list reverts to every project.
    default: [],
  },
  // The membership's own id (the spec's `apiIdOutput`), an output; declared for its doc.
  memberId: {
    tsType: "string",
    doc: "The membership's own id (the Pulumi id is `<workspaceId>/<userId>`: the API names a member by its user).",
    since: "2026-08-02",
    returned: [],
    answer: false,
  },
  ...TIMESTAMPS,
});

export const WORKSPACE_MEMBER = derive(WORKSPACE_MEMBER_FIELDS, "member");
export const WorkspaceMember = WORKSPACE_MEMBER.model;
export type WorkspaceMember = z.infer<typeof WorkspaceMember>;
