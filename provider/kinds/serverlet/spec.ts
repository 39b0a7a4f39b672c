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
  doc: 'A container service. `up` waits until it is `running` or `ready` (futrou:readyTimeoutSeconds, default 300) and fails with the state and reason when it ends `failed`. Import with `{ import: "<serverletId>" }`.',
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
  example: {
    resources: [
      { name: "shop", type: "Project", args: { displayName: "Shop" } },
      { name: "data", type: "Volume", args: { projectId: { ref: "shop.id" }, sizeGb: 20 } },
      {
        name: "api",
        type: "Serverlet",
        args: {
          projectId: { ref: "shop.id" },
          image: "nginx:1.27",
          maxInstances: 2,
          ports: [{ port: 80 }],
          volumes: [{ volumeId: { ref: "data.id" }, mountPath: "/data" }],
          env: { LOG_LEVEL: "info" },
          scaling: { cpuPercent: 70, ramPercent: 80, upCooldown: 60, downCooldown: 300 },
        },
      },
    ],
    exports: { serverletState: { ref: "api.state" } },
  },
});
