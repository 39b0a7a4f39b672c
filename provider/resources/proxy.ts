/** Proxy (`/proxies`). Pulumi and import id: the proxy id. `status` moves pending → active on its own. */
import { defineSpec, uniqueInWorkspace } from "../spec";

export const proxy = defineSpec({
  kind: "proxy",
  ...uniqueInWorkspace("domain"),
  volatile: ["status"],
});
