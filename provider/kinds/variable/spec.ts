/**
 * Variable (`/variables`). Pulumi and import id: the variable id. The value is never in a response (kept):
 * outputs keep it from the inputs, so its drift cannot be seen; key and scope replace. It is a secret when
 * the program makes it one or `isSecret` is true.
 */
import type { Query } from "../../api/client";
import { COLLECTIONS } from "../../api/contract";
import { defineSpec, type Props } from "../../spec";
import { VARIABLE, VARIABLE_SCOPES } from "./fields";

/** List within the variable's scope when the API can filter by it (serverletId is not a list filter). */
const byScope = (body: Props): Query =>
  body.projectId
    ? { projectId: body.projectId as string }
    : body.workspaceId
      ? { workspaceId: body.workspaceId as string }
      : {};

export const variable = defineSpec({
  kind: "variable",
  doc: 'An environment variable for a workspace, project or serverlet. Import with `{ import: "<variableId>" }`; the value cannot be compared on import (the API never returns it): the program\'s value is kept.',
  fields: VARIABLE,
  unique: { field: "key", within: VARIABLE_SCOPES },
  lookup: { fields: ["key", ...VARIABLE_SCOPES], filter: byScope },
  // The value is a secret when the program makes it one or marks the variable `isSecret`; otherwise it
  // diffs like any field (`"on"` → `"off"` shows in the preview).
  secretWhen: { value: "isSecret" },
  owners: [
    { field: "projectId", collection: COLLECTIONS.project },
    { field: "serverletId", collection: COLLECTIONS.serverlet },
  ],
  example: {
    resources: [
      { name: "shop", type: "Project", args: { displayName: "Shop" } },
      { name: "logLevel", type: "Variable", args: { projectId: { ref: "shop.id" }, key: "LOG_LEVEL", value: "info" } },
    ],
    exports: { variableId: { ref: "logLevel.id" } },
  },
});
