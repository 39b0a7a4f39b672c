/** Cron job (`/crons`). Pulumi and import id: the cron id. Headers and body may hold credentials: secrets. */
import { MODELS } from "../api/models";
import { defineSpec, filterBy } from "../spec";

export const cron = defineSpec(
  {
    kind: "cron",
    typeName: "Cron",
    idFormat: "<cronId>",
    autoName: "name",
    unique: { field: "name", within: ["workspaceId"] },
    lookup: { fields: ["name", "workspaceId"], filter: filterBy("name") },
    secrets: ["headers", "body"],
    volatile: ["startedAt"],
  },
  MODELS.cron,
);
