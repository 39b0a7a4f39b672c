/**
 * An API token's fields (`/api-tokens`), each declared once (provider/kinds/fields.ts says what is derived).
 * The request is not published: what it takes and what a PATCH changes is *assumed* (provider/api/contract.ts
 * `API_TOKEN`). `token`, the bearer value's secret half, is answered by the create alone.
 */
import { z } from "zod";
import { API_TOKEN } from "../../api/contract";
import { name } from "../../api/models";
import { declare, derive, owningWorkspace, TIMESTAMPS } from "../fields";

export const API_TOKEN_FIELDS = declare({
  name: {
    doc: "The token's name, at most 255 characters; names need not be unique.",
    defaultDoc: "`<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`)",
    input: name,
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  type: {
    doc: "What the token acts as: `user`, `workspace` or `server`.",
    input: z.enum(API_TOKEN.types),
    default: API_TOKEN.defaultType,
    changeDoc: "a new bearer value",
    since: "2026-08-02",
  },
  expiresAt: {
    doc: "When the token stops working (ISO 8601 with a time zone, e.g. `2027-01-01T00:00:00Z`); without it the token never expires.",
    input: z.iso.datetime({ offset: true }),
    updatable: true,
    changeDoc: "the new expiry applies at once",
    example: "2027-06-01T00:00:00Z",
    since: "2026-08-02",
  },
  // The 2026-08-02 answers do not carry the owner; the 2026-08-30 Model does.
  workspaceId: owningWorkspace(["2026-08-30"]),
  userId: { doc: "The user the token acts for: its creator.", since: "2026-08-30" },
  token: {
    doc: "The secret half of the bearer value: authenticate with `Authorization: Bearer <id>-<token>`.",
    returned: "create",
    since: "2026-08-02",
  },
  ...TIMESTAMPS,
});

export const API_TOKEN_KIND = derive(API_TOKEN_FIELDS, "token");
export const ApiToken = API_TOKEN_KIND.model;
export type ApiToken = z.infer<typeof ApiToken>;
