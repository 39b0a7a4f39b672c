/** The oracle of a storage (`/storages`): test/oracle/kind.ts says what each fact is and where it comes from. */
import { type KindOracle, TIMES, WORKSPACE_MOVE } from "../kind";

export const oracle: KindOracle = {
  collection: "/storages",
  idPrefix: "storage",
  idFormat: "<storageId>",
  unique: "name",
  // The Storage Model of the types generated 2026-08-30 (futrou-cli 3caf725).
  published: ["name", "storagePlanId", "public", "workspaceId", "projectId", "regionId", ...TIMES],
  // The CLI's mock has a plan on every storage: the API's choice when a create names none.
  apiDefaults: { storagePlanId: "storage-plan-1", public: false },
  extras: { storagePlan: { id: "storage-plan-1", size: { gb: 10 } }, region: { id: "reg-1" }, files: 3 },
  replace: {
    regionId: "a storage's files live in the region it was created in: its update carries no regionId",
    workspaceId: WORKSPACE_MOVE,
  },
  newest: { apiDefaults: { storagePlanId: "storage-plan-1", public: false, regionId: "reg-1" } },
};
