/**
 * API token — `/api-tokens` (SKILL.md). Response: `ApiToken`, an Interface in the 2026-08-02 types (`id`,
 * `name`, `type`, `expiresAt`, `token`, timestamps) and a Model in the 2026-08-30 ones, which add the owner
 * (`userId`, `workspaceId`, `workspaceRole`) and usage fields. The request body is not published: every
 * field below is ASSUMED from the response's writable-looking fields.
 *
 * `token` is the secret half of the bearer value `<id>-<token>` (login answers `{apiToken: {id, token}}`
 * and SKILL.md says "the stored API key is `<apiToken.id>-<apiToken.token>`"). ASSUMED: only the create
 * answer carries it; GET, the list and PATCH omit it (kinds.ts answers it once).
 */
import { z } from "zod";
import { id, text255, timestamps, wireKind } from "./kind";

/** `ApiTokenType` (types.go@3caf725). */
export const API_TOKEN_TYPES = ["user", "workspace", "server"] as const;
const dateTime = z.iso.datetime({ offset: true });

const published = {
  name: z.string(),
  type: z.string(),
  expiresAt: dateTime,
  token: z.string(),
  ...timestamps,
};

export const apiToken = wireKind({
  name: "ApiToken",
  request: {
    name: text255,
    // ASSUMED: writable on create only; any of the published types is taken.
    type: z.enum(API_TOKEN_TYPES).optional(),
    // ASSUMED: absent means the token never expires; a past date is not refused (the token is born expired).
    expiresAt: dateTime.optional(),
    workspaceId: id.optional(),
  },
  // ASSUMED: a token keeps its type and its workspace.
  createOnly: ["type", "workspaceId"],
  // ASSUMED: a token made here is a user's token unless asked.
  defaults: { type: "user" },
  published,
  kept: { workspaceId: id, userId: id },
  newest: { published: { ...published, workspaceId: id, userId: id } },
});
