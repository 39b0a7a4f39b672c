import * as pulumi from "@pulumi/pulumi";
import { CONFIG_KEYS } from "../provider/config";
import { sdkMode } from "./mode";

export interface ProviderArgs {
  /**
   * The API token. Always stored as a Pulumi secret (encrypted in the state); pass
   * `config.requireSecret("ws2Token")` so it is never in plain text anywhere. Default: the stack's
   * `futrou:apiToken`, then `FUTROU_API_TOKEN`.
   */
  apiToken?: pulumi.Input<string>;
  /** The API's base URL, with or without `/v2`. Default: the stack's `futrou:apiUrl`, then `FUTROU_API_URL`, then the public API. */
  apiUrl?: pulumi.Input<string>;
  /** The workspace new resources go to when they name none. Default: the stack's `futrou:workspaceId`, else the token's only workspace. */
  workspaceId?: pulumi.Input<string>;
  /** How long `up` waits for a serverlet to run. Default: the stack's `futrou:readyTimeoutSeconds`, else 300. */
  readyTimeoutSeconds?: pulumi.Input<number>;
  /** First wait between readiness polls. Default: the stack's `futrou:pollIntervalMs`, else 250. */
  pollIntervalMs?: pulumi.Input<number>;
  /**
   * How long one operation of a resource (create, read, update, delete, check) or a lookup may spend on API
   * requests, retries and their waits included, before it fails saying how many attempts it made. A
   * resource's `customTimeouts` take its place for that resource. Default: the stack's
   * `futrou:requestDeadlineSeconds`, then `FUTROU_REQUEST_DEADLINE_SECONDS`, else 120.
   */
  requestDeadlineSeconds?: pulumi.Input<number>;
}

/** The provider's settings as `futrou:*` config keys (what its dynamic-provider host gets in `configure`). */
const settingsOf = new WeakMap<Provider, pulumi.Output<Record<string, string>>>();

/** The `futrou:*` settings of an explicit provider, for lookups run in the program with `{ provider }`. */
export function providerSettings(
  provider: pulumi.ProviderResource | undefined,
): pulumi.Output<Record<string, string>> | undefined {
  return provider instanceof Provider ? settingsOf.get(provider) : undefined;
}

/**
 * An explicit provider: its own token, URL and default workspace, for resources that name it in their
 * `provider` option (or inherit it from a parent's `providers`). One stack can so manage two workspaces
 * or use two tokens. The token is a secret in the state; resources carry no settings at all. Each setting
 * left out falls back to the stack's `futrou:*` config.
 *
 * ```ts
 * const ws2 = new futrou.Provider("ws2", { apiToken: config.requireSecret("ws2Token") });
 * new futrou.Project("shop", {}, { provider: ws2 });
 * ```
 */
export class Provider extends pulumi.ProviderResource {
  constructor(name: string, args: ProviderArgs = {}, opts?: pulumi.ResourceOptions) {
    const stack = new pulumi.Config("futrou");
    const key = (full: string) => full.slice("futrou:".length);
    const text = (v: pulumi.Input<string | number> | undefined) =>
      v === undefined ? undefined : pulumi.output(v).apply((x) => String(x));
    const token = args.apiToken ?? stack.getSecret(key(CONFIG_KEYS.apiToken));
    const settings: Record<string, pulumi.Input<string> | undefined> = {
      [CONFIG_KEYS.apiToken]: token === undefined ? undefined : pulumi.secret(token),
      [CONFIG_KEYS.apiUrl]: text(args.apiUrl ?? stack.get(key(CONFIG_KEYS.apiUrl))),
      [CONFIG_KEYS.workspaceId]: text(args.workspaceId ?? stack.get(key(CONFIG_KEYS.workspaceId))),
      [CONFIG_KEYS.readyTimeoutSeconds]: text(
        args.readyTimeoutSeconds ?? stack.get(key(CONFIG_KEYS.readyTimeoutSeconds)),
      ),
      [CONFIG_KEYS.pollIntervalMs]: text(args.pollIntervalMs ?? stack.get(key(CONFIG_KEYS.pollIntervalMs))),
      [CONFIG_KEYS.requestDeadlineSeconds]: text(
        args.requestDeadlineSeconds ?? stack.get(key(CONFIG_KEYS.requestDeadlineSeconds)),
      ),
    };
    const inputs = Object.fromEntries(Object.entries(settings).filter(([, v]) => v !== undefined));
    // A provider of the `pulumi-nodejs` package (the engine's dynamic-provider host, which serves every Futrou
    // resource): the engine runs one host per explicit provider and passes it these inputs as its
    // configuration, exactly as the stack's `futrou:*` config reaches the default one. With `futrou:mode:
    // plugin`, a provider of the `futrou` plugin with the schema's setting names, aliased from the dynamic
    // one so that a stack moves without a change. (This comment is not TSDoc: the class's TSDoc is also the
    // plugin's provider description, provider/schema.ts.)
    if (sdkMode() === "plugin") {
      super("futrou", name, Object.fromEntries(Object.entries(inputs).map(([k, v]) => [key(k), v])), {
        ...opts,
        aliases: [...(opts?.aliases ?? []), { type: "pulumi:providers:pulumi-nodejs" }],
      });
    } else {
      super("pulumi-nodejs", name, inputs, opts);
    }
    settingsOf.set(
      this,
      pulumi
        .output(inputs)
        .apply((all) =>
          Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => typeof e[1] === "string")),
        ),
    );
  }
}
