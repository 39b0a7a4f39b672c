/** A volume's fields (`/volumes`), each declared once (provider/kinds/fields.ts says what is derived). */
import { z } from "zod";
import { VOLUME_DEFAULTS, VOLUME_SIZE_MAX_GB } from "../../api/contract";
import { name, nullableId } from "../../api/models";
import { declare, derive, owningWorkspace, TIMESTAMPS } from "../fields";

export const VOLUME_FIELDS = declare({
  name: {
    doc: "The volume's name, at most 255 characters.",
    defaultDoc: "`<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`)",
    input: name,
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  // ASSUMED: whole GB, and not -0 (a sign error in the program; JSON sends it as `-0`). The CLI sends sizeGb
  // from an int flag (volumes.go@424ef1c:65-79; its mocks answer 10): the API was never seen taking a fraction.
  // ASSUMED: the size can only grow; the API answers a smaller size with 400 on `sizeGb`.
  sizeGb: {
    doc: "Size in GB, a whole number 0–1048576 (1 PiB).",
    changeDoc: "it can only grow; a smaller size fails at preview",
    input: z
      .number()
      .int("must be a whole number of GB")
      .min(0, "must be 0 or more GB")
      .refine((gb) => !Object.is(gb, -0), "must be 0 or more GB (not -0)")
      .max(VOLUME_SIZE_MAX_GB, `must be at most ${VOLUME_SIZE_MAX_GB} GB (1 PiB; no volume is larger)`),
    updatable: true,
    since: "2026-08-02",
    default: VOLUME_DEFAULTS.sizeGb,
  },
  type: {
    doc: "The volume type, e.g. `ssd` (a free string in the API).",
    changeDoc: "its data is lost",
    input: z.string().min(1, "must not be empty (e.g. ssd)"),
    since: "2026-08-02",
    default: VOLUME_DEFAULTS.type,
  },
  workspaceId: owningWorkspace([]),
  projectId: {
    doc: "The project the volume belongs to.",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: [],
    default: null,
  },
  regionId: {
    doc: "The region id (see `getRegions`).",
    input: nullableId,
    since: "2026-08-02",
    returned: [],
    default: null,
  },
  volumePlanId: {
    doc: "The volume plan id (see `getVolumePlan`).",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: [],
    default: null,
  },
  ...TIMESTAMPS,
});

export const VOLUME = derive(VOLUME_FIELDS, "volume");
export const Volume = VOLUME.model;
export type Volume = z.infer<typeof Volume>;
