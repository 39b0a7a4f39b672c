/** The oracle of an API token (`/api-tokens`): test/oracle/kind.ts says what each fact is and where it comes from. */
import { type KindOracle, TIMES, WORKSPACE_MOVE } from "../kind";

export const oracle: KindOracle = {
  collection: "/api-tokens",
  idPrefix: "tok",
  idFormat: "<apiTokenId>",
  // The ApiToken Interface of the types generated 2026-08-02, less `token`: only the create answers it
  // (contract.ts API_TOKEN, assumed).
  published: ["name", "type", "expiresAt", ...TIMES],
  // The owner the 2026-08-02 answers leave out.
  stored: ["workspaceId", "userId"],
  // Assumed: a user's token unless the create says otherwise.
  apiDefaults: { type: "user" },
  replace: {
    type: "assumed (contract.ts API_TOKEN): a token keeps its type; a PATCH changes only name and expiresAt",
    workspaceId: WORKSPACE_MOVE,
  },
  fromCreate: { token: "the bearer value's secret half: whoever holds `<id>-<token>` acts as the token" },
  // The ApiToken Model adds its owner (and usage fields no resource reads).
  newest: { published: ["name", "type", "expiresAt", "userId", "workspaceId", ...TIMES], stored: [] },
};
