/** Proxy (`/proxies`). Pulumi and import id: the proxy id. `status` moves pending → active on its own. */
import { MODELS } from "../api/models";
import { defineSpec, filterBy } from "../spec";

export const proxy = defineSpec(
  {
    kind: "proxy",
    typeName: "Proxy",
    idFormat: "<proxyId>",
    unique: { field: "domain", within: ["workspaceId"] },
    lookup: { fields: ["domain"], filter: filterBy("domain") },
    volatile: ["status"],
  },
  MODELS.proxy,
);
