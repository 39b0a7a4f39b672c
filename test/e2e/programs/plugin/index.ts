/**
 * Every kind on the `futrou` provider plugin: `futrou:index:<Type>` resources, no dynamic providers. Written
 * against `pulumi.CustomResource` (what any generated SDK does underneath); stack config varies the inputs
 * the tests change.
 */
import * as pulumi from "@pulumi/pulumi";

/** A resource of the futrou plugin; `outputs` names output-only properties to read back. */
class Futrou extends pulumi.CustomResource {
  constructor(
    type: string,
    name: string,
    args: pulumi.Inputs,
    opts?: pulumi.CustomResourceOptions,
    outputs: string[] = [],
  ) {
    super(`futrou:index:${type}`, name, { ...Object.fromEntries(outputs.map((k) => [k, undefined])), ...args }, opts);
  }
  out(key: string): pulumi.Output<unknown> {
    return (this as unknown as Record<string, pulumi.Output<unknown>>)[key] as pulumi.Output<unknown>;
  }
}

const config = new pulumi.Config();
const regions = pulumi.output(pulumi.runtime.invoke("futrou:index:getRegions", {})) as pulumi.Output<{
  regions: { id: string; name: string }[];
}>;
const region = (name: string) =>
  regions.apply((r) => r.regions.find((x) => x.name === name)?.id ?? `no region named ${name}`);

const shop = new Futrou("Project", "shop", { displayName: config.get("displayName") ?? "Shop" }, {}, ["name"]);
new Futrou("Variable", "log-level", { projectId: shop.id, key: "LOG_LEVEL", value: "info" });
new Futrou("Variable", "api-key", {
  projectId: shop.id,
  key: "API_KEY",
  value: config.requireSecret("apiKey"),
  isSecret: true,
});
const zone = new Futrou("DnsZone", "zone", { domain: "plugin-shop.example", projectId: shop.id });
const www = new Futrou("DnsRecord", "www", {
  dnsId: zone.id,
  name: "www",
  type: "A",
  value: "203.0.113.10",
  ttl: config.getNumber("ttl") ?? 300,
});
new Futrou("Cron", "health", {
  projectId: shop.id,
  schedule: "*/5 * * * *",
  url: "https://plugin-shop.example/health",
  headers: { Authorization: "Bearer probe-header-token" },
});
new Futrou("Proxy", "web", { domain: "plugin-shop.example", target: "203.0.113.10", port: 8080, projectId: shop.id });
new Futrou("Storage", "files", { projectId: shop.id, public: false });
const data = new Futrou("Volume", "data", { projectId: shop.id, sizeGb: config.getNumber("sizeGb") ?? 10 });
const app = new Futrou(
  "Serverlet",
  "app",
  {
    projectId: shop.id,
    image: config.get("image") ?? "ghcr.io/acme/app:1.0",
    regionId: region(config.get("region") ?? "eu-central"),
    maxInstances: 2,
    env: { MODE: config.get("mode") ?? "blue" },
    volumes: [{ volumeId: data.id, mountPath: "/data" }],
  },
  { replaceOnChanges: ["env"] },
  ["state", "instances"],
);

export const projectName = shop.out("name");
export const appId = app.id;
export const appState = app.out("state");
export const recordId = www.id;
export const volumeId = data.id;
