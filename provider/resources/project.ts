/** Project (`/projects`). Pulumi and import id: the project id. Moving to another workspace replaces it. */
import { PROJECT } from "../kinds/project/fields";
import { defineSpec, uniqueInWorkspace } from "../spec";

export const project = defineSpec({
  kind: "project",
  fields: PROJECT,
  autoName: "name",
  ...uniqueInWorkspace("name"),
});
