/** Variable — `/variables`. The value is accepted and never answered (Model has no `value`). */
import { z } from "zod";
import { ENV_KEY } from "./formats";
import { exactlyOne, id, timestamps, wireKind } from "./kind";

export const VARIABLE_SCOPES = ["workspaceId", "projectId", "serverletId"] as const;

export const variable = wireKind({
  name: "Variable",
  request: {
    // ASSUMED: keys are environment variable names, 255 characters at most.
    key: z.string().min(1).max(255).regex(ENV_KEY, "must be letters, digits and '_', not starting with a digit"),
    // ASSUMED: at most 64 KiB.
    value: z.string().max(65536),
    isSecret: z.boolean().optional(),
    description: z.string().max(255).optional(),
    workspaceId: id.optional(),
    projectId: id.optional(),
    serverletId: id.optional(),
  },
  // ASSUMED: the key and the scope are fixed; changing either means a new variable.
  createOnly: ["key", ...VARIABLE_SCOPES],
  // ASSUMED: a variable is not secret unless asked.
  defaults: { isSecret: false },
  rules: [exactlyOne(VARIABLE_SCOPES)],
  published: {
    key: z.string(),
    isSecret: z.boolean(),
    description: z.string(),
    workspaceId: id,
    projectId: id,
    serverletId: id,
    ...timestamps,
  },
});
