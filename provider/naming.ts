/**
 * Names for resources that give none, in one place for the SDK, the dynamic host's kit and the plugin:
 *
 * - `identityName`: computed in the program process (SDK) or by the plugin from the URN, so preview and up
 *   agree: every "random" part is drawn from a hash of the resource's identity (organization, project,
 *   stack, parent chain, type, logical name), so the same program gives the same name in every run.
 *   Honours `pulumi:autonaming` as Pulumi documents it: `mode` (`default`, `verbatim`, `disabled`) or
 *   `pattern` (`${name}`, `${hex(n)}`, `${alphanum(n)}`, `${string(n)}`, `${num(n)}`, `${uuid}`,
 *   `${organization}`, `${project}`, `${stack}`, `${config.key}`), `enforce`, and overrides under
 *   `providers.futrou` (or `providers.pulumi-nodejs`) and their `resources` keyed by type (`futrou:Project`
 *   or the full token `pulumi-nodejs:dynamic/futrou:Project`).
 * - `randomName`: `<logical name>-<7 random characters>`, the kit's last resort when its inputs carry only
 *   the logical name (`__name`) and no name computed before check.
 * - `toSlug`: any text as the slug part of a name.
 *
 * The kit keeps the name of a resource already auto-named (check reads the old inputs), so a config change
 * affects only new resources, as Pulumi's own migration notes say.
 */
import { createHash, randomInt } from "node:crypto";
import { SLUG } from "./api/formats";

/**
 * Auto-names are lowercase slugs of at most 63 characters, which every kind accepts. (What a kind accepts
 * as a name it is given is its model's business: up to `NAME_MAX`, 255 characters.)
 */
export const AUTO_NAME_MAX_LENGTH = 63;
/** Pulumi's default: `<name>-<7 random characters>`. */
const DEFAULT_SUFFIX_LENGTH = 7;
/** The package keys under `providers` that name this package. */
const PROVIDER_KEYS = ["futrou", "pulumi-nodejs"] as const;

/** One level of `pulumi:autonaming` (the top, a provider, or a resource type). */
export interface AutonamingLevel {
  mode?: "default" | "verbatim" | "disabled";
  pattern?: string;
  enforce?: boolean;
}

export interface AutonamingConfig extends AutonamingLevel {
  providers?: Record<string, AutonamingLevel & { resources?: Record<string, AutonamingLevel> }>;
}

/** Who the resource is: everything its URN is made of, plus the organization. */
export interface NameContext {
  organization: string;
  project: string;
  stack: string;
  /** The full type token, e.g. `pulumi-nodejs:dynamic/futrou:Project`. */
  type: string;
  /** The short type, e.g. `futrou:Project` (also accepted as a `resources` key). */
  shortType: string;
  /** Parents' `type::name`, innermost first (two children of different parents get different names). */
  parents: readonly string[];
  logicalName: string;
  /** `config.<key>` in patterns: `key` as written (`region` reads `<project>:region`, `aws:region` as is). */
  config: (key: string) => string | undefined;
}

export type AutoName = { name: string } | { disabled: true };

/** The level that applies to one resource: its type's, else its provider's, else the top's. */
export function effectiveLevel(config: AutonamingConfig | undefined, ctx: NameContext): AutonamingLevel {
  const top: AutonamingLevel = { mode: config?.mode, pattern: config?.pattern, enforce: config?.enforce };
  const provider = PROVIDER_KEYS.map((k) => config?.providers?.[k]).find((p) => p !== undefined);
  const resource = provider?.resources?.[ctx.type] ?? provider?.resources?.[ctx.shortType];
  const chosen = [resource, provider].find((l) => l?.mode !== undefined || l?.pattern !== undefined) ?? top;
  return { mode: chosen.mode, pattern: chosen.pattern, enforce: resource?.enforce ?? provider?.enforce ?? top.enforce };
}

/** A deterministic byte stream from the resource's identity: the "random" parts of a name. */
function randomStream(ctx: NameContext): (n: number) => Buffer {
  const seed = JSON.stringify([ctx.organization, ctx.project, ctx.stack, ctx.parents, ctx.type, ctx.logicalName]);
  let counter = 0;
  return (n) => {
    const chunks: Buffer[] = [];
    for (let have = 0; have < n; have += 32) {
      chunks.push(createHash("sha256").update(`${seed}#${counter++}`).digest());
    }
    return Buffer.concat(chunks).subarray(0, n);
  };
}

