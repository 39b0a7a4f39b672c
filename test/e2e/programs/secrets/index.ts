/**
 * Constructs the resources listed in stack config `cases`: a JSON array of `{type, name, args, secret}`,
 * where `type` is the SDK class name and `secret` lists the inputs to wrap in `pulumi.secret`. The cases are
 * themselves stored as a secret config value, so the values under test are in no plain-text file. No resource
 * depends on another: a failing one stops none of the others.
 *
 * With config `plugin: true` the resources are the `futrou` provider plugin's (`futrou:index:<type>`,
 * written against `pulumi.CustomResource` as any generated SDK is); otherwise the SDK's classes over dynamic
 * providers.
 */
import * as pulumi from "@pulumi/pulumi";
import * as futrou from "pulumi-futrou";

interface Case {
  type: string;
  name: string;
  args: Record<string, unknown>;
  secret: string[];
}

type Constructor = new (name: string, args: Record<string, unknown>) => pulumi.CustomResource;

/** A resource of the futrou plugin, as a generated SDK declares it. */
const onPlugin = (type: string): Constructor =>
  class extends pulumi.CustomResource {
    constructor(name: string, args: Record<string, unknown>) {
      super(`futrou:index:${type}`, name, args);
    }
  };

const config = new pulumi.Config();
const plugin = config.getBoolean("plugin") ?? false;
for (const c of config.requireObject<Case[]>("cases")) {
  const Class = plugin ? onPlugin(c.type) : (futrou as unknown as Record<string, Constructor | undefined>)[c.type];
  if (typeof Class !== "function") throw new Error(`pulumi-futrou has no class ${c.type}`);
  const args = Object.fromEntries(
    Object.entries(c.args).map(([k, v]) => [k, c.secret.includes(k) ? pulumi.secret(v) : v]),
  );
  new Class(c.name, args);
}
