import type { Kind } from "../../api/contract";
import type { ConfigSource } from "../../config";
import { type KitProvider, makeProvider } from "../../kit";
import { specFor } from "../../registry";
import type { ResourceSpec } from "../../spec";
import { kindOf } from "./rpc";
import { configSource } from "./settings";

/**
 * What one plugin process serves: the settings source from `Configure` and the kit's provider per kind,
 * built on first use. The plugin's engine sends secrets as secrets and keeps what comes back sealed
 * (`acceptsSecrets`).
 */
export class PluginKits {
  #source: ConfigSource = configSource({});
  readonly #providers = new Map<Kind, KitProvider>();

  /** The settings source for everything the process does (the kits, the lookups). */
  get source(): ConfigSource {
    return this.#source;
  }

  /** Configure: new settings for every kit already made and every one made after. */
  async configure(source: ConfigSource): Promise<void> {
    this.#source = source;
    for (const provider of this.#providers.values()) await provider.configure({ config: source });
  }

  /** The kit's provider for a type token, configured with this process's settings. */
  async kit(type: string): Promise<{ spec: ResourceSpec; provider: KitProvider }> {
    const kind = kindOf(type);
    let provider = this.#providers.get(kind);
    if (!provider) {
      provider = makeProvider(specFor(kind), { acceptsSecrets: true });
      await provider.configure({ config: this.#source });
      this.#providers.set(kind, provider);
    }
    return { spec: specFor(kind), provider };
  }
}
