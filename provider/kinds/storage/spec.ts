/**
 * Storage (`/storages`, the newest generation). Pulumi and import id: the storage id. Sized by its plan
 * (a new `storagePlanId` resizes it in place); workspace and region replace it, and its files with it.
 * `GET /storages` needs `workspaceId` or `projectId`: the lookup after an ambiguous create always sends the
 * workspace (check defaults it).
 */

import { defineSpec, uniqueInWorkspace } from "../../spec";
import { STORAGE } from "./fields";

export const storage = defineSpec({
  kind: "storage",
  doc: 'Persistent storage (the newest API generation\'s successor of Volume), mounted into serverlets with `Serverlet.mounts`. Its files (`/storages/{id}/files`) are data, not managed here. Deleting or replacing it deletes its files: consider the `protect` resource option. Import with `{ import: "<storageId>" }`.',
  fields: STORAGE,
  autoName: "name",
  ...uniqueInWorkspace("name"),
  apiChosen: ["storagePlanId", "regionId"],
  // Its files are data, out of Pulumi's reach: a replacement warns at preview like a volume's.
  replacementLoses: () => "its files",
  example: {
    resources: [
      { name: "shop", type: "Project", args: { displayName: "Shop" } },
      { name: "assets", type: "Storage", args: { projectId: { ref: "shop.id" }, public: false } },
    ],
    exports: { storageName: { ref: "assets.name" } },
  },
});
