/**
 * Volume (`/volumes`). Pulumi and import id: the volume id. It only grows: a smaller `sizeGb` fails at
 * check (preview), before any request; type and region replace it.
 */

import { defineSpec, uniqueInWorkspace } from "../../spec";
import { VOLUME } from "./fields";

export const volume = defineSpec({
  kind: "volume",
  doc: 'A block storage volume. Import with `{ import: "<volumeId>" }`: the program must match the remote volume.',
  fields: VOLUME,
  autoName: "name",
  ...uniqueInWorkspace("name"),
  replacementLoses: (olds) => `its data${typeof olds.sizeGb === "number" ? ` (${olds.sizeGb} GB)` : ""}`,
  transition: {
    fields: ["sizeGb"],
    rule: (olds, news) =>
      typeof olds.sizeGb === "number" && typeof news.sizeGb === "number" && news.sizeGb < olds.sizeGb
        ? {
            property: "sizeGb",
            reason: `cannot shrink a volume from ${olds.sizeGb} to ${news.sizeGb} GB: volumes can only grow (to start smaller, create a new volume under another name and move the data)`,
          }
        : undefined,
  },
  example: {
    resources: [
      { name: "shop", type: "Project", args: { displayName: "Shop" } },
      { name: "data", type: "Volume", args: { projectId: { ref: "shop.id" }, sizeGb: 20 } },
    ],
    exports: { volumeName: { ref: "data.name" } },
  },
});
