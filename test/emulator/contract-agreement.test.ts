/**
 * The emulator and the provider read the contract (provider/api/CONTRACT.md) each on their own: the emulator
 * imports nothing from provider/ (test/architecture/imports.test.ts), so the two can disagree and a mistake
 * in one reading shows. Where both must say the same (paths, error codes, paging, quotas, and the limits on
 * what a request may carry) this test compares them, so drift on either side fails here, not against the
 * real API. Differences that are deliberate are listed below with their reason, and must still differ.
 */
import { z } from "zod";
import * as emulator from "../../emulator/wire/api";
import { API_TOKEN_TYPES } from "../../emulator/wire/apiToken";
import { CERT_STATUSES } from "../../emulator/wire/cert";
import { WIRE } from "../../emulator/wire/index";
import { WORKSPACE_ROLES } from "../../emulator/wire/workspaceMember";
import * as contract from "../../provider/api/contract";
import { ID_MAX } from "../../provider/api/path";
import { kinds, specFor } from "../../provider/registry";

describe("the emulator's own contract tables say what the provider's say", () => {
  test("error codes in errors[].code", () => {
    expect(emulator.ERROR_CODES).toEqual(contract.ERROR_CODES);
  });

  test("collection and plan paths, quota fields, API generations, serverlet actions", () => {
    expect(emulator.COLLECTIONS).toEqual(contract.COLLECTIONS);
    expect(emulator.PLAN_COLLECTIONS).toEqual(contract.PLAN_COLLECTIONS);
    expect(emulator.QUOTA_FIELDS).toEqual(contract.QUOTA_FIELDS);
    expect(emulator.CERT_ACTIONS).toEqual(contract.CERT_ACTIONS);
    expect(emulator.GENERATIONS).toEqual(contract.GENERATIONS);
    expect(emulator.SERVERLET_ACTIONS).toEqual(contract.SERVERLET_ACTIONS);
  });

  test("the assumed values of the newer collections: token types, roles, certificate states", () => {
    expect(API_TOKEN_TYPES).toEqual(contract.API_TOKEN.types);
    expect(WORKSPACE_ROLES).toEqual(contract.WORKSPACE_ROLES);
    expect(CERT_STATUSES).toEqual(contract.CERT.statuses);
  });

  test("paging: the default page size and the headers", () => {
    expect(emulator.PAGE.defaultLimit).toBe(contract.PAGE_DEFAULT_LIMIT);
    expect(emulator.PAGE_HEADERS).toEqual(contract.PAGE_HEADERS);
  });

  test("the environment variables the emulator tells its user to export are the ones the provider reads", () => {
    expect(emulator.CLIENT_ENV).toEqual({ url: contract.ENV_URL, token: contract.ENV_TOKEN });
  });
});

/** The JSON-schema keywords that carry a limit; `enum` too, since a value outside it is refused as well. */
const LIMITS = ["minLength", "maxLength", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "enum"];

/** Every limit in a request field, by path inside it (`.port`, `[].if.host`, `{}` for map values). */
function limitsOf(schema: z.ZodType): Record<string, unknown> {
  const found: Record<string, unknown> = {};
  const walk = (node: unknown, at: string) => {
    if (!node || typeof node !== "object") return;
    for (const [key, value] of Object.entries(node)) {
      if (LIMITS.includes(key)) found[`${at}${at ? " " : ""}${key}`] = value;
      else if (key === "properties") for (const [f, v] of Object.entries(value as object)) walk(v, `${at}.${f}`);
      else if (key === "items") walk(value, `${at}[]`);
      else if (key === "additionalProperties") walk(value, `${at}{}`);
      else if (key === "anyOf" || key === "allOf" || key === "oneOf") for (const v of value as unknown[]) walk(v, at);
    }
  };
  walk(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }), "");
  return found;
}

/**
 * The provider checks every id it puts in a request path with its path rule (provider/api/path.ts), which
 * caps an id at `ID_MAX` characters: a guard against pasted values, not an API limit. Left out of ids.
 */
const withoutPathRule = (limits: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(limits).filter(([k, v]) => !(k.endsWith("maxLength") && v === ID_MAX)));

/** `kind.field` → why the two readings differ there (the provider's limits, then the emulator's). */
const DELIBERATE: Record<
  string,
  { why: string; provider: Record<string, unknown>; emulator: Record<string, unknown> }
