/** A cron job's test examples (provider/kinds/cases.ts says where each is used). */
import type { KindCases, Props } from "../cases";

/** A valid simple job, with `args` changed. */
const cron = (args: Props) => ({ schedule: "*/5 * * * *", url: "https://example.com/", ...args });

export const cases: KindCases = {
  lifecycle: {
    required: () => ({ schedule: "*/5 * * * *", url: "https://example.com/hook" }),
    update: (c) => ({
      name: "nightly",
      schedule: "@daily",
      type: "code",
      method: "POST",
      url: "https://example.com/other",
      headers: { Authorization: "Bearer s3cret" },
      body: '{"full":true}',
      code: "export default () => 1",
      enabled: false,
      projectId: c.projectId,
      cronPlanId: c.plan("cron"),
      regionId: c.region("eu-west"),
    }),
    replace: (c) => ({ workspaceId: c.otherWorkspaceId }),
    replaceRefused: true,
  },
  contract: [
    {
      label: "POST with secret headers and body",
      program: {
        name: "nightly",
        schedule: "0 3 * * *",
        url: "https://example.com/hook",
        method: "POST",
        headers: { Authorization: "Bearer t0ken" },
        body: '{"full":true}',
      },
      update: { schedule: "30 4 * * *" },
    },
  ],
  badInput: [
    { what: "cron expression with 3 fields", args: cron({ schedule: "* * *" }), field: "schedule" },
    { what: "cron minute 61", args: cron({ schedule: "61 * * * *" }), field: "schedule" },
    { what: "non-http URL", args: cron({ url: "ftp://example.com/x" }), field: "url" },
    { what: "a 100 KB URL", args: cron({ url: `https://example.com/${"x".repeat(100_000)}` }), field: "url" },
    { what: "unknown HTTP method", args: cron({ method: "FETCH" }), field: "method" },
  ],
};
