/** Volume — `/volumes`. The response is the narrow "Interface": `{id, name, sizeGb, type, createdAt, updatedAt}`. */
import { z } from "zod";
import { id, text255, timestamps, wireKind } from "./kind";

export const volume = wireKind({
  name: "Volume",
  request: {
    name: text255,
    // ASSUMED: whole GB, >= 0, not -0: the CLI sends it from an int flag (the types' float64 is the
    // response's). ASSUMED: it only grows (checked against the stored size).
    sizeGb: z
      .number()
      .int("must be a whole number of GB")
      .min(0, "must be 0 or more GB")
      .refine((gb) => !Object.is(gb, -0), "must be 0 or more GB (not -0)")
      .optional(),
    // A free string in the types; the CLI's default is ssd.
    type: z.string().min(1).max(255).optional(),
    // The CLI posts `{name, sizeGb, type}` (its tests answer 201): the token's workspace.
    workspaceId: id.optional(),
    // ASSUMED: project, region and plan ids on create.
    projectId: id.optional(),
    regionId: id.optional(),
    volumePlanId: id.optional(),
  },
  // ASSUMED: a volume keeps its type and region.
  createOnly: ["workspaceId", "type", "regionId"],
  // CLI defaults.
  defaults: { sizeGb: 10, type: "ssd" },
  published: { name: z.string(), sizeGb: z.number(), type: z.string(), ...timestamps },
  kept: { workspaceId: id, projectId: id, regionId: id, volumePlanId: id },
});
