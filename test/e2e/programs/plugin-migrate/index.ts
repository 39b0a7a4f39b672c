/**
 * The same resources in either mode (stack config `mode`): `dynamic` with the TypeScript SDK's classes, or
 * `plugin` as `futrou:index:<Kind>` resources aliased from their dynamic-provider types (what every SDK
 * generated from the plugin's schema does), with the explicit provider aliased from `pulumi-nodejs`.
 */
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

const config = new pulumi.Config();
const onPlugin = config.get("mode") === "plugin";

type Ctor = new (name: string, args: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) => pulumi.CustomResource;

/** A resource on the plugin, aliased from the type it had under the dynamic providers. */
class Futrou extends pulumi.CustomResource {
  constructor(type: string, name: string, args: pulumi.Inputs, opts: pulumi.CustomResourceOptions = {}) {
    super(`futrou:index:${type}`, name, args, {
      ...opts,
      aliases: [...(opts.aliases ?? []), { type: `pulumi-nodejs:dynamic/futrou:${type}` }],
    });
  }
}

/** The TypeScript SDK's classes by kind. */
const dynamicClasses = {
  Project: futrou.Project,
  Variable: futrou.Variable,
  DnsZone: futrou.DnsZone,
  DnsRecord: futrou.DnsRecord,
  Volume: futrou.Volume,
  Serverlet: futrou.Serverlet,
  Cron: futrou.Cron,
  Storage: futrou.Storage,
  Proxy: futrou.Proxy,
} as unknown as Record<string, Ctor>;

function resource(type: string, name: string, args: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
  const Dynamic = dynamicClasses[type] as Ctor;
  return onPlugin ? new Futrou(type, name, args, opts) : new Dynamic(name, args, opts);
}

/** The plugin's explicit provider (`pulumi:providers:futrou`), aliased from the dynamic SDK's `pulumi-nodejs` one. */
class FutrouProvider extends pulumi.ProviderResource {
  constructor(name: string, args: pulumi.Inputs) {
    super("futrou", name, args, { aliases: [{ type: "pulumi:providers:pulumi-nodejs" }] });
  }
}

const ws2Token = config.requireSecret("ws2Token");
const ws2 = onPlugin
  ? new FutrouProvider("ws2", { apiToken: ws2Token })
  : new futrou.Provider("ws2", { apiToken: ws2Token });

const shop = resource("Project", "shop", { displayName: "Shop" });
resource("Variable", "api-key", {
  projectId: shop.id,
  key: "API_KEY",
  value: config.requireSecret("apiKey"),
  isSecret: true,
});
const zone = resource("DnsZone", "zone", { domain: "migrate.example", projectId: shop.id });
resource("DnsRecord", "www", { dnsId: zone.id, name: "www", type: "A", value: "203.0.113.7" });
resource("Volume", "data", { projectId: shop.id, sizeGb: 20 });
resource("Serverlet", "api", { projectId: shop.id, image: "nginx:1.27", env: { MODE: "blue" }, ports: [{ port: 80 }] });
resource("Cron", "nightly", {
  schedule: "@daily",
  url: "https://migrate.example/nightly",
  headers: { Authorization: "Bearer nightly-secret" },
});
resource("Storage", "files", { projectId: shop.id });
resource("Proxy", "web", { domain: "migrate.example", target: "203.0.113.7" });
resource("Project", "partner", { displayName: "Partner" }, { provider: ws2 });

export const shopId = shop.id;
