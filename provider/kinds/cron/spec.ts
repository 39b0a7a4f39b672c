/** Cron job (`/crons`). Pulumi and import id: the cron id. Headers and body may hold credentials: secrets. */

import { defineSpec, uniqueInWorkspace } from "../../spec";
import { CRON } from "./fields";

export const cron = defineSpec({
  kind: "cron",
  doc: 'A scheduled job. Import with `{ import: "<cronId>" }`: the program must match the remote job.',
  fields: CRON,
  autoName: "name",
  ...uniqueInWorkspace("name"),
  volatile: ["startedAt"],
  example: {
    resources: [
      {
        name: "health",
        type: "Cron",
        args: { schedule: "*/5 * * * *", url: "https://example.com/health", headers: { "X-Probe": "pulumi" } },
      },
    ],
    exports: { cronName: { ref: "health.name" } },
  },
});
