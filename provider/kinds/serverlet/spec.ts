/**
 * Serverlet (`/serverlets`). Pulumi and import id: the serverlet id. Create and update wait until it is
 * ready: `state` (2026-08-02) or `status` (2026-08-30), read into the output `state` (normal.ts);
 * workspace and region replace it. Plan, region and arch are the API's choice when left out.
 */
import {
  SERVERLET_FAILED_STATES,
  SERVERLET_GONE_STATES,
  SERVERLET_READY_STATES,
  SERVERLET_SETTLED_STATES,
} from "../../api/contract";
import { defineSpec, uniqueInWorkspace } from "../../spec";
import { SERVERLET } from "./fields";

export const serverlet = defineSpec({
  kind: "serverlet",
  fields: SERVERLET,
  autoName: "name",
  ...uniqueInWorkspace("name"),
  apiChosen: ["serverletPlanId", "regionId", "arch"],
  volatile: ["state", "stateReason", "instances"],
  ready: {
    field: "state",
    ready: SERVERLET_READY_STATES,
    failed: SERVERLET_FAILED_STATES,
    settled: SERVERLET_SETTLED_STATES,
    gone: SERVERLET_GONE_STATES,
    reasonField: "stateReason",
    usualCause: "the image",
    progress: { count: "instances", wanted: "minInstances", noun: "instances" },
  },
});
