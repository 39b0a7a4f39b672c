/**
 * Serverlet (`/serverlets`). Pulumi and import id: the serverlet id. Create and update wait until it is
 * `running` (futrou:readyTimeoutSeconds); workspace and region replace it.
 */
import { defineSpec, uniqueInWorkspace } from "../spec";

export const serverlet = defineSpec({
  kind: "serverlet",
  autoName: "name",
  ...uniqueInWorkspace("name"),
  volatile: ["state", "stateReason", "instances"],
  ready: { field: "state", ready: "running", failed: ["failed"], settled: ["stopped"], reasonField: "stateReason" },
});
