/** Project — `/projects`. Response (Model) per CONTRACT.md; the CLI's mock answers `{id, name, displayName, workspaceId, createdAt}`. */
import { z } from "zod";
import { SLUG } from "./formats";
import { id, text255, timestamps, wireKind } from "./kind";

export const project = wireKind({
  name: "Project",
  request: {
    name: text255.regex(SLUG, "must be lowercase letters, digits and '-', not starting or ending with '-'"),
    displayName: text255.optional(),
    // ASSUMED: required on create, like the CLI sends it; another workspace means a new project.
    workspaceId: id,
  },
  createOnly: ["workspaceId"],
  // ASSUMED: the display name defaults to the name.
  derive: (input) => ({ displayName: input.name }),
  published: {
    workspaceId: id,
    name: z.string(),
    displayName: z.string(),
    gitRepositoryName: z.string(),
    gitRepositoryUrl: z.string(),
    ...timestamps,
  },
});
