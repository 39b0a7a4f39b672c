/**
 * Serverlet (`/serverlets`). Pulumi and import id: the serverlet id. Create and update wait until it is
 * `running` (futrou:readyTimeoutSeconds); workspace and region replace it.
 */
import { MODELS } from "../api/models";
import { defineSpec, filterBy } from "../spec";

export const serverlet = defineSpec(
  {
    kind: "serverlet",
    typeName: "Serverlet",
    idFormat: "<serverletId>",
    autoName: "name",
    unique: { field: "name", within: ["workspaceId"] },
    lookup: { fields: ["name", "workspaceId"], filter: filterBy("name") },
    volatile: ["state", "stateReason", "instances"],
    ready: { field: "state", ready: "running", failed: ["failed"], reasonField: "stateReason" },
  },
  MODELS.serverlet,
);
