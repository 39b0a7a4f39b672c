/**
 * The same resources in either mode (stack config `mode`): `dynamic` with the TypeScript SDK's classes
 * (`pulumi-futrou`), or `plugin` as docs/modes.md "Moving a stack from the dynamic providers to the plugin" says:
 * the classes of the SDK generated from the plugin's schema (`@futrou/pulumi`, which carries the aliases
 * from the dynamic types), its explicit provider aliased from `pulumi:providers:pulumi-nodejs`, and one
 * resource written directly against its type token with the alias given by hand. The TypeScript SDK's
 * own move needs no program change at all: `futrou:mode: plugin` in the stack config, `mode` left `dynamic`.
 */
import * as futrouPlugin from "@futrou/pulumi";
import * as pulumi from "@pulumi/pulumi";
import * as futrouDynamic from "pulumi-futrou";

const config = new pulumi.Config();
const onPlugin = config.get("mode") === "plugin";
const futrou = (onPlugin ? futrouPlugin : futrouDynamic) as unknown as typeof futrouDynamic;

/** A resource written against the plugin's type token, aliased from the type it had under the dynamic providers. */
class PluginProxy extends pulumi.CustomResource {
  constructor(name: string, args: pulumi.Inputs) {
    super("futrou:index:Proxy", name, args, { aliases: [{ type: "pulumi-nodejs:dynamic/futrou:Proxy" }] });
  }
}

const ws2Token = config.requireSecret("ws2Token");
const ws2 = onPlugin
  ? new futrouPlugin.Provider("ws2", { apiToken: ws2Token }, { aliases: [{ type: "pulumi:providers:pulumi-nodejs" }] })
  : new futrouDynamic.Provider("ws2", { apiToken: ws2Token });

const shop = new futrou.Project("shop", { displayName: "Shop" });
new futrou.Variable("api-key", {
  projectId: shop.id,
  key: "API_KEY",
  value: config.requireSecret("apiKey"),
  isSecret: true,
});
const zone = new futrou.DnsZone("zone", { domain: "migrate.example", projectId: shop.id });
new futrou.DnsRecord("www", { dnsId: zone.id, name: "www", type: "A", value: "203.0.113.7" });
new futrou.Volume("data", { projectId: shop.id, sizeGb: 20 });
new futrou.Serverlet("api", { projectId: shop.id, image: "nginx:1.27", env: { MODE: "blue" }, ports: [{ port: 80 }] });
new futrou.Cron("nightly", {
  schedule: "@daily",
  url: "https://migrate.example/nightly",
  headers: { Authorization: "Bearer nightly-secret" },
});
new futrou.Storage("files", { projectId: shop.id });
const web = { domain: "migrate.example", target: "203.0.113.7" };
if (onPlugin) new PluginProxy("web", web);
else new futrouDynamic.Proxy("web", web);
new futrou.Project("partner", { displayName: "Partner" }, { provider: ws2 });

export const shopId = shop.id;
