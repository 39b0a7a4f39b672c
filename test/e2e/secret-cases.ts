/**
 * The cases of the secrets test (secrets-e2e.test.ts): for every input of every registered kind, one resource
 * with that input secret and a valid value, and one with an invalid value (and, for a kind's unique field,
 * one whose value is already taken, so the API's "already in use" answer echoes it). Everything else in a
 * case's args is plain.
 *
 * Values come from the field's zod schema where its type says enough (numbers in range or out of it, a
 * boolean, an enum option, a map, a string of the wrong type), and from a table by field name where a
 * format or a real object is needed (names, domains, URLs, ids of projects the API must know). A field
 * that neither covers fails the test by name, so a new kind is covered as soon as it is registered or
 * says what it is missing. Each secret value carries a marker (or is a distinctive number) that the test
 * then looks for in everything the engine printed and stored.
 */
import { z } from "zod";
import type { FutrouClient } from "../../provider/api/client";
import { COLLECTIONS, type Kind, PLAN_COLLECTIONS } from "../../provider/api/contract";
import { kinds, specFor } from "../../provider/registry";
import { inputNames, inputSchema, type Props, pathParams, type ResourceSpec } from "../../provider/spec";

/** What each test run's markers start with: lowercase letters and digits fit every format (slugs, keys, hosts). */
const RUN = `tsq${Math.random().toString(36).slice(2, 5)}`;

export interface Case {
  /** The resource's logical name (unique in the run). */
  name: string;
  kind: Kind;
  typeName: string;
  /** The input made secret. */
  field: string;
  variant: "valid" | "invalid" | "taken";
  /** Where the case fails: at check (preview), at the API (create), or nowhere. */
  fails?: "check" | "api";
  /** Check failures stop a preview at the first resource: cases that fail at check share previews by group. */
  group?: string;
  args: Props;
  /** The secret value as it could appear in text: markers, distinctive numbers, ids. */
  needles: string[];
}

/** The objects and catalog entries valid ids point to; each call makes a new object, so its id is the case's own. */
export interface Fixtures {
  api: FutrouClient;
  /** The workspace every other resource uses. */
  workspaceId: string;
  /** A second workspace of the same token, used only by the case that makes `workspaceId` secret. */
  otherWorkspaceId: string;
  /** The zone every record case lives in. */
  zoneId: string;
  /** A user who exists besides the token's own: each call makes a new one (a membership's user). */
  user: () => string;
}

/** Draws the values of one case and remembers how each would appear in text. */
class Draw {
  readonly needles: string[] = [];
  static #serial = 0;
  static #numbers = 0;

  constructor(private readonly secret: boolean) {}

  /** A marker (lowercase letters and digits); a needle when the value is the secret one. */
  text(): string {
    const marker = `${this.secret ? RUN : "pub"}${(Draw.#serial++).toString(36).padStart(3, "0")}x`;
    if (this.secret) this.needles.push(marker);
    return marker;
  }

