/**
 * A Futrou CLI config as the objects a Pulumi program declares: per item, the provider kind, a logical
 * name, its inputs as expressions (references to other declared objects, secrets marked), how `futrou deploy`
 * would find it again (its lock key and its name), and comments for whatever has no counterpart. Which
 * fields are inputs, which are secrets and which defaults the provider fills in come from the specs
 * (provider/registry.ts); only the CLI's side (its keys, its Go zero values) is written here.
 */
import { createHash } from "node:crypto";
import { isPlatformRecord, type Kind } from "../api/contract";
import { specFor } from "../registry";
import { inputNames, PLUGIN_TYPE_PREFIX } from "../spec";
import type { CliConfig, Item, JsonPath } from "./source";

/** A value in the program: a literal, another object's output, or a secret. */
export type Expr =
  | { kind: "literal"; value: unknown }
  | { kind: "ref"; target: Declared; output: string }
  /** An API id in the config (a mount's storage): a reference once the object it names is known. */
  | { kind: "id"; id: string; of: Kind }
  | { kind: "object"; entries: [string, Expr][] }
  | { kind: "list"; items: Expr[] }
  | { kind: "secret"; inner: Expr };

export interface Declared {
  kind: Kind;
  /** The program's logical name (a PCL identifier). */
  name: string;
  inputs: Map<string, Expr>;
  /**
   * Inputs of the config that the API's answers do not carry (kept fields of the older generation): left out
   * of an adopted object, since adopting cannot compare them and the first up would write them again; the
   * program shows them as comments.
   */
  unanswered: Map<string, Expr>;
  /** Lines the program carries as a comment above the object (what could not be mapped). */
  comments: string[];
  /** How `futrou deploy` finds the object: its lock key and the value it matches by. */
  lockKey: string;
  /** The CLI's name for the object (name, domain, or `<name> <type>` of a record). */
  label: string;
  /** Where the config declares it (`["dns", 0, "records", 2]`), for diagnostics located in the file. */
  at: JsonPath;
  /** A record's zone. */
  zone?: Declared;
  /** The object the API holds, once adoption found it: its API id. */
  apiId?: string;
  /** The project the API holds it in, once adopted. */
  apiProjectId?: string;
  /** The id the `import` option carries (the provider's id format for the kind). */
  importId?: string;
}

/** A line for the user about one value of the config. */
export interface Warning {
  text: string;
  at: JsonPath;
}

export interface Program {
  generation: "2026-08-02" | "2026-08-30";
  objects: Declared[];
  /** Warnings for the user, one line each (also written as comments), with the config value each is about. */
  warnings: Warning[];
  /** Lines at the top of the program. */
  header: string[];
}

/** The lock fingerprint the CLI stores for an API id (config.go `LockHash`). */
export const lockHash = (id: string): string => createHash("sha1").update(id).digest("hex");
const escapeLock = (s: string) => s.replaceAll("\\", "\\\\").replaceAll(".", "\\.");

/** The CLI's lists, the provider kind of their items, and the field the CLI names them by. */
export const LISTS = [
  { key: "serverlets", kind: "serverlet", nameKey: "name" },
  { key: "volumes", kind: "volume", nameKey: "name" },
  { key: "storages", kind: "storage", nameKey: "name" },
  { key: "dns", kind: "dnsZone", nameKey: "domain" },
  { key: "proxies", kind: "proxy", nameKey: "domain" },
  { key: "crons", kind: "cron", nameKey: "name" },
] as const satisfies readonly { key: keyof CliConfig; kind: Kind; nameKey: string }[];

/** Fields of a pulled item that are the API's, not configuration (config.go `portableItems`). */
const API_FIELDS = new Set([
  "id",
  "createdAt",
  "updatedAt",
  "startedAt",
  "instances",
  "state",
  "status",
  "dnsId",
  "recordId",
]);

/**
 * Fields the CLI sends even when the file leaves them out, as its Go types' zero value (false, 0): a proxy's
 * flags (ProxyConfig writes only those that differ from the API's default, so an absent one reads back as
 * false), a record's ttl and priority (always written), and in the 2026-08-02 CLI a serverlet's min and max
 * instances (always written). Where that zero differs from the provider's default, the program says it.
 */
