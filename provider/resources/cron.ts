/** Cron job (`/crons`). Pulumi and import id: the cron id. Headers and body may hold credentials: secrets. */
import { defineSpec, uniqueInWorkspace } from "../spec";

export const cron = defineSpec({
  kind: "cron",
  autoName: "name",
  ...uniqueInWorkspace("name"),
  secrets: ["headers", "body"],
  volatile: ["startedAt"],
});
