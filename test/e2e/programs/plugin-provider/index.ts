/**
 * Provider settings on the futrou plugin: an explicit provider (`pulumi:providers:futrou`) with a second
 * workspace's token, a project and a lookup through it, and an auto-named project with the stack's
 * settings. Stack config `serverlet` adds a serverlet with `customTimeouts.create`.
 */
import * as pulumi from "@pulumi/pulumi";

class Futrou extends pulumi.CustomResource {
  constructor(type: string, name: string, args: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(`futrou:index:${type}`, name, args, opts);
  }
}

class FutrouProvider extends pulumi.ProviderResource {
  constructor(name: string, args: pulumi.Inputs) {
    super("futrou", name, args);
  }
}

const config = new pulumi.Config();
const ws2 = new FutrouProvider("ws2", {
  apiToken: config.requireSecret("ws2Token"),
  ...(config.get("ws2ReadyTimeout") ? { readyTimeoutSeconds: config.get("ws2ReadyTimeout") } : {}),
});

const partner = new Futrou("Project", "partner", { name: "partner-site", displayName: "Partner" }, { provider: ws2 });
const found = pulumi
  .output(partner.id)
  .apply(() => pulumi.runtime.invoke("futrou:index:getProject", { name: "partner-site" }, { provider: ws2 }));

const shop = new Futrou("Project", "shop", { displayName: "Shop", name: undefined });

if (config.getBoolean("extra")) new Futrou("Project", "extra", { name: undefined });
if (config.getBoolean("serverlet")) {
  new Futrou("Serverlet", "slow", { image: "nginx:1.27" }, { customTimeouts: { create: "2s" } });
}

export const partnerId = partner.id;
export const foundId = found.apply((r) => (r as { id: string }).id);
export const shopName = (shop as unknown as { name: pulumi.Output<string> }).name;
