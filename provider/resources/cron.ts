/** Cron job (`/crons`). Pulumi and import id: the cron id. Headers and body may hold credentials: secrets. */
import { CRON } from "../kinds/cron/fields";
import { defineSpec, uniqueInWorkspace } from "../spec";

export const cron = defineSpec({
  kind: "cron",
  fields: CRON,
  autoName: "name",
  ...uniqueInWorkspace("name"),
  volatile: ["startedAt"],
});
