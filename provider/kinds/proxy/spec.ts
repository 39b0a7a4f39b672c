/**
 * Proxy (`/proxies`). Pulumi and import id: the proxy id. `status` (2026-08-02, pending → active) and
 * `isVerified` (2026-08-30) change on their own. Plan and region are the API's choice when left out.
 */

import { defineSpec, uniqueInWorkspace } from "../../spec";
import { PROXY } from "./fields";

export const proxy = defineSpec({
  kind: "proxy",
  doc: 'A reverse proxy for a domain. Import with `{ import: "<proxyId>" }`: the program must match the remote proxy.',
  fields: PROXY,
  ...uniqueInWorkspace("domain"),
  apiChosen: ["proxyPlanId", "regionId"],
  volatile: ["status", "isVerified"],
  example: {
    resources: [
      {
        name: "web",
        type: "Proxy",
        args: {
          domain: "example.com",
          target: "203.0.113.10",
          port: 8080,
          enforceHttps: true,
          // biome-ignore lint/suspicious/noThenProperty: the API's field name (`{if, then}`)
          rules: [{ if: { path: "/v1", method: "get" }, then: [{ target: "api-v1:8080" }] }],
        },
      },
    ],
    exports: { proxyId: { ref: "web.id" } },
  },
});
