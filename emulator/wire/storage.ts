/**
 * Storage — `/storages` (the newest generation, futrou-cli 3caf725). Response: the `Storage` Model of the
 * types generated 2026-08-30. The CLI creates with `{name, storagePlanId, workspaceId, projectId}` and PATCHes
 * `{name?, storagePlanId?}`; its deploy PATCHes whatever else changed in futrou.json (`public`, ...).
 */
import { z } from "zod";
import type { Obj, StoreData } from "../store";
import type { Generation } from "./api";
import { chosenByApi, id, text255, timestamps, wireKind } from "./kind";

const newestChoices = chosenByApi("storage");

/** ASSUMED: without a plan the API takes the first public storage plan; the newest generation a region too. */
function defaultPlan(input: Obj, data: StoreData, generation: Generation): Obj {
  const plan = data.plans.storage.find((p) => p.isPublic !== false);
  return {
    ...(input.storagePlanId === undefined && plan ? { storagePlanId: plan.id } : {}),
    ...newestChoices(input, data, generation),
  };
}

export const storage = wireKind({
  name: "Storage",
  request: {
    name: text255,
    // The CLI requires a plan; its futrou.json validator does not, so a create without one is not refused.
    storagePlanId: id.optional(),
    // ASSUMED: writable on create and update.
    public: z.boolean().optional(),
    workspaceId: id.optional(),
    projectId: id.optional(),
    // ASSUMED: writable on create only.
    regionId: id.optional(),
  },
  // ASSUMED: a storage keeps its workspace and region (its files live there).
  createOnly: ["workspaceId", "regionId"],
  // ASSUMED: private unless asked.
  defaults: { public: false },
  derive: defaultPlan,
  published: {
    name: z.string(),
    storagePlanId: id,
    public: z.boolean(),
    workspaceId: id.optional(),
    projectId: id,
    regionId: id,
    ...timestamps,
  },
});

/** `GET /storages/{id}/instances` items: the CLI prints `id`, `status`, `createdAt` (its mock: status `ready`). */
export const StorageInstance = z.object({
  id,
  storageId: id,
  status: z.string(),
  createdAt: timestamps.createdAt,
});
