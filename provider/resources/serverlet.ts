/**
 * Serverlet (`/serverlets`). Pulumi and import id: the serverlet id. Create and update wait until it is
 * `running` (futrou:readyTimeoutSeconds); workspace and region replace it.
 */
import { SERVERLET_FAILED_STATES, SERVERLET_READY_STATES, SERVERLET_SETTLED_STATES } from "../api/contract";
import { defineSpec, uniqueInWorkspace } from "../spec";

export const serverlet = defineSpec({
  kind: "serverlet",
  autoName: "name",
  ...uniqueInWorkspace("name"),
  volatile: ["state", "stateReason", "instances"],
  ready: {
    field: "state",
    ready: SERVERLET_READY_STATES,
    failed: SERVERLET_FAILED_STATES,
    settled: SERVERLET_SETTLED_STATES,
    reasonField: "stateReason",
  },
});
