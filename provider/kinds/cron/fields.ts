/** A cron job's fields (`/crons`), each declared once (provider/kinds/fields.ts says what is derived). */
import { z } from "zod";
import { CRON_TYPES, CRON_URL_MAX, HTTP_METHODS } from "../../api/contract";
import { cronProblem } from "../../api/formats";
import { type CrossFieldRule, name, nullableId, stringMap } from "../../api/models";
import { declare, derive, owningWorkspace, TIMESTAMPS } from "../fields";

export const cronTypeRule: CrossFieldRule<{ type?: string; url?: string | null; code?: string | null }> = (c) => {
  if ((c.type ?? "simple") === "simple" && !c.url) return { path: "url", message: "is required when type is simple" };
  if (c.type === "code" && !c.code) return { path: "code", message: "is required when type is code" };
  return undefined;
};
export const CRON_FIELDS = declare({
  name: {
    doc: "The job's name, at most 255 characters.",
    defaultDoc: "`<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`)",
    input: name,
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  schedule: {
    doc: "When to run: five cron fields (`*\\/5 * * * *`) or a macro such as `@daily`.",
    input: z.string().superRefine((s, ctx) => {
      // ASSUMED: five-field cron expressions or macros such as @daily.
      const problem = cronProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: `is not a valid cron expression: ${problem}` });
    }),
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  type: {
    doc: "`simple` (call `url`) or `code` (run `code`).",
    input: z.enum(CRON_TYPES),
    updatable: true,
    since: "2026-08-02",
    default: "simple",
  },
  method: {
    doc: "HTTP method for `simple` jobs.",
    input: z.enum(HTTP_METHODS),
    updatable: true,
    since: "2026-08-02",
    default: "GET",
  },
  url: {
    doc: "The http(s) URL a `simple` job calls (required for `simple`), at most 8000 characters.",
    defaultDoc: "`null`",
    input: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .max(CRON_URL_MAX, `must be at most ${CRON_URL_MAX} characters`)
      .nullable(),
    updatable: true,
    since: "2026-08-02",
  },
  // Headers and body may hold credentials.
  headers: {
    doc: "Request headers; may hold credentials, so always a Pulumi secret.",
    input: stringMap,
    updatable: true,
    since: "2026-08-02",
    default: {},
    secret: true,
  },
  body: {
    doc: "Request body; always a Pulumi secret.",
    defaultDoc: "`null`",
    input: z.string().nullable(),
    updatable: true,
    since: "2026-08-02",
    secret: true,
  },
  code: {
    doc: "The code a `code` job runs (required for `code`).",
    defaultDoc: "`null`",
    input: z.string().nullable(),
    updatable: true,
    since: "2026-08-02",
  },
  enabled: {
    doc: "Whether the schedule is active.",
    input: z.boolean(),
    updatable: true,
    since: "2026-08-02",
    default: true,
  },
  workspaceId: owningWorkspace(),
  projectId: {
    doc: "The project the job belongs to.",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    default: null,
  },
  cronPlanId: {
    doc: "The cron plan id (see `getCronPlan`).",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    default: null,
  },
  regionId: {
    doc: "The region id (see `getRegions`).",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    default: null,
  },
  startedAt: {
    tsType: "string | null",
    doc: "When the job last started (ISO 8601), or `null`. Changes on its own; never a diff.",
    since: "2026-08-02",
  },
  ...TIMESTAMPS,
});

export const CRON = derive(CRON_FIELDS, "job", [cronTypeRule as CrossFieldRule<Record<string, unknown>>]);
export const Cron = CRON.model;
export type Cron = z.infer<typeof Cron>;
