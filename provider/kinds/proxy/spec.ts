/**
 * Proxy (`/proxies`). Pulumi and import id: the proxy id. `status` (2026-08-02, pending → active) and
 * `isVerified` (2026-08-30) change on their own. Plan and region are the API's choice when left out.
 */

import { defineSpec, uniqueInWorkspace } from "../../spec";
import { PROXY } from "./fields";

export const proxy = defineSpec({
  kind: "proxy",
  fields: PROXY,
  ...uniqueInWorkspace("domain"),
  apiChosen: ["proxyPlanId", "regionId"],
  volatile: ["status", "isVerified"],
});
