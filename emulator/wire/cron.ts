/** Cron — `/crons`. Request and response are the same Model; headers and body may hold credentials. */
import { z } from "zod";
import { cronProblem } from "./formats";
import { id, stringMap, text255, timestamps, wireKind } from "./kind";

/** The types' enum. */
export const CRON_TYPES = ["simple", "code"] as const;
/** ASSUMED: the methods a `simple` cron may call. */
export const CRON_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS"] as const;

export const cron = wireKind({
  name: "Cron",
  request: {
    name: text255,
    schedule: z.string().superRefine((s, ctx) => {
      const problem = cronProblem(s);
      if (problem) ctx.addIssue({ code: "custom", message: `is not a valid cron expression: ${problem}` });
    }),
    type: z.enum(CRON_TYPES).optional(),
    method: z.enum(CRON_METHODS).optional(),
    // ASSUMED: at most 8,000 characters, what RFC 9110 (4.1) recommends every HTTP party support.
    url: z
      .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
      .max(8000)
      .optional(),
    headers: stringMap.optional(),
    // ASSUMED: bodies and code up to 64 KiB.
    body: z.string().max(65536).optional(),
    code: z.string().max(65536).optional(),
    enabled: z.boolean().optional(),
    // Optional: the CLI's deploy posts crons without it; the token's workspace, as for the other kinds.
    workspaceId: id.optional(),
    projectId: id.optional(),
    cronPlanId: id.optional(),
    regionId: id.optional(),
  },
  createOnly: ["workspaceId"],
  // ASSUMED: an HTTP GET cron, enabled.
  defaults: { type: "simple", method: "GET", enabled: true },
  rules: [
    // ASSUMED: what each type needs.
    (o) => (o.type === "simple" && !o.url ? { field: "url", message: "is required when type is simple" } : undefined),
    (o) => (o.type === "code" && !o.code ? { field: "code", message: "is required when type is code" } : undefined),
  ],
  published: {
    workspaceId: id,
    projectId: id,
    cronPlanId: id,
    regionId: id,
    name: z.string(),
    schedule: z.string(),
    type: z.string(),
    method: z.string(),
    url: z.string(),
    headers: stringMap,
    body: z.string(),
    code: z.string(),
    enabled: z.boolean(),
    startedAt: z.iso.datetime({ offset: true }),
    ...timestamps,
  },
});
