/**
 * The registry: every kind the provider manages, and its spec, loaded on first use (a program or a host that
 * needs one kind loads only that kind's files). Its own room: the dynamic host (provider/adapters/dynamic/),
 * the plugin (provider/adapters/plugin/), the schema (provider/schema.ts) and the converter (provider/convert/)
 * import it; it imports only the kinds (provider/kinds/<kind>/spec.ts), the spec's helpers and the API layer, never
 * one of its users (test/architecture/imports.test.ts holds that).
 */
import type { Kind } from "./api/contract";
import type { ResourceSpec } from "./spec";

/** Each kind's spec, loaded on first use. */
const SPECS: Record<Kind, () => ResourceSpec> = {
  project: () => (require("./kinds/project/spec") as typeof import("./kinds/project/spec")).project,
  variable: () => (require("./kinds/variable/spec") as typeof import("./kinds/variable/spec")).variable,
  dnsZone: () => (require("./kinds/dnsZone/spec") as typeof import("./kinds/dnsZone/spec")).dnsZone,
  dnsRecord: () => (require("./kinds/dnsRecord/spec") as typeof import("./kinds/dnsRecord/spec")).dnsRecord,
  cron: () => (require("./kinds/cron/spec") as typeof import("./kinds/cron/spec")).cron,
  proxy: () => (require("./kinds/proxy/spec") as typeof import("./kinds/proxy/spec")).proxy,
  volume: () => (require("./kinds/volume/spec") as typeof import("./kinds/volume/spec")).volume,
  serverlet: () => (require("./kinds/serverlet/spec") as typeof import("./kinds/serverlet/spec")).serverlet,
  storage: () => (require("./kinds/storage/spec") as typeof import("./kinds/storage/spec")).storage,
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
