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
    doc: "The variable name: letters, digits and `_`, not starting with a digit, at most 255 characters.",
    input: z.string().min(1).max(TEXT_MAX).regex(ENV_KEY, "must be letters, digits and '_', not starting with a digit"),
    required: true,
    since: "2026-08-02",
  },
  value: {
    doc: "The value, at most 65,536 characters. A Pulumi secret (encrypted in the state, `[secret]` in previews) when the program makes it one (`config.requireSecret`, `pulumi.secret`) or `isSecret` is true; otherwise a plain value whose changes previews show. Write-only in the API: it is never read back, so a change made outside Pulumi cannot be detected.",
    input: z.string().max(VARIABLE_VALUE_MAX),
    required: true,
    updatable: true,
    since: "2026-08-02",
    returned: [],
    answer: false,
  },
  isSecret: {
    doc: "Whether the platform hides the value in its console and logs. `true` also makes `value` a Pulumi secret.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: false,
  },
  description: {
    doc: "Free text, at most 255 characters.",
    input: text,
    updatable: true,
    since: "2026-08-02",
    default: "",
  },
  workspaceId: { doc: "Scope: the whole workspace.", input: nullableId, since: "2026-08-02" },
  projectId: { doc: "Scope: one project.", input: nullableId, since: "2026-08-02" },
  serverletId: { doc: "Scope: one serverlet.", input: nullableId, since: "2026-08-02" },
  ...TIMESTAMPS,
});

export const VARIABLE = derive(VARIABLE_FIELDS, "variable", [variableScopeRule]);
export const Variable = VARIABLE.model;
export type Variable = z.infer<typeof Variable>;