function cliZeroSent(kind: Kind, generation: Program["generation"]): readonly string[] {
  const defaults = specFor(kind).defaults;
  if (kind === "proxy") return Object.keys(defaults).filter((f) => typeof defaults[f] === "boolean");
  if (kind === "dnsRecord") return ["ttl", "priority"];
  if (kind === "serverlet" && generation === "2026-08-02") return ["minInstances", "maxInstances"];
  return [];
}
const goZero = (sample: unknown): unknown => (typeof sample === "boolean" ? false : 0);

const isEmpty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === "" ||
  v === 0 ||
  v === false ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === "object" && v !== null && Object.keys(v).length === 0);

const str = (v: unknown) => (typeof v === "string" ? v : "");

/** The config's API generation: storages and plan-sized serverlets are the newest CLI's. */
export function generationOf(config: CliConfig): Program["generation"] {
  if (config.storages) return "2026-08-30";
  const old = config.volumes || (config.serverlets ?? []).some((s) => ["cpu", "ram", "volumes"].some((f) => f in s));
  return old ? "2026-08-02" : "2026-08-30";
}

/** Logical names: camelCase words of the CLI's name, unique in the program. */
class Names {
  readonly #used = new Set<string>();
  make(...parts: string[]): string {
    const words = parts
      .join(" ")
      .replaceAll("@", " apex ")
      .replaceAll("*", " wildcard ")
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean);
    let base = words
      .map((w, i) =>
        i === 0 ? `${w[0]?.toLowerCase()}${w.slice(1)}` : `${w[0]?.toUpperCase()}${w.slice(1).toLowerCase()}`,
      )
      .join("");
    if (!/^[a-z]/.test(base)) base = `r${base}`;
    let name = base;
    for (let n = 2; this.#used.has(name); n++) name = `${base}${n}`;
    this.#used.add(name);
    return name;
  }
}

const lit = (value: unknown): Expr => ({ kind: "literal", value });

/** A JSON value as an expression; a map's keys stay as they are. */
function literalExpr(value: unknown): Expr {
  if (Array.isArray(value)) return { kind: "list", items: value.map(literalExpr) };
  if (value !== null && typeof value === "object") {
    return { kind: "object", entries: Object.entries(value).map(([k, v]) => [k, literalExpr(v)]) };
  }
  return lit(value);
}

