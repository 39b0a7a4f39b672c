/** The oracle of a project (`/projects`): test/oracle/kind.ts says what each fact is and where it comes from. */
import { type KindOracle, TIMES, WORKSPACE, WORKSPACE_MOVE } from "../kind";

export const oracle: KindOracle = {
  collection: "/projects",
  idPrefix: "prj",
  idFormat: "<projectId>",
  unique: "name",
  published: ["workspaceId", "name", "displayName", "gitRepositoryName", "gitRepositoryUrl", ...TIMES],
  extras: { crons: [], workspace: { ...WORKSPACE } },
  replace: { workspaceId: `${WORKSPACE_MOVE} (CONTRACT.md Project: create only)` },
};
