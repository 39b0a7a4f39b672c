/** A cron job's fields (`/crons`), each declared once (provider/kinds/fields.ts says what is derived). */
import { z } from "zod";
import { CRON_TYPES, CRON_URL_MAX, HTTP_METHODS } from "../../api/contract";
import { cronProblem } from "../../api/formats";
import { type CrossFieldRule, inputId, name, nullableId, stringMap } from "../../api/models";
import { declare, derive, TIMESTAMPS } from "../fields";

export const cronTypeRule: CrossFieldRule<{ type?: string; url?: string | null; code?: string | null }> = (c) => {
  if ((c.type ?? "simple") === "simple" && !c.url) return { path: "url", message: "is required when type is simple" };
  if (c.type === "code" && !c.code) return { path: "code", message: "is required when type is code" };
  return undefined;
};
export const CRON_FIELDS = declare({
  name: { input: name, required: true, updatable: true, since: "2026-08-02" },
  schedule: {
    input: z.string().superRefine((s, ctx) => {
      // ASSUMED: five-field cron expressions or macros such as @daily.
      const problem = cronProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: `is not a valid cron expression: ${problem}` });
    }),
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  type: { input: z.enum(CRON_TYPES), updatable: true, since: "2026-08-02", default: "simple" },
  method: { input: z.enum(HTTP_METHODS), updatable: true, since: "2026-08-02", default: "GET" },
  url: {
    input: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .max(CRON_URL_MAX, `must be at most ${CRON_URL_MAX} characters`)
      .nullable(),
    updatable: true,
    since: "2026-08-02",
  },
  // Headers and body may hold credentials.
  headers: { input: stringMap, updatable: true, since: "2026-08-02", default: {}, secret: true },
  body: { input: z.string().nullable(), updatable: true, since: "2026-08-02", secret: true },
  code: { input: z.string().nullable(), updatable: true, since: "2026-08-02" },
  enabled: { input: z.boolean(), updatable: true, since: "2026-08-02", default: true },
  workspaceId: { input: inputId, since: "2026-08-02" },
  projectId: { input: nullableId, updatable: true, since: "2026-08-02", default: null },
  cronPlanId: { input: nullableId, updatable: true, since: "2026-08-02", default: null },
  regionId: { input: nullableId, updatable: true, since: "2026-08-02", default: null },
  startedAt: { since: "2026-08-02" },
  ...TIMESTAMPS,
});

export const CRON = derive(CRON_FIELDS, [cronTypeRule as CrossFieldRule<Record<string, unknown>>]);
export const Cron = CRON.model;
export type Cron = z.infer<typeof Cron>;
