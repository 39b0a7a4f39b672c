/**
 * The registry: every kind the provider manages, and its spec, loaded on first use (a program or a host that
 * needs one kind loads only that kind's files). Its own room: the dynamic host (provider/adapters/dynamic/),
 * the plugin (provider/adapters/plugin/), the schema (provider/schema.ts) and the converter (provider/convert/)
 * import it; it imports only the kinds (provider/resources/), the spec's helpers and the API layer, never
 * one of its users (test/architecture/imports.test.ts holds that).
 */
import type { Kind } from "./api/contract";
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