const ALPHABETS = {
  hex: "0123456789abcdef",
  alphanum: "abcdefghijklmnopqrstuvwxyz0123456789",
  string: "abcdefghijklmnopqrstuvwxyz",
  num: "0123456789",
} as const;

function draw(bytes: (n: number) => Buffer, alphabet: string, length: number): string {
  return [...bytes(length)].map((b) => alphabet[b % alphabet.length]).join("");
}

function uuidFrom(bytes: (n: number) => Buffer): string {
  const b = Buffer.from(bytes(16));
  b[6] = ((b[6] as number) & 0x0f) | 0x40; // version 4 layout
  b[8] = ((b[8] as number) & 0x3f) | 0x80; // RFC 4122 variant
  const h = b.toString("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** Expands a pattern; throws with the expression when it is not one Pulumi documents. */
export function expandPattern(pattern: string, ctx: NameContext): string {
  const bytes = randomStream(ctx);
  return pattern.replace(/\$\{([^}]*)\}/g, (_, raw: string) => {
    const expr = raw.trim();
    const call = /^(hex|alphanum|string|num)\((\d+)\)$/.exec(expr);
    if (call) return draw(bytes, ALPHABETS[call[1] as keyof typeof ALPHABETS], Number(call[2]));
    if (expr === "name") return ctx.logicalName;
    if (expr === "uuid") return uuidFrom(bytes);
    if (expr === "organization") return ctx.organization;
    if (expr === "project") return ctx.project;
    if (expr === "stack") return ctx.stack;
    if (expr.startsWith("config.")) {
      const value = ctx.config(expr.slice("config.".length));
      if (value === undefined) throw new Error(`pulumi:autonaming: \${${expr}} is not set in the stack config`);
      return value;
    }
    throw new Error(`pulumi:autonaming: unknown expression \${${expr}} in pattern "${pattern}"`);
  });
}

/** Lowercase slug characters only, no leading/trailing `-`, at most `max` characters. */
export function toSlug(s: string, max = AUTO_NAME_MAX_LENGTH): string {
  return s
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+/, "")
    .slice(0, max)
    .replace(/-+$/, "");
}

/**
 * The name for an omitted `name` input, drawn from the resource's identity (the same in every run), or
 * `{ disabled }` when `pulumi:autonaming` says names must be given. Without `enforce`, the result is made
 * a valid Futrou name (lowercase slug, ≤ 63); with it, the pattern's result is used as is and check
 * reports a name the kind does not accept.
 */
export function identityName(config: AutonamingConfig | undefined, ctx: NameContext): AutoName {
  const level = effectiveLevel(config, ctx);
  if (level.mode === "disabled") return { disabled: true };
  if (level.pattern !== undefined) {
    const name = expandPattern(level.pattern, ctx);
    // A pattern that slugs to nothing (only symbols) still gives a name: the default suffix alone.
    return {
      name: level.enforce ? name : toSlug(name) || draw(randomStream(ctx), ALPHABETS.alphanum, DEFAULT_SUFFIX_LENGTH),
    };
  }
  if (level.mode === "verbatim") return { name: level.enforce ? ctx.logicalName : toSlug(ctx.logicalName) };
  return { name: withSuffix(ctx.logicalName, draw(randomStream(ctx), ALPHABETS.alphanum, DEFAULT_SUFFIX_LENGTH)) };
}

/** `<logical name as a slug>-<suffix>`, the prefix cut so the whole fits; the suffix alone when nothing is left. */
function withSuffix(logical: string, suffix: string): string {
  const prefix = toSlug(logical, AUTO_NAME_MAX_LENGTH - suffix.length - 1);
  return prefix ? `${prefix}-${suffix}` : suffix;
}

/**
 * `<logical name>-<7 random characters>`: a new name on every call, so only for a resource whose name
 * nobody computed before check (see `identityName` for the one that is the same in every run).
 */
export function randomName(logical: string): string {
  const { alphanum } = ALPHABETS;
  return withSuffix(
    logical,
    Array.from({ length: DEFAULT_SUFFIX_LENGTH }, () => alphanum[randomInt(alphanum.length)]).join(""),
  );
}

/** Whether a name has an auto-name's shape: a lowercase slug of at most 63 characters, which every kind accepts. */
export const isAutoNameShaped = (name: string): boolean => name.length <= AUTO_NAME_MAX_LENGTH && SLUG.test(name);
