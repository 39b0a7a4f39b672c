/** A project's fields (`/projects`), each declared once (provider/kinds/fields.ts says what is derived). */
import type { z } from "zod";
import { inputId, line, slug } from "../../api/models";
import { declare, derive, TIMESTAMPS } from "../fields";

export const PROJECT_FIELDS = declare({
  name: {
    doc: "The project's slug: lowercase letters, digits and `-`, at most 255 characters.",
    defaultDoc:
      "`<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`), kept across updates",
    changeDoc: "renames the project",
    input: slug,
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  displayName: {
    doc: "The name shown in the console, at most 255 characters.",
    defaultDoc: "the API uses `name`",
    input: line.min(1),
    updatable: true,
    since: "2026-08-02",
  },
  workspaceId: {
    doc: "The workspace that owns the project.",
    defaultDoc: "the API token's workspace",
    input: inputId,
    since: "2026-08-02",
  },
  gitRepositoryName: {
    tsType: "string | null",
    doc: "The linked Git repository's name, if any (set outside Pulumi).",
    since: "2026-08-02",
  },
  gitRepositoryUrl: {
    tsType: "string | null",
    doc: "The linked Git repository's URL, if any (set outside Pulumi).",
    since: "2026-08-02",
  },
  ...TIMESTAMPS,
});

export const PROJECT = derive(PROJECT_FIELDS, "project");
export const Project = PROJECT.model;
export type Project = z.infer<typeof Project>;
