/**
 * A storage's fields (`/storages`), each declared once (provider/kinds/fields.ts says what is derived). The
 * newest generation, 2026-08-30: the official CLI's `storages` command takes the place of `volumes`. Sized by
 * its plan; the CLI sends `{name, storagePlanId, workspaceId, projectId}` and PATCHes `{name?, storagePlanId?}`
 * (a new plan resizes); ASSUMED: `public` and `projectId` are updatable too (no data moves). Files under
 * `/storages/{id}/files` are data, not configuration: out of scope. Not in the 2026-08-02 types: the
 * 2026-08-30 Model, the only evidence, stands for both generations' answers (see docs/design-notes.md).
 */
import { z } from "zod";
import { GENERATIONS } from "../../api/contract";
import { inputId, name, nullableId } from "../../api/models";
import { declare, derive, TIMESTAMPS } from "../fields";

export const STORAGE_FIELDS = declare({
  name: {
    doc: "The storage's name, at most 255 characters, unique in the workspace.",
    defaultDoc: "`<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`)",
    input: name,
    required: true,
    updatable: true,
    since: "2026-08-30",
    returned: GENERATIONS,
  },
  storagePlanId: {
    doc: "The storage plan id, which sets its size (see `getStoragePlans` / `getStoragePlan`).",
    defaultDoc: "the API's choice, kept until you set one",
    changeDoc: "a new plan resizes the storage",
    input: nullableId,
    updatable: true,
    since: "2026-08-30",
    returned: GENERATIONS,
  },
  /** ASSUMED: whether the storage's files are publicly readable; writable and updatable. */
  public: {
    doc: "Whether its files are publicly readable.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-30",
    returned: GENERATIONS,
    default: false,
  },
  workspaceId: {
    doc: "The owning workspace.",
    changeDoc: "its files are lost",
    defaultDoc: "the API token's workspace",
    input: inputId,
    since: "2026-08-30",
    returned: GENERATIONS,
  },
  projectId: {
    doc: "The project the storage belongs to.",
    input: nullableId,
    updatable: true,
    since: "2026-08-30",
    returned: GENERATIONS,
    default: null,
  },
  regionId: {
    doc: "The region id (see `getRegions`).",
    changeDoc: "its files are lost",
    defaultDoc: "the API's choice, kept until you set one",
    input: nullableId,
    since: "2026-08-30",
    returned: GENERATIONS,
  },
  ...TIMESTAMPS,
});

export const STORAGE = derive(STORAGE_FIELDS, "storage");
export const Storage = STORAGE.model;
export type Storage = z.infer<typeof Storage>;
