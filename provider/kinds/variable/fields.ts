/**
 * A variable's fields (`/variables`), each declared once (provider/kinds/fields.ts says what is derived). The
 * value is write-only: sent on POST and PATCH, never answered.
 */
import { z } from "zod";
import { TEXT_MAX, VARIABLE_VALUE_MAX } from "../../api/contract";
import { ENV_KEY } from "../../api/formats";
import { type CrossFieldRule, nullableId, text } from "../../api/models";
import { declare, derive, TIMESTAMPS } from "../fields";

export const VARIABLE_SCOPES = ["workspaceId", "projectId", "serverletId"] as const;
export const variableScopeRule: CrossFieldRule<Partial<Record<(typeof VARIABLE_SCOPES)[number], string | null>>> = (
  v,
) => {
  const set = VARIABLE_SCOPES.filter((k) => v[k] !== undefined && v[k] !== null);
  if (set.length === 1) return undefined;
  return {
    path: set[1] ?? "workspaceId",
    message: `exactly one of workspaceId, projectId or serverletId must be set (got ${set.length === 0 ? "none" : set.join(", ")})`,
  };
};

export const VARIABLE_FIELDS = declare({
  // ASSUMED: keys are environment variable names.
  key: {
    input: z.string().min(1).max(TEXT_MAX).regex(ENV_KEY, "must be letters, digits and '_', not starting with a digit"),
    required: true,
    since: "2026-08-02",
  },
  value: {
    input: z.string().max(VARIABLE_VALUE_MAX),
    required: true,
    updatable: true,
    since: "2026-08-02",
    returned: [],
    answer: false,
  },
  isSecret: { input: z.boolean(), updatable: true, since: "2026-08-02", default: false },
  description: { input: text, updatable: true, since: "2026-08-02", default: "" },
  workspaceId: { input: nullableId, since: "2026-08-02" },
  projectId: { input: nullableId, since: "2026-08-02" },
  serverletId: { input: nullableId, since: "2026-08-02" },
  ...TIMESTAMPS,
});

export const VARIABLE = derive(VARIABLE_FIELDS, [variableScopeRule]);
export const Variable = VARIABLE.model;
export type Variable = z.infer<typeof Variable>;
