/** The oracle of a volume (`/volumes`): test/oracle/kind.ts says what each fact is and where it comes from. */
import { type KindOracle, TIMES, WORKSPACE_MOVE } from "../kind";

export const oracle: KindOracle = {
  collection: "/volumes",
  idPrefix: "vol",
  idFormat: "<volumeId>",
  unique: "name",
  published: ["name", "sizeGb", "type", ...TIMES],
  stored: ["workspaceId", "projectId", "regionId", "volumePlanId"],
  apiDefaults: { sizeGb: 10, type: "ssd" },
  extras: { public: false, storagePlan: { id: "sp-1", size: { gb: 10 } } },
  unseen: ["projectId", "volumePlanId"],
  replace: {
    type: "CONTRACT.md Volume: changing type = replace (hdd and ssd are different disks)",
    regionId: "CONTRACT.md Volume: changing regionId = replace",
    workspaceId: WORKSPACE_MOVE,
  },
};
