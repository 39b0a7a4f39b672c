/** The oracle of a cron job (`/crons`): test/oracle/kind.ts says what each fact is and where it comes from. */
import { type KindOracle, TIMES, WORKSPACE_MOVE } from "../kind";

export const oracle: KindOracle = {
  collection: "/crons",
  idPrefix: "cron",
  idFormat: "<cronId>",
  unique: "name",
  published: [
    "workspaceId",
    "projectId",
    "cronPlanId",
    "regionId",
    "name",
    "schedule",
    "type",
    "method",
    "url",
    "headers",
    "body",
    "code",
    "enabled",
    "startedAt",
    ...TIMES,
  ],
  apiDefaults: { type: "simple", method: "GET", enabled: true, headers: {} },
  replace: { workspaceId: WORKSPACE_MOVE },
  secret: {
    headers: "CONTRACT.md Cron: headers may hold credentials (an Authorization header): treat as secret",
    body: "CONTRACT.md Cron: body may hold credentials: treat as secret",
  },
};
