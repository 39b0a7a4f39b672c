/** Project (`/projects`). Pulumi and import id: the project id. Moving to another workspace replaces it. */
import { defineSpec, uniqueInWorkspace } from "../spec";

export const project = defineSpec({
  kind: "project",
  autoName: "name",
  ...uniqueInWorkspace("name"),
});
