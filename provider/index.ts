/**
 * The runtime entry the dynamic-provider host loads through each resource's `__provider` module string
 * (sdk/resource.ts): `require("pulumi-futrou/dist/provider").providerFor("serverlet")`. It loads only
 * the kit and the one spec asked for; settings come from `configure` at run time.
 */
// First, before the kit loads undici: an old Node.js gets a message naming the version it needs.
import "./nodeVersion";
import { DYNAMIC_HOST } from "./adapters/dynamic";
import type { Kind } from "./api/contract";
import { inDynamicProviderHost, watchEngine } from "./engine";
import { type KitProvider, makeProvider } from "./kit";
import type { ResourceSpec } from "./spec";

/** Each kind's spec, loaded on first use. */
const SPECS: Record<Kind, () => ResourceSpec> = {
  project: () => (require("./resources/project") as typeof import("./resources/project")).project,
  variable: () => (require("./resources/variable") as typeof import("./resources/variable")).variable,
  dnsZone: () => (require("./resources/dnsZone") as typeof import("./resources/dnsZone")).dnsZone,
  dnsRecord: () => (require("./resources/dnsRecord") as typeof import("./resources/dnsRecord")).dnsRecord,
  cron: () => (require("./resources/cron") as typeof import("./resources/cron")).cron,
  proxy: () => (require("./resources/proxy") as typeof import("./resources/proxy")).proxy,
  volume: () => (require("./resources/volume") as typeof import("./resources/volume")).volume,
  serverlet: () => (require("./resources/serverlet") as typeof import("./resources/serverlet")).serverlet,
  storage: () => (require("./resources/storage") as typeof import("./resources/storage")).storage,
};

const providers = new Map<Kind, KitProvider>();

export function isKind(kind: string): kind is Kind {
  return Object.hasOwn(SPECS, kind);
}

export function specFor(kind: Kind): ResourceSpec {
  return SPECS[kind]();
}

/** Every registered kind, in registry order: what the plugin serves and its schema lists. */
export function kinds(): Kind[] {
  return Object.keys(SPECS) as Kind[];
}

/** The dynamic provider for one kind, built once per process. */
export function providerFor(kind: string): KitProvider {
  if (!isKind(kind))
    throw new Error(`futrou: unknown resource kind "${kind}" (one of ${Object.keys(SPECS).join(", ")})`);
  let provider = providers.get(kind);
  if (!provider) {
    // The host exits when its engine is gone, and confirms the creates it returned when closed (engine.ts).
    if (inDynamicProviderHost()) watchEngine();
    provider = makeProvider(specFor(kind), DYNAMIC_HOST);
    providers.set(kind, provider);
  }
  return provider;
}

export { ResourceInitError } from "./kit";
