/** The oracle of a variable (`/variables`): test/oracle/kind.ts says what each fact is and where it comes from. */
import { type KindOracle, TIMES } from "../kind";

export const oracle: KindOracle = {
  collection: "/variables",
  idPrefix: "var",
  idFormat: "<variableId>",
  unique: "key",
  // Never `value`: a variable's value is write-only, in no answer.
  published: ["key", "isSecret", "description", "workspaceId", "projectId", "serverletId", ...TIMES],
  apiDefaults: { isSecret: false, description: "" },
  unseen: ["value"],
  replace: {
    key: "CONTRACT.md Variable: changing key = replace",
    workspaceId: "CONTRACT.md Variable: changing the scope (workspace, project or serverlet) = replace",
    projectId: "CONTRACT.md Variable: changing the scope = replace",
    serverletId: "CONTRACT.md Variable: changing the scope = replace",
  },
  secretWhen: {
    value: {
      when: "isSecret",
      why: "a secret variable's value is a credential; a plain one (NODE_ENV) is config whose changes previews show",
    },
  },
};
