/** Project (`/projects`). Pulumi and import id: the project id. Moving to another workspace replaces it. */

import { defineSpec, uniqueInWorkspace } from "../../spec";
import { PROJECT } from "./fields";

export const project = defineSpec({
  kind: "project",
  fields: PROJECT,
  autoName: "name",
  ...uniqueInWorkspace("name"),
});
