/** Project (`/projects`). Pulumi and import id: the project id. Moving to another workspace replaces it. */
import { MODELS } from "../api/models";
import { defineSpec, filterBy } from "../spec";

export const project = defineSpec(
  {
    kind: "project",
    typeName: "Project",
    idFormat: "<projectId>",
    autoName: "name",
    unique: { field: "name", within: ["workspaceId"] },
    lookup: { fields: ["name", "workspaceId"], filter: filterBy("name") },
  },
  MODELS.project,
);