/** Reads the config into the objects of the program. */
export function declare(config: CliConfig, file: string): Program {
  const generation = generationOf(config);
  const names = new Names();
  const objects: Declared[] = [];
  const warnings: Warning[] = [];
  const header = [`Converted from ${file} (Futrou CLI, API generation ${generation}) by pulumi-converter-futrou.`];

  const leftOut = (d: Declared, field: string, what: string) => {
    const line = `${what}: not mapped to the futrou provider, left out`;
    d.comments.push(line);
    warnings.push({ text: `${d.kind} ${d.label}: ${line}`, at: [...d.at, field] });
  };

  let project: Declared | undefined;
  if (config.project) {
    project = {
      kind: "project",
      name: names.make(config.project),
      inputs: new Map([["name", lit(config.project)]]),
      unanswered: new Map(),
      comments: [],
      lockKey: "project",
      label: config.project,
      at: ["project"],
    };
    objects.push(project);
  }
  if (config.workspace) {
    header.push(
      `The CLI's workspace "${config.workspace}": the provider's workspace setting (futrou:workspaceId or FUTROU_WORKSPACE_ID) chooses it; by default the token's only workspace.`,
    );
  }

  /** The inputs of one item, by the kind's spec. */
  const fill = (d: Declared, item: Item, skip: readonly string[]) => {
    const spec = specFor(d.kind);
    const inputs = new Set(inputNames(spec));
    const zeroSent = cliZeroSent(d.kind, generation);
    for (const field of zeroSent) {
      const value = item[field] ?? goZero(spec.defaults[field] ?? 0);
      if (item[field] === undefined && value === spec.defaults[field]) continue;
      d.inputs.set(field, lit(value));
    }
    for (const [field, value] of Object.entries(item)) {
      if (skip.includes(field) || API_FIELDS.has(field) || zeroSent.includes(field)) continue;
      if (!inputs.has(field)) {
        if (!isEmpty(value)) leftOut(d, field, `${field} = ${JSON.stringify(value)}`);
        continue;
      }
      if (value === null || value === undefined) continue;
      let expr: Expr = literalExpr(value);
      if (field === "mounts" && typeof value === "object") {
        expr = {
          kind: "object",
          entries: Object.entries(value).map(([path, id]) => [path, { kind: "id", id: str(id), of: "storage" }]),
        };
      } else if (field === "volumes" && Array.isArray(value)) {
        expr = {
          kind: "list",
          items: value.map((mount: Item) => ({
            kind: "object",
            entries: Object.entries(mount).map(([k, v]): [string, Expr] => [
              k,
              k === "volumeId" ? { kind: "id", id: str(v), of: "volume" } : literalExpr(v),
            ]),
          })),
        };
      } else if (field === "projectId" && typeof value === "string") {
        expr = { kind: "id", id: value, of: "project" };
      }
      d.inputs.set(field, spec.secrets.includes(field) ? { kind: "secret", inner: expr } : expr);
    }
  };

  for (const list of LISTS) {
    for (const [index, item] of (config[list.key] ?? []).entries()) {
      const label = str(item[list.nameKey]) || str(item.name);
      const d: Declared = {
        kind: list.kind,
        name: names.make(label || list.kind),
        inputs: new Map(),
        unanswered: new Map(),
        comments: [],
        lockKey: `${list.key}.${label}`,
        label,
        at: [list.key, index],
      };
      objects.push(d);
      if (list.kind === "dnsZone") {
        d.inputs.set("domain", lit(label));
        fill(d, item, ["domain", "name", "records"]);
        declareRecords(d, (item.records as Item[] | undefined) ?? []);
      } else {
        fill(d, item, []);
      }
    }
  }

  function declareRecords(zone: Declared, records: Item[]) {
    const seen = new Map<string, number>();
    const platform: string[] = [];
    for (const [index, record] of records.entries()) {
      const key = `dns.${escapeLock(zone.label)}.records.${escapeLock(str(record.name))}.${escapeLock(str(record.type))}`;
      const n = (seen.get(key) ?? 0) + 1;
      seen.set(key, n);
      if (isPlatformRecord(record)) {
        platform.push(`${str(record.name)} ${str(record.type)}`);
        continue;
      }
      const d: Declared = {
        kind: "dnsRecord",
        name: names.make(zone.name, str(record.name), str(record.type)),
        inputs: new Map([["dnsId", { kind: "ref", target: zone, output: "id" } as Expr]]),
        unanswered: new Map(),
        comments: [],
        lockKey: n > 1 ? `${key}[${n - 1}]` : key,
        label: `${zone.label} / ${str(record.name)} ${str(record.type)}`,
        at: [...zone.at, "records", index],
        zone,
      };
      fill(d, record, []);
      objects.push(d);
    }
    if (platform.length > 0) {
      zone.comments.push(`The platform's records (${platform.join(", ")}) come and go with the zone: not declared.`);
    }
  }

  // A proxy's target that names a declared serverlet refers to it.
  const serverlets = new Map(objects.filter((o) => o.kind === "serverlet").map((o) => [o.label, o]));
  for (const proxy of objects.filter((o) => o.kind === "proxy")) {
    const target = proxy.inputs.get("target");
    const serverlet = target?.kind === "literal" ? serverlets.get(str(target.value)) : undefined;
    if (serverlet) proxy.inputs.set("target", { kind: "ref", target: serverlet, output: "name" });
  }
  return { generation, objects, warnings, header };
}

/** The type token of a kind on the provider plugin (`futrou:index:Serverlet`). */
export const typeToken = (kind: Kind): string => `${PLUGIN_TYPE_PREFIX}${specFor(kind).typeName}`;

/**
 * The object an id in the config names, by adoption (the API id it found) or else by the lock the CLI keeps
 * for it (sha1 of the id).
 */
export function objectWithId(program: Program, locks: Record<string, string>, id: string, kind: Kind) {
  const hash = lockHash(id);
  return program.objects.find(
    (o) => o.kind === kind && (o.apiId === id || (o.apiId === undefined && locks[o.lockKey] === hash)),
  );
}
