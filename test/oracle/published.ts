/**
 * The test oracle of what the Futrou API publishes: per API generation and per kind, the fields a response
 * carries. Written by hand from provider/api/CONTRACT.md ("Response" per kind), provider/api/API-GENERATIONS.md
 * and the official CLI's generated types (`src/api/types.go`), never read from the provider's models
 * (the declarations in provider/kinds/<kind>/fields.ts) or the emulator's wire definitions (emulator/wire/<kind>.ts):
 * the provider and the emulator are judged against this list, so each must be able to disagree with it.
 *
 * The one place a test learns the published shape: test/contract/wire.ts builds the canned API's answers
 * from it, test/emulator/helpers.ts `expectPublishedOnly` holds the emulator's answers to it, and
 * test/oracle/published.test.ts compares it with the provider's models. A field the API starts to publish
 * is added here, once.
 */
import type { Kind } from "../../provider/api/contract";

/** The API generations, named by the date of the CLI's generated types. */
export const GENERATIONS = ["2026-08-02", "2026-08-30"] as const;
export type Generation = (typeof GENERATIONS)[number];
/** CONTRACT.md and the spec: the emulator's default. */
export const OLDER = "2026-08-02" satisfies Generation;
/** futrou-cli 3caf725 (types.go "Generated at: 2026-08-30"): Serverlet and Proxy Models. */
export const NEWEST = "2026-08-30" satisfies Generation;

/** A table with the same value in both generations, except where `newest` says otherwise. */
export const perGeneration = <T>(
  older: Record<Kind, T>,
  newest: Partial<Record<Kind, T>> = {},
): Record<Generation, Record<Kind, T>> =>
  ({
    [OLDER]: older,
    [NEWEST]: { ...older, ...newest },
  }) as Record<Generation, Record<Kind, T>>;

const TIMES = ["createdAt", "updatedAt"];
/** A proxy's boolean switches, published in both generations. */
export const PROXY_FLAGS = [
  "enforceHttps",
  "followRedirects",
  "preserveHeaders",
  "preserveHost",
  "preservePath",
  "preserveQuery",
  "verifyTls",
];

/** CONTRACT.md "Response" per kind: the published shape (types.go; Interface views for the narrow kinds). */
const PUBLISHED_OLDER: Record<Kind, readonly string[]> = {
  project: ["workspaceId", "name", "displayName", "gitRepositoryName", "gitRepositoryUrl", ...TIMES],
  // Never `value`: a variable's value is write-only, in no answer.
  variable: ["key", "isSecret", "description", "workspaceId", "projectId", "serverletId", ...TIMES],
  dnsZone: ["domain", "enableDnssec", ...TIMES],
  dnsRecord: ["dnsId", "name", "type", "value", "priority", "ttl", ...TIMES],
  cron: [
    "workspaceId",
    "projectId",
    "cronPlanId",
    "regionId",
    "name",
    "schedule",
    "type",
    "method",
    "url",
    "headers",
    "body",
    "code",
    "enabled",
    "startedAt",
    ...TIMES,
  ],
  proxy: [
    "domain",
    "target",
    "port",
    "type",
    "strategy",
    "enforceHttps",
    "compress",
    "followRedirects",
    "preserveHeaders",
    "preserveHost",
    "preservePath",
    "preserveQuery",
    "verifyTls",
    "status",
    ...TIMES,
  ],
  volume: ["name", "sizeGb", "type", ...TIMES],
  serverlet: [
    "name",
    "image",
    "cpu",
    "ram",
    "minInstances",
    "maxInstances",
    "instances",
    "state",
    "networkId",
    "runtime",
    ...TIMES,
  ],
  // The Storage Model of the types generated 2026-08-30 (futrou-cli 3caf725).
  storage: ["name", "storagePlanId", "public", "workspaceId", "projectId", "regionId", ...TIMES],
};

/**
 * The published response fields per generation and kind, `id` aside (every answer carries it). types.go@3caf725
 * makes Serverlet and Proxy Models: a proxy without `compress` and `status`, a serverlet answering `status`.
 */
export const PUBLISHED = perGeneration(PUBLISHED_OLDER, {
  proxy: [
    "domain",
    "target",
    "port",
    "type",
    "strategy",
    ...PROXY_FLAGS,
    "isVerified",
    "rules",
    "workspaceId",
    "projectId",
    "proxyPlanId",
    "regionId",
    ...TIMES,
  ],
  serverlet: [
    "name",
    "image",
    "arch",
    "minInstances",
    "maxInstances",
    "mounts",
    "scaling",
    "status",
    "serverletPlanId",
    "workspaceId",
    "projectId",
    "regionId",
    ...TIMES,
  ],
});

/**
 * Fields the API answers beside the published ones under another name: the CLI posts a zone's domain as
 * `{"name": X}` and its mocks answer `name` (CONTRACT.md, DNS zone), so an answer may carry both.
 */
export const ALIASES_ANSWERED: Partial<Record<Kind, readonly string[]>> = { dnsZone: ["name"] };

/** Every field an answer of the published shape may carry: `id`, the published fields, their aliases. */
export function answerable(kind: Kind, generation: Generation = OLDER): readonly string[] {
  return ["id", ...PUBLISHED[generation][kind], ...(ALIASES_ANSWERED[kind] ?? [])];
}
