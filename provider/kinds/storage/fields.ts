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
  name: { input: name, required: true, updatable: true, since: "2026-08-30", returned: GENERATIONS },
  storagePlanId: { input: nullableId, updatable: true, since: "2026-08-30", returned: GENERATIONS },
  /** ASSUMED: whether the storage's files are publicly readable; writable and updatable. */
  public: { input: z.boolean(), updatable: true, since: "2026-08-30", returned: GENERATIONS, default: false },
  workspaceId: { input: inputId, since: "2026-08-30", returned: GENERATIONS },
  projectId: { input: nullableId, updatable: true, since: "2026-08-30", returned: GENERATIONS, default: null },
  regionId: { input: nullableId, since: "2026-08-30", returned: GENERATIONS },
  ...TIMESTAMPS,
});

export const STORAGE = derive(STORAGE_FIELDS);
export const Storage = STORAGE.model;
export type Storage = z.infer<typeof Storage>;