> = {
  "cron.body": {
    why: "ASSUMED by the emulator only: a body of at most 65,536 characters",
    provider: {},
    emulator: { maxLength: 65536 },
  },
  "cron.code": {
    why: "ASSUMED by the emulator only: code of at most 65,536 characters",
    provider: {},
    emulator: { maxLength: 65536 },
  },
  "proxy.target": {
    why: "a host (253) and :port make at most 259; the emulator allows a 255-character host and :port (261)",
    provider: { minLength: 1, maxLength: 259 },
    emulator: { minLength: 1, maxLength: 261 },
  },
  "proxy.strategy (2026-08-02)": {
    why: "a free string in the older types: the provider refuses only an empty one, the emulator over 255 too",
    provider: { minLength: 1 },
    emulator: { minLength: 1, maxLength: 255 },
  },
  "proxy.strategy (2026-08-30)": {
    why: "an enum in the newest types; the provider takes any non-empty string (contract.ts PROXY_STRATEGIES_KNOWN)",
    provider: { minLength: 1 },
    emulator: { enum: ["round-robin", "primary-failover"] },
  },
  "serverlet.scaling (2026-08-02)": {
    why: "the same ranges in another form: the provider checks the known keys of a number map in a refinement (provider/kinds/serverlet/fields.ts SCALING_KEYS), the emulator has the older generation's struct",
    provider: {},
    emulator: {
      ".cpuPercent minimum": 1,
      ".cpuPercent maximum": 100,
      ".ramPercent minimum": 1,
      ".ramPercent maximum": 100,
      ".upCooldown minimum": 0,
      ".upCooldown maximum": Number.MAX_SAFE_INTEGER,
      ".downCooldown minimum": 0,
      ".downCooldown maximum": Number.MAX_SAFE_INTEGER,
    },
  },
  "volume.sizeGb": {
    why: "ASSUMED by the provider only (contract.ts VOLUME_SIZE_MAX_GB): no volume is over 1 PiB",
    provider: { minimum: 0, maximum: contract.VOLUME_SIZE_MAX_GB },
    // A whole number: zod's integers end at the largest safe one.
    emulator: { minimum: 0, maximum: Number.MAX_SAFE_INTEGER },
  },
  "volume.type": {
    why: "ASSUMED by the emulator only: a free string of at most 255 characters",
    provider: { minLength: 1 },
    emulator: { minLength: 1, maxLength: 255 },
  },
  "serverlet.runtime": {
    why: "ASSUMED by the emulator only: a runtime name of at most 255 characters",
    provider: { minLength: 1 },
    emulator: { minLength: 1, maxLength: 255 },
  },
};

/**
 * Every request field both sides know, per kind and API generation: the provider's create schema (one for
 * both generations) against the emulator's create schema of that generation.
 */
const pairs = kinds().flatMap((kind) => {
  const provider = specFor(kind).create.shape as Record<string, z.ZodType>;
  return emulator.GENERATIONS.flatMap((generation) => {
    const wire = WIRE[kind].create[generation].shape as Record<string, z.ZodType>;
    return Object.keys(provider).flatMap((field) => {
      const other = wire[field];
      const at = `${kind}.${field} (${generation})`;
      return other ? [{ at, field: `${kind}.${field}`, provider: provider[field] as z.ZodType, emulator: other }] : [];
    });
  });
});

describe("the limits on what a request may carry", () => {
  test("there is something to compare: names, ranges and nested fields of every kind", () => {
    expect(pairs.length).toBeGreaterThan(120);
    expect(pairs.map((p) => p.at)).toEqual(
      expect.arrayContaining([
        "project.name (2026-08-02)",
        "serverlet.cpu (2026-08-02)",
        "dnsRecord.ttl (2026-08-30)",
        "proxy.rules (2026-08-30)",
        "serverlet.ports (2026-08-02)",
      ]),
    );
  });

  test.each(pairs.map((p) => [p.at, p] as const))("%s: the provider and the emulator accept the same", (at, p) => {
    const provider = withoutPathRule(limitsOf(p.provider));
    const emulator = limitsOf(p.emulator);
    const deliberate = DELIBERATE[at] ?? DELIBERATE[p.field];
    if (deliberate) {
      // Still the documented difference: when one side changes, this entry must be reread, not rot.
      expect({ provider, emulator }).toEqual({ provider: deliberate.provider, emulator: deliberate.emulator });
    } else {
      expect(emulator).toEqual(provider);
    }
  });

  test("serverlet scaling: the provider's refinement refuses exactly where the emulator's struct does", () => {
    const provider = specFor("serverlet").create.shape.scaling as z.ZodType;
    const emulator = WIRE.serverlet.create["2026-08-02"].shape.scaling as z.ZodType;
    const base = { cpuPercent: 50, ramPercent: 50, upCooldown: 60, downCooldown: 60 };
    const probes = [
      { cpuPercent: 1 },
      { cpuPercent: 100 },
      { cpuPercent: 0 },
      { cpuPercent: 101 },
      { ramPercent: 100 },
      { ramPercent: 101 },
      { upCooldown: 0 },
      { upCooldown: -1 },
      { downCooldown: 0.5 },
    ];
    const verdicts = (schema: z.ZodType) => probes.map((p) => schema.safeParse({ ...base, ...p }).success);
    expect(verdicts(provider)).toEqual([true, true, false, false, true, false, true, false, false]);
    expect(verdicts(emulator)).toEqual(verdicts(provider));
  });

  test("volume size: both refuse a fraction and -0, which no limit keyword shows", () => {
    const provider = specFor("volume").create.shape.sizeGb as z.ZodType;
    const emulator = WIRE.volume.create["2026-08-02"].shape.sizeGb as z.ZodType;
    const probes = [0, 10, 1.5, -0, -1];
    const verdicts = (schema: z.ZodType) => probes.map((gb) => schema.safeParse(gb).success);
    expect(verdicts(provider)).toEqual([true, true, false, false, false]);
    expect(verdicts(emulator)).toEqual(verdicts(provider));
  });

  test("every deliberate difference names a field both sides know", () => {
    const known = new Set(pairs.flatMap((p) => [p.at, p.field]));
    expect(Object.keys(DELIBERATE).filter((at) => !known.has(at))).toEqual([]);
  });
});
