/** A workspace member's test examples (provider/kinds/cases.ts says where each is used). */
import { FAKE_ID, type KindCases } from "../cases";

export const cases: KindCases = {
  lifecycle: {
    // A member's user must exist, and its projects must be the workspace's.
    required: (c) => ({ userId: c.users[0] }),
    update: (c) => ({ projectIds: [c.projectId] }),
    replace: (c) => ({ userId: c.users[1] }),
  },
  contract: [
    {
      label: "a user with the default role",
      program: { userId: "usr-2" },
      update: { role: "developer" },
    },
    {
      label: "an administrator limited to one project",
      program: { userId: "usr-3", role: "administrator", projectIds: ["prj-7"] },
      update: { projectIds: ["prj-7", "prj-8"] },
    },
  ],
  badInput: [
    { what: "a user id with a slash", args: { userId: "a/b" }, field: "userId" },
    { what: "a role the API has not", args: { userId: FAKE_ID, role: "emperor" }, field: "role" },
    { what: "a workspace id `..`", args: { userId: FAKE_ID, workspaceId: ".." }, field: "workspaceId" },
  ],
};
