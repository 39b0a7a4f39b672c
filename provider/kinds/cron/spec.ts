/** Cron job (`/crons`). Pulumi and import id: the cron id. Headers and body may hold credentials: secrets. */

import { defineSpec, uniqueInWorkspace } from "../../spec";
import { CRON } from "./fields";

export const cron = defineSpec({
  kind: "cron",
  fields: CRON,
  autoName: "name",
  ...uniqueInWorkspace("name"),
  volatile: ["startedAt"],
});
