/** A project's fields (`/projects`), each declared once (provider/kinds/fields.ts says what is derived). */
import type { z } from "zod";
import { inputId, line, slug } from "../../api/models";
import { declare, derive, TIMESTAMPS } from "../fields";

export const PROJECT_FIELDS = declare({
  name: { input: slug, required: true, updatable: true, since: "2026-08-02" },
  displayName: { input: line.min(1), updatable: true, since: "2026-08-02" },
  workspaceId: { input: inputId, since: "2026-08-02" },
  gitRepositoryName: { since: "2026-08-02" },
  gitRepositoryUrl: { since: "2026-08-02" },
  ...TIMESTAMPS,
});

export const PROJECT = derive(PROJECT_FIELDS);
export const Project = PROJECT.model;
export type Project = z.infer<typeof Project>;
