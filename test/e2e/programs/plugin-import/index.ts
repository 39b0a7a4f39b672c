/**
 * The program a user writes after `pulumi import` on the futrou plugin: each object as it is (the generated
 * code), protected as the import left it. `volumeProjectId` sets a field the API never returns.
 */
import * as pulumi from "@pulumi/pulumi";

class Futrou extends pulumi.CustomResource {
  constructor(type: string, name: string, args: pulumi.Inputs) {
    super(`futrou:index:${type}`, name, args, { protect: true });
  }
}

const config = new pulumi.Config();
new Futrou("Project", "legacy", { name: "legacy-shop", displayName: "Legacy shop" });
const zone = new Futrou("DnsZone", "zone", { domain: "legacy-shop.example" });
new Futrou("DnsRecord", "www", {
  dnsId: zone.id,
  name: "www",
  type: "CNAME",
  value: "legacy-shop.example",
  ttl: 3600,
});
new Futrou("Serverlet", "api", { name: "legacy-api", image: "nginx:1.27" });
new Futrou("Cron", "health", {
  name: "legacy-health",
  schedule: "*/10 * * * *",
  url: "https://legacy-shop.example/health",
  headers: { Authorization: "Bearer legacy-probe-secret" },
});
new Futrou("Volume", "data", {
  name: "legacy-data",
  sizeGb: 50,
  ...(config.get("volumeProjectId") ? { projectId: config.get("volumeProjectId") } : {}),
});
new Futrou("Storage", "files", { name: "legacy-files" });
