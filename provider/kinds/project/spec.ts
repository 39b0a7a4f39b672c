/** Project (`/projects`). Pulumi and import id: the project id. Moving to another workspace replaces it. */

import { defineSpec, uniqueInWorkspace } from "../../spec";
import { PROJECT } from "./fields";

export const project = defineSpec({
  kind: "project",
  doc: 'A Futrou project. Import with `{ import: "<projectId>" }`: the program must match the remote project.',
  fields: PROJECT,
  autoName: "name",
  ...uniqueInWorkspace("name"),
  example: {
    resources: [{ name: "shop", type: "Project", args: { name: "shop", displayName: "Shop" } }],
    exports: { projectId: { ref: "shop.id" } },
  },
});