  /**
   * A number in [lo, hi], distinctive when the range allows (five digits, else three from 601 up), drawn in
   * increasing order so a later value of a field that only grows is larger. Small ranges give no needle.
   */
  num(lo: number, hi: number): number {
    const from = hi >= 20_000 ? Math.max(lo, 10_007) : hi >= 700 ? Math.max(lo, 601) : lo;
    const span = Math.max(1, Math.min(hi, 2 ** 31 - 1) - from + 1);
    const value = from + ((Draw.#numbers++ * 13) % span);
    if (this.secret && value >= 601) this.needles.push(String(value));
    return value;
  }

  /** Any other text the value shows up as (an id). */
  keep(needle: string): void {
    if (this.secret) this.needles.push(needle);
  }
}

/** A sample value for a field, and other args it needs (`undefined` removes an arg). */
interface Sample {
  value: unknown;
  with?: Props;
}
type Sampler = (d: Draw, f: Fixtures) => Sample | Promise<Sample>;

interface FieldSamples {
  valid?: Sampler;
  invalid?: Sampler;
  /** The invalid value passes check and fails at the API (an id nothing has). */
  invalidAtApi?: boolean;
  /** The invalid value needs other fields valid (a cross-field rule): it gets a preview of its own. */
  invalidAlone?: boolean;
}

const Model = z.looseObject({ id: z.string() });

async function created(f: Fixtures, d: Draw, collection: string, body: Props): Promise<Sample> {
  const { id } = await f.api.create(collection, { workspaceId: f.workspaceId, ...body }, Model);
  d.keep(id);
  return { value: id };
}

async function catalogId(f: Fixtures, d: Draw, path: string): Promise<Sample> {
  const [first] = await f.api.list(path, Model);
  if (!first) throw new Error(`the emulator lists nothing at ${path}`);
  d.keep(first.id);
  return { value: first.id };
}

const tooLong = (d: Draw, max: number) => ({ value: `${"x".repeat(max)}${d.text()}` });
const unknownId: FieldSamples = { invalid: (d) => ({ value: `id-${d.text()}` }), invalidAtApi: true };

/** Fields whose values need a format or a real object, by name (the same in every kind), or `kind.field`. */
const BY_NAME: Record<string, FieldSamples> = {
  name: { valid: (d) => ({ value: `n-${d.text()}` }), invalid: (d) => tooLong(d, 255) },
  "project.name": { valid: (d) => ({ value: `n-${d.text()}` }), invalid: (d) => ({ value: `Bad Name ${d.text()}` }) },
  "dnsRecord.name": { valid: (d) => ({ value: d.text() }), invalid: (d) => ({ value: `bad name ${d.text()}` }) },
  displayName: { valid: (d) => ({ value: `Shop ${d.text()}` }), invalid: (d) => tooLong(d, 255) },
  description: { valid: (d) => ({ value: `About ${d.text()}` }), invalid: (d) => tooLong(d, 255) },
  key: { valid: (d) => ({ value: `K_${d.text()}` }), invalid: (d) => ({ value: `1 bad ${d.text()}` }) },
  domain: {
    valid: (d) => ({ value: `${d.text()}.example.com` }),
    invalid: (d) => ({ value: `bad domain ${d.text()}` }),
  },
  image: {
    valid: (d) => ({ value: `registry.example.com/${d.text()}:1` }),
    invalid: (d) => ({ value: `image ${d.text()}` }),
  },
  url: {
    valid: (d) => ({ value: `https://${d.text()}.example.com/hook` }),
    invalid: (d) => ({ value: `ftp://${d.text()}.example.com/` }),
  },
  target: {
    valid: (d) => ({ value: `${d.text()}.internal:8080` }),
    invalid: (d) => ({ value: `bad target ${d.text()}` }),
  },
  schedule: {
    valid: (d) => {
      const value = `${d.num(0, 59)} ${d.num(0, 23)} * * ${d.num(0, 6)}`;
      d.keep(value);
      return { value };
    },
    invalid: (d) => ({ value: `${d.text()} * * * *` }),
  },
  mountPath: {},
  "dnsRecord.type": {
    valid: (d) => ({ value: "A", with: { value: `192.0.2.${d.num(1, 254)}` } }),
    invalid: (d) => ({ value: d.text() }),
  },
  "dnsRecord.value": {
    valid: (d) => ({ value: `text ${d.text()}` }),
    invalid: (d) => ({ value: d.text(), with: { type: "A" } }),
    invalidAlone: true,
  },
  "dnsRecord.priority": {
    valid: (d) => ({ value: d.num(1, 65535), with: { type: "MX", value: "mail.example.com" } }),
  },
  "cron.type": { valid: () => ({ value: "code", with: { code: "export default () => 1" } }) },
  "serverlet.minInstances": { valid: (d) => ({ value: d.num(0, 1000), with: { maxInstances: 1000 } }) },
  volumes: {
    valid: async (d, f) => {
      const { value: volumeId } = await created(f, d, COLLECTIONS.volume, { name: `vol-${d.text()}`, sizeGb: 1 });
      return { value: [{ volumeId, mountPath: `/data-${d.text()}` }] };
    },
    invalid: (d) => ({ value: [{ volumeId: "v", mountPath: `relative-${d.text()}` }] }),
  },
  ports: { valid: (d) => ({ value: [{ port: d.num(1, 65535), protocol: "tcp" }] }) },
  mounts: {
    valid: async (d, f) => {
      const { value: storageId } = await created(f, d, COLLECTIONS.storage, { name: `st-${d.text()}` });
      return { value: { [`/mnt-${d.text()}`]: storageId } };
    },
    invalid: (d) => ({ value: { [`relative-${d.text()}`]: "v" } }),
  },
  rules: {
    valid: (d) => ({ value: [{ if: { host: `${d.text()}.example.com`, path: `/${d.text()}` } }] }),
    invalid: (d) => ({ value: [{ if: { method: d.text() } }] }),
  },
  scaling: {
    valid: (d) => ({
      value: { cpuPercent: 70, ramPercent: 80, upCooldown: d.num(0, 10 ** 6), downCooldown: d.num(0, 10 ** 6) },
    }),
  },
  workspaceId: {
    valid: (d, f) => {
      d.keep(f.otherWorkspaceId);
      return { value: f.otherWorkspaceId };
    },
    ...unknownId,
  },
  projectId: {
    valid: (d, f) => created(f, d, COLLECTIONS.project, { name: `p-${d.text()}` }),
    ...unknownId,
  },
  projectIds: {
    valid: async (d, f) => ({ value: [(await created(f, d, COLLECTIONS.project, { name: `p-${d.text()}` })).value] }),
    invalid: (d) => ({ value: [`id-${d.text()}`] }),
    invalidAtApi: true,
  },
  userId: {
    valid: (d, f) => {
      const id = f.user();
      d.keep(id);
      return { value: id };
    },
    ...unknownId,
  },
  // A variable has exactly one scope: the workspace of the other cases makes way.
  "variable.projectId": {
    valid: async (d, f) => ({
      ...(await created(f, d, COLLECTIONS.project, { name: `p-${d.text()}` })),
      with: { workspaceId: undefined },
    }),
    invalid: (d) => ({ value: `id-${d.text()}`, with: { workspaceId: undefined } }),
    invalidAtApi: true,
  },
  "variable.serverletId": {
    valid: async (d, f) => ({
      ...(await created(f, d, COLLECTIONS.serverlet, { name: `s-${d.text()}`, image: "nginx" })),
      with: { workspaceId: undefined },
    }),
    invalid: (d) => ({ value: `id-${d.text()}`, with: { workspaceId: undefined } }),
    invalidAtApi: true,
  },
  regionId: { valid: (d, f) => catalogId(f, d, "/regions"), ...unknownId },
  dnsId: {
    valid: (d, f) => created(f, d, COLLECTIONS.dnsZone, { domain: `${d.text()}.example.org` }),
    invalid: (d) => ({ value: `id-${d.text()}` }),
  },
};

/** `serverletPlanId` → the serverlet plans, and so on for every plan catalog. */
function planSamples(field: string): FieldSamples | undefined {
  const path = Object.entries(PLAN_COLLECTIONS).find(([k]) => field === `${k}PlanId`)?.[1];
  return path ? { valid: (d, f) => catalogId(f, d, path), ...unknownId } : undefined;
}

interface ZodDef {
  type?: string;
  innerType?: unknown;
  entries?: Record<string, string>;
  /** A string format's name (`datetime` for `z.iso.datetime()`). */
  format?: string;
}
const defOf = (s: unknown): ZodDef => (s as { _zod?: { def?: ZodDef } })._zod?.def ?? {};

/** The field's schema without optional / nullable / default wrappers. */
function core(spec: ResourceSpec, field: string): z.ZodType {
  let s: unknown = inputSchema(spec, field);
  while (defOf(s).innerType) s = defOf(s).innerType;
  return s as z.ZodType;
}

/**
 * Samples from the schema's type alone: in or out of range, the other boolean, another option, a date-time (a
 * year of its own: no marker fits a date, so the needle is the year, a distinctive number), a wrong type.
 */
function fromSchema(spec: ResourceSpec, field: string): FieldSamples | undefined {
  const schema = core(spec, field);
  const wrongType = (d: Draw): Sample => ({ value: d.text() });
  if (schema instanceof z.ZodNumber) {
    const lo = schema.minValue ?? 0;
    const hi = schema.maxValue ?? 10 ** 7;
    return {
      valid: (d) => ({ value: d.num(lo, hi) }),
      invalid: (d) => (schema.maxValue !== null ? { value: hi + d.num(10_007, 10 ** 6) } : wrongType(d)),
    };
  }
  if (schema instanceof z.ZodBoolean)
    return { valid: () => ({ value: spec.defaults[field] !== true }), invalid: wrongType };
  if (schema instanceof z.ZodEnum) {
    const options = Object.values(defOf(schema).entries ?? {});
    const other = options.find((o) => o !== spec.defaults[field]) ?? options[0];
    return { valid: () => ({ value: other }), invalid: wrongType };
  }
  if (defOf(schema).format === "datetime") {
    return {
      valid: (d) => ({ value: `${d.num(5000, 9999)}-01-01T00:00:00Z` }),
      invalid: (d) => ({ value: `next year ${d.text()}` }),
    };
  }
  if (schema instanceof z.ZodRecord) {
    return { valid: (d) => ({ value: { [`K_${d.text()}`]: `v-${d.text()}` } }), invalid: wrongType };
  }
  if (schema instanceof z.ZodString) {
    // Any string is valid: a value of the wrong type that holds the marker is not.
    return { valid: (d) => ({ value: `s-${d.text()}` }), invalid: (d) => ({ value: [d.text()] }) };
  }
  if (schema instanceof z.ZodArray || schema instanceof z.ZodObject) return { invalid: wrongType };
  return undefined;
}

/** The samples for one field: the name table, then plan catalogs, then the schema (first one that says). */
function samplesFor(
  spec: ResourceSpec,
  field: string,
): Required<Pick<FieldSamples, "valid" | "invalid">> & FieldSamples {
  const layers = [BY_NAME[`${spec.kind}.${field}`], BY_NAME[field], planSamples(field), fromSchema(spec, field)];
  const valid = layers.find((l) => l?.valid)?.valid;
  const invalidLayer = layers.find((l) => l?.invalid);
  if (!valid || !invalidLayer?.invalid) {
    throw new Error(
      `test/e2e/secret-cases.ts has no ${valid ? "invalid" : "valid"} value for ${spec.kind}.${field}: add one to BY_NAME`,
    );
  }
  return { ...invalidLayer, valid, invalid: invalidLayer.invalid };
}

/** Plain values some kinds need beyond their required inputs (a record whose value fits its type). */
const BASE: Partial<Record<Kind, (d: Draw) => Props>> = {
  dnsRecord: (d) => ({ type: "TXT", value: `text ${d.text()}` }),
};

/**
 * Plain args that make a resource of the kind valid: its required inputs, its owner, fresh names; then
 * whatever the kind's cross-field rules still ask for (a cron's `url`), from the same samples.
 */
async function baseArgs(spec: ResourceSpec, f: Fixtures): Promise<Props> {
  const d = new Draw(false);
  const args: Props = {};
  const add = async (field: string) => {
    args[field] = field === "dnsId" ? f.zoneId : (await samplesFor(spec, field).valid(d, f)).value;
  };
  for (const field of inputNames(spec)) {
    if (!inputSchema(spec, field)?.safeParse(undefined).success) await add(field);
  }
  if (inputNames(spec).includes("workspaceId")) args.workspaceId = f.workspaceId;
  Object.assign(args, BASE[spec.kind]?.(d));
  for (let i = 0; i < 5; i++) {
    const result = spec.create.safeParse(args);
    const missing = result.success ? [] : result.error.issues.map((x) => String(x.path[0])).filter((k) => !(k in args));
    if (missing.length === 0) break;
    for (const field of missing) await add(field);
  }
  return args;
}

function apply(base: Props, field: string, sample: Sample): Props {
  const args: Props = { ...base, ...sample.with, [field]: sample.value };
  for (const [k, v] of Object.entries(args)) if (v === undefined) delete args[k];
  return args;
}

/** Every case of every registered kind, each with fresh plain args (names) and its secret value. */
export async function casesFor(f: Fixtures): Promise<Case[]> {
  const cases: Case[] = [];
  for (const kind of kinds()) {
    const spec = specFor(kind);
    const params = pathParams(spec);
    for (const field of inputNames(spec)) {
      const samples = samplesFor(spec, field);
      const label = `${kind}-${field}`.toLowerCase();
      const one = { kind, typeName: spec.typeName, field };
      // A path input or the item key is part of the Pulumi id: the kit refuses to take it as a secret, valid or not.
      const refused = params.includes(field) || spec.itemKey === field;
      const valid = new Draw(true);
      cases.push({
        ...one,
        name: `${label}-ok`,
        variant: "valid",
        ...(refused ? { fails: "check" as const, group: `${kind}-refused` } : {}),
        args: apply(await baseArgs(spec, f), field, await samples.valid(valid, f)),
        needles: valid.needles,
      });
      const invalid = new Draw(true);
      const atApi = samples.invalidAtApi === true && !refused;
      cases.push({
        ...one,
        name: `${label}-bad`,
        variant: "invalid",
        fails: atApi ? "api" : "check",
        ...(atApi ? {} : { group: samples.invalidAlone ? `${kind}-${field}` : kind }),
        args: apply(await baseArgs(spec, f), field, await samples.invalid(invalid, f)),
        needles: invalid.needles,
      });
      if (spec.unique?.field === field && !refused) {
        // The value is taken by an object outside the stack: the API's answer names it.
        const taken = new Draw(true);
        const args = apply(await baseArgs(spec, f), field, await samples.valid(taken, f));
        const collection = COLLECTIONS[kind].replace(/\{(\w+)\}/g, (_, p: string) => String(args[p]));
        const body = Object.fromEntries(Object.entries(args).filter(([k]) => !params.includes(k)));
        await f.api.create(collection, body, Model);
        cases.push({ ...one, name: `${label}-taken`, variant: "taken", fails: "api", args, needles: taken.needles });
      }
    }
  }
  return cases;
}

/**
 * The same cases with every secret of a valid case changed (a second `up` updates or replaces each); the
 * other cases as they were. Needles keep the old values too: neither may show up in the diff.
 */
export async function changed(f: Fixtures, cases: readonly Case[]): Promise<Case[]> {
  const next: Case[] = [];
  for (const c of cases) {
    if (c.variant !== "valid" || c.fails) {
      next.push(c);
      continue;
    }
    const d = new Draw(true);
    const sample = await samplesFor(specFor(c.kind), c.field).valid(d, f);
    next.push({ ...c, args: apply(c.args, c.field, sample), needles: [...c.needles, ...d.needles] });
  }
  return next;
}

/** Check-failing cases merged into one resource per group (a failed check stops the preview at it). */
export function checkGroups(cases: readonly Case[]): Case[][] {
  const groups = new Map<string, Case[]>();
  for (const c of cases.filter((x) => x.fails === "check")) {
    const key = c.group ?? c.name;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return [...groups.values()];
}

/** One resource that carries every case of a group: each case's field, with its secret value. */
export function merged(group: readonly Case[]): { typeName: string; name: string; args: Props; secret: string[] } {
  const [first] = group;
  if (!first) throw new Error("empty group");
  const args: Props = { ...first.args };
  for (const c of group) args[c.field] = c.args[c.field];
  return {
    typeName: first.typeName,
    name: `${first.group ?? first.name}-check`,
    args,
    secret: group.map((c) => c.field),
  };
}
