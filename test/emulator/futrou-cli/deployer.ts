/**
 * A model of the official CLI's declarative round trip, `futrou config pull` and `futrou deploy`, as the
 * requests they make and the decisions that choose those requests, for both CLI generations: 2026-08-02
 * (volumes) from futrou-cli src/config/config.go@62f46b2 (Pull, the config types' JSON forms, locks),
 * src/deployer/deployer.go@62f46b2 (BuildPlan, planDNSRecords, Apply, resolveActionID),
 * src/validators/config_validator.go@62f46b2 and src/api/types.go@81de558 (how answers decode); 2026-08-30
 * (storages) from config.go@3caf725, deployer.go@3caf725 and types.go@3caf725; the refresh after apply from
 * src/commands/deploy.go (newest). None of the CLI's code is copied.
 */
import { createHash } from "node:crypto";
import { type CliClient, CliSideError, type Obj } from "./client";

export interface ProjectConfig {
  workspace?: string;
  project?: string;
  serverlets?: Obj[];
  dns?: Obj[];
  proxies?: Obj[];
  volumes?: Obj[];
  storages?: Obj[];
  crons?: Obj[];
  locks?: Record<string, string>;
}

type KindKey = "serverlets" | "dns" | "proxies" | "volumes" | "storages" | "crons";

/** Per kind: the deployer's label, path and the field that names an item. */
const KIND: Record<KindKey, { resource: string; path: string; nameKey: string }> = {
  serverlets: { resource: "serverlet", path: "/v2/serverlets", nameKey: "name" },
  dns: { resource: "dns zone", path: "/v2/dns", nameKey: "domain" },
  proxies: { resource: "proxy", path: "/v2/proxies", nameKey: "domain" },
  volumes: { resource: "volume", path: "/v2/volumes", nameKey: "name" },
  storages: { resource: "storage", path: "/v2/storages", nameKey: "name" },
  crons: { resource: "cron", path: "/v2/crons", nameKey: "name" },
};

/** The CLI generation: its types generated 2026-08-02 (volumes) or 2026-08-30 (storages). */
export type Generation = "2026-08-02" | "2026-08-30";
/** The deployer's resource table per generation, in its order. */
const KINDS_OF: Record<Generation, KindKey[]> = {
  "2026-08-02": ["serverlets", "dns", "proxies", "volumes", "crons"],
  "2026-08-30": ["serverlets", "dns", "proxies", "storages", "crons"],
};

// ---------------------------------------------------------------------------------------------------
// How the CLI's Go types decode an answer and write it back (the config file and the request payloads).

type GoType = "string" | "number" | "int" | "bool" | "map" | "time" | "struct" | "array";

/** Decoding fails on a JSON value of another type; absent and null are fine. */
function decode(kind: string, item: Obj, types: Record<string, GoType>): void {
  for (const [field, type] of Object.entries(types)) {
    const v = item[field];
    if (v === undefined || v === null) continue;
    const ok =
      type === "string"
        ? typeof v === "string"
        : type === "number"
          ? typeof v === "number"
          : type === "int"
            ? Number.isInteger(v)
            : type === "bool"
              ? typeof v === "boolean"
              : type === "time"
                ? typeof v === "string" && !Number.isNaN(Date.parse(v))
                : type === "array"
                  ? Array.isArray(v)
                  : typeof v === "object" && !Array.isArray(v);
    if (!ok) {
      throw new CliSideError(
        `reading pulled configuration: cannot decode ${kind}.${field} (${JSON.stringify(v)}) into ${type}`,
      );
    }
  }
}

const empty = (v: unknown) =>
  v === undefined ||
  v === null ||
  v === "" ||
  v === 0 ||
  v === false ||
  (Array.isArray(v) && v.length === 0) ||
  (typeof v === "object" && v !== null && Object.keys(v).length === 0);
const pick = (o: Obj, fields: readonly string[]): Obj =>
  Object.fromEntries(fields.filter((f) => !empty(o[f])).map((f) => [f, o[f]]));

interface Form {
  types: Record<string, GoType>;
  write: (o: Obj) => Obj;
}

/** The proxy's JSON form: without the API's defaults (and, in the newest generation, without `compress`). */
function proxyForm(withCompress: boolean): (o: Obj) => Obj {
  return (o) => {
    const flag = (f: string, dflt: boolean) => {
      const v = o[f] === true;
      return v === dflt ? {} : { [f]: v };
    };
    return {
      ...pick(o, ["domain"]),
      ...(o.type && o.type !== "http" ? { type: o.type } : {}),
      ...pick(o, ["target"]),
      ...(o.port && o.port !== 80 ? { port: o.port } : {}),
      ...(withCompress ? flag("compress", false) : {}),
      ...flag("enforceHttps", false),
      ...flag("followRedirects", false),
      ...flag("preserveHeaders", true),
      ...flag("preserveHost", true),
      ...flag("preservePath", true),
      ...flag("preserveQuery", true),
      ...flag("verifyTls", true),
      ...(o.strategy && o.strategy !== "round-robin" ? { strategy: o.strategy } : {}),
    };
  };
}

/** Date-times the Go types hold as time.Time are written even when zero. */
const ZERO_TIME = "0001-01-01T00:00:00Z";

/** Per kind, 2026-08-02: the Go field types an item decodes with, and the JSON form the CLI writes and sends. */
const FORMS_0802: Record<Exclude<KindKey, "storages">, Form> = {
  // ServerletConfig (config.go): the Serverlet "Interface" plus deployment fields; min/max always written.
  serverlets: {
    types: {
      name: "string",
      image: "string",
      cpu: "number",
      ram: "number",
      instances: "number",
      minInstances: "number",
      maxInstances: "number",
      state: "string",
      networkId: "string",
      runtime: "string",
      createdAt: "string",
      updatedAt: "string",
      serverletPlanId: "string",
      workspaceId: "string",
      projectId: "string",
      env: "map",
      volumes: "array",
      ports: "array",
      scaling: "struct",
    },
    write: (o) => ({
      ...pick(o, ["name", "image", "serverletPlanId", "workspaceId", "projectId", "ram", "cpu"]),
      minInstances: o.minInstances ?? 0,
      maxInstances: o.maxInstances ?? 0,
      ...pick(o, ["env", "volumes", "ports", "scaling", "networkId", "runtime"]),
    }),
  },
  // DNSConfig (config.go, written by hand): ttl and priority always written, records in their own form.
  dns: {
    types: { id: "string", name: "string", domain: "string", ttl: "int", priority: "int", records: "array" },
    write: (o) => ({
      ...pick(o, ["domain", "name"]),
      ttl: o.ttl ?? 0,
      priority: o.priority ?? 0,
      ...(Array.isArray(o.records) && o.records.length > 0
        ? {
            records: (o.records as Obj[]).map((r) => {
              decode("dns record", r, { name: "string", type: "string", value: "string", ttl: "int", priority: "int" });
              return {
                name: r.name ?? "",
                type: r.type ?? "",
                value: r.value ?? "",
                ttl: r.ttl ?? 0,
                priority: r.priority ?? 0,
              };
            }),
          }
        : {}),
    }),
  },
  // ProxyConfig = the Proxy "Interface", written without the API's defaults.
  proxies: {
    types: {
      domain: "string",
      target: "string",
      type: "string",
      strategy: "string",
      status: "string",
      port: "number",
      compress: "bool",
      enforceHttps: "bool",
      followRedirects: "bool",
      preserveHeaders: "bool",
      preserveHost: "bool",
      preservePath: "bool",
      preserveQuery: "bool",
      verifyTls: "bool",
    },
    write: proxyForm(true),
  },
  // VolumeConfig = the Volume "Interface" (every field omitempty).
  volumes: {
    types: { id: "string", name: "string", sizeGb: "number", type: "string", createdAt: "string", updatedAt: "string" },
    write: (o) => pick(o, ["createdAt", "id", "name", "sizeGb", "type", "updatedAt"]),
  },
  // CronConfig = the Cron Model of the 2026-08-02 types: its enum `type` is an empty struct there, and its
  // date-times are time.Time values, written even when zero.
  crons: {
    types: {
      body: "string",
      code: "string",
      cronPlanId: "string",
      enabled: "bool",
      headers: "map",
      id: "string",
      method: "string",
      name: "string",
      projectId: "string",
      regionId: "string",
      schedule: "string",
      url: "string",
      workspaceId: "string",
      createdAt: "time",
      startedAt: "time",
      updatedAt: "time",
      type: "struct",
      cronPlan: "struct",
      project: "struct",
      region: "struct",
      workspace: "struct",
    },
    write: (o) => ({
      ...pick(o, ["body", "code", "cronPlanId", "enabled", "headers", "id", "method", "name", "projectId"]),
      ...pick(o, ["regionId", "schedule", "url", "workspaceId"]),
      createdAt: o.createdAt ?? ZERO_TIME,
      startedAt: o.startedAt ?? ZERO_TIME,
      updatedAt: o.updatedAt ?? ZERO_TIME,
      ...(o.type === undefined ? {} : { type: o.type }),
    }),
  },
};

/** 2026-08-30: the Serverlet and Proxy Models, `storages` for volumes, and a cron `type` that is a string. */
const FORMS_0830: Record<Exclude<KindKey, "volumes">, Form> = {
  ...FORMS_0802,
  // ServerletConfig: sized by plan only; the Model's `mounts` and `scaling` (maps) are written.
  serverlets: {
    types: {
      ...Object.fromEntries(["name", "image", "serverletPlanId", "workspaceId", "projectId"].map((f) => [f, "string"])),
      arch: "string",
      status: "string",
      regionId: "string",
      minInstances: "number",
      maxInstances: "number",
      mounts: "map",
      scaling: "map",
      env: "map",
      ports: "array",
      createdAt: "time",
      updatedAt: "time",
    },
    write: (o) =>
      pick(o, ["name", "image", "serverletPlanId", "workspaceId", "projectId", "env", "mounts", "scaling", "ports"]),
  },
  proxies: { ...FORMS_0802.proxies, write: proxyForm(false) },
  // StorageConfig = the Storage Model.
  storages: {
    types: {
      ...Object.fromEntries(
        ["id", "name", "projectId", "regionId", "storagePlanId", "workspaceId"].map((f) => [f, "string"]),
      ),
      public: "bool",
      createdAt: "time",
      updatedAt: "time",
    },
    write: (o) => ({
      ...pick(o, ["id", "name", "projectId", "public", "regionId", "storagePlanId", "workspaceId"]),
      createdAt: o.createdAt ?? ZERO_TIME,
      updatedAt: o.updatedAt ?? ZERO_TIME,
    }),
  },
  crons: { ...FORMS_0802.crons, types: { ...FORMS_0802.crons.types, type: "string" } },
};

function formOf(gen: Generation, key: KindKey): Form {
  const forms: Partial<Record<KindKey, Form>> = gen === "2026-08-02" ? FORMS_0802 : FORMS_0830;
  const form = forms[key];
  if (!form) throw new Error(`the ${gen} CLI has no ${key}`);
  return form;
}

/** The config as the CLI holds it after reading JSON into its types and writing it out again. */
export function normalizeConfig(cfg: ProjectConfig, gen: Generation): ProjectConfig {
  const out: ProjectConfig = { ...cfg };
  for (const key of KINDS_OF[gen]) {
    const items = cfg[key];
    if (!items) continue;
    const form = formOf(gen, key);
    out[key] = items.map((item) => {
      decode(key, item, form.types);
      return form.write(item);
    });
  }
  return out;
}

/** The rules of the CLI's config validator that an answer of the API could break. */
function validate(cfg: ProjectConfig): void {
  const fail = (what: string) => {
    throw new CliSideError(`config: ${what}`);
  };
  const intIn = (v: unknown, min: number, max: number) =>
    v === undefined || (Number.isInteger(v) && (v as number) >= min && (v as number) <= max);
  for (const s of cfg.serverlets ?? []) {
    if (!intIn(s.ram, 32, 262144) || !intIn(s.cpu, 10, 32000)) fail(`serverlet ${s.name}: ram/cpu out of range`);
    if (!intIn(s.minInstances, 0, 1000) || !intIn(s.maxInstances, 0, 1000)) fail(`serverlet ${s.name}: instances`);
  }
  for (const z of cfg.dns ?? []) {
    for (const r of [z, ...((z.records as Obj[] | undefined) ?? [])]) {
      if (!intIn(r.ttl, 0, 2147483647) || !intIn(r.priority, 0, 65535)) fail(`dns ${z.domain}: ttl/priority`);
    }
  }
  for (const p of cfg.proxies ?? []) {
    if (p.type !== undefined && !["http", "tcp", "udp"].includes(String(p.type))) fail(`proxy ${p.domain}: type`);
    if (!intIn(p.port, 1, 65535)) fail(`proxy ${p.domain}: port`);
  }
  for (const v of cfg.volumes ?? []) if (typeof v.sizeGb === "number" && v.sizeGb < 0) fail(`volume ${v.name}`);
}

// ---------------------------------------------------------------------------------------------------
// config pull

const lockHash = (id: string) => createHash("sha1").update(id).digest("hex");
const escapeLock = (s: string) => s.replaceAll("\\", "\\\\").replaceAll(".", "\\.");
const str = (v: unknown) => (typeof v === "string" ? v : "");
const looksLikeId = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** Fields the CLI strips from pulled items before it writes them (they belong to the API, not the file). */
const NOT_PORTABLE = [
  "id",
  "createdAt",
  "updatedAt",
  "startedAt",
  "instances",
  "state",
  "status",
  "projectId",
  "dnsId",
  "workspaceId",
  "recordId",
];
function portable(item: Obj): Obj {
  const out = Object.fromEntries(Object.entries(item).filter(([k]) => !NOT_PORTABLE.includes(k)));
  if (Array.isArray(item.records)) out.records = (item.records as Obj[]).map(portable);
  return out;
}

function recordLockKey(zone: string, record: Obj, seen: Map<string, number>): string {
  const key = `dns.${escapeLock(zone)}.records.${escapeLock(str(record.name))}.${escapeLock(str(record.type))}`;
  const n = (seen.get(key) ?? 0) + 1;
  seen.set(key, n);
  return n > 1 ? `${key}[${n - 1}]` : key;
}

/** `futrou config pull`: the project's resources, each list scoped by `?projectId=`, written as a config. */
export async function configPull(
  cli: CliClient,
  cfg: ProjectConfig,
  selector: string | undefined,
  gen: Generation,
): Promise<ProjectConfig> {
  const wanted = selector || cfg.project;
  if (!wanted) throw new CliSideError("project name or ID is required");
  if (!cfg.workspace) throw new CliSideError("workspace name or ID is required to pull a project");
  let workspaceId = cfg.workspace;
  if (!looksLikeId(workspaceId)) {
    const found = (await cli.list("/v2/workspaces")).find((w) => w.name === cfg.workspace);
    if (!found || typeof found.id !== "string") throw new CliSideError(`workspace "${cfg.workspace}" not found`);
    workspaceId = found.id;
  }
  const projects = await cli.list(`/v2/projects?workspaceId=${encodeURIComponent(workspaceId)}`);
  for (const p of projects)
    decode("project", p, { id: "string", name: "string", workspaceId: "string", workspace: "struct" });
  const project = projects.find((p) => p.id === wanted || p.name === wanted);
  if (!project) throw new CliSideError(`project "${wanted}" not found`);
  const owner = await cli.object("GET", `/v2/workspaces/${encodeURIComponent(str(project.workspaceId))}`);
  if (!str(owner.name)) throw new CliSideError(`workspace ${project.workspaceId} has no name`);

  const q = `?projectId=${encodeURIComponent(str(project.id))}`;
  const remote: Partial<Record<KindKey, Obj[]>> = {};
  for (const key of KINDS_OF[gen]) {
    remote[key] = await cli.list(`${KIND[key].path}${q}`);
    if (key !== "dns") continue;
    for (const zone of remote.dns ?? []) {
      zone.records = await cli.list(`/v2/dns/${encodeURIComponent(str(zone.id))}/records`);
    }
  }

  const locks: Record<string, string> = {
    workspace: lockHash(str(project.workspaceId)),
    project: lockHash(str(project.id)),
  };
  const lock = (key: string, item: Obj) => {
    if (typeof item.id === "string" && item.id) locks[key] = lockHash(item.id);
  };
  for (const key of KINDS_OF[gen]) {
    for (const item of remote[key] ?? []) {
      const name = key === "dns" ? str(item.domain) || str(item.name) : itemName(item, KIND[key].nameKey);
      lock(`${key}.${name}`, item);
      if (key !== "dns") continue;
      const seen = new Map<string, number>();
      for (const r of item.records as Obj[]) lock(recordLockKey(name, r, seen), r);
    }
  }

  const pulled: ProjectConfig = { workspace: str(owner.name), project: str(project.name) || str(project.id), locks };
  for (const key of KINDS_OF[gen]) pulled[key] = (remote[key] ?? []).map(portable);
  const written = normalizeConfig(pulled, gen);
  validate(written);
  return written;
}

// ---------------------------------------------------------------------------------------------------
// deploy

export interface Action {
  type: "create" | "update" | "delete";
  resource: string;
  name: string;
  remoteName?: string;
  id?: string;
  payload?: Obj;
  path: string;
}

const itemName = (item: Obj, nameKey: string) => str(item[nameKey]) || str(item.name);

function findRemote(remote: Obj[], desired: Obj, nameKey: string): Obj | undefined {
  const id = str(desired.id);
  const name = itemName(desired, nameKey);
  return remote.find(
    (item) =>
      (id !== "" && id === str(item.id)) ||
      (id === "" && name !== "" && name === itemName(item, nameKey)) ||
      // Zones answer `name` or `domain`: the CLI takes either.
      (nameKey === "domain" && name !== "" && (name === str(item.name) || name === str(item.domain))),
  );
}

/** The payload of a create or the basis of an update: the item without the API's own fields. */
function writable(item: Obj): Obj {
  const skip = ["id", "createdAt", "updatedAt", "instances", "state", "records"];
  return Object.fromEntries(Object.entries(item).filter(([k]) => !skip.includes(k)));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
function changed(desired: Obj, remote: Obj): Obj {
  return Object.fromEntries(Object.entries(desired).filter(([k, v]) => !same(v, remote[k])));
}

/** A remote item renamed since the last pull: the cloud lock whose id the local file also locked. */
function lockedRemote(
  remote: Obj[],
  used: Set<string>,
  local: Record<string, string>,
  cloud: Record<string, string>,
  group: string,
) {
  for (const [key, fingerprint] of Object.entries(cloud)) {
    if (!key.startsWith(`${group}.`)) continue;
    if (!Object.entries(local).some(([k, f]) => k.startsWith(`${group}.`) && f === fingerprint)) continue;
    const name = key.slice(group.length + 1);
    const hit = remote.find(
      (r) =>
        !used.has(str(r.id) + itemName(r, "name")) && (itemName(r, "name") === name || itemName(r, "domain") === name),
    );
    if (hit) return hit;
  }
  return undefined;
}

async function planRecords(cli: CliClient, plan: Action[], zone: Obj, zoneId: string, locks: Record<string, string>) {
  const desired = (zone.records as Obj[] | undefined) ?? [];
  const path = `/v2/dns/${zoneId}/records`;
  const remote = await cli.list(path);
  const zoneName = itemName(zone, "domain");
  const matched = new Set<string>();
  const seen = new Map<string, number>();
  const noLocks = Object.keys(locks).length === 0;
  desired.forEach((record, index) => {
    const name = `${zoneName} / ${itemName(record, "name")} ${str(record.type)}`;
    const fingerprint = locks[recordLockKey(zoneName, record, seen)];
    const available = remote.filter((r) => !matched.has(str(r.id)));
    let match = fingerprint ? available.find((r) => lockHash(str(r.id)) === fingerprint) : undefined;
    if (!match && noLocks) {
      const twins = desired.filter((d) => d.name === record.name && d.type === record.type).length;
      match =
        twins > 1 && index < available.length
          ? available[index]
          : available.find((r) => r.name === record.name && r.type === record.type);
    }
    // Without locks, a record with no match by name and type takes the remote record at its own position.
    if (!match && noLocks && index < remote.length) match = remote[index];
    if (match) matched.add(str(match.id));
    const payload = writable(record);
    if (!match) {
      plan.push({ type: "create", resource: "dns record", name, payload, path });
      return;
    }
    const changes = changed(payload, match);
    // The CLI never changes an SOA record's value.
    if (record.type === "SOA") delete changes.value;
    if (Object.keys(changes).length > 0) {
      plan.push({ type: "update", resource: "dns record", name, id: str(match.id), payload: changes, path });
    }
  });
  for (const r of remote) {
    if (matched.has(str(r.id)) || !str(r.id)) continue;
    const name = `${zoneName} / ${itemName(r, "name")} ${str(r.type)}`;
    plan.push({ type: "delete", resource: "dns record", name, id: str(r.id), path });
  }
}

/** The deploy plan: per kind, what to create, update and delete so the API matches the config. */
export async function buildPlan(
  cli: CliClient,
  cfg: ProjectConfig,
  destroy: boolean,
  gen: Generation,
): Promise<Action[]> {
  const remoteCfg = cfg.project
    ? await configPull(cli, { workspace: cfg.workspace, project: cfg.project }, undefined, gen)
    : undefined;
  const plan: Action[] = [];
  for (const key of KINDS_OF[gen]) {
    const { resource, path, nameKey } = KIND[key];
    const desired = cfg[key] ?? [];
    if (!remoteCfg && desired.length === 0) continue;
    let remote: Obj[];
    if (remoteCfg) {
      remote = remoteCfg[key] ?? [];
      // Project scoping is not trusted: with nothing in the project, the kind's whole list is searched.
      if (remote.length === 0) {
        const all = await cli.list(path);
        remote = all.filter((item) => desired.some((d) => findRemote([item], d, nameKey)));
      }
    } else {
      remote = await cli.list(path);
    }
    const used = new Set<string>();
    for (const item of desired) {
      const name = itemName(item, nameKey);
      let match = findRemote(remote, item, nameKey);
      if (!match && remoteCfg) match = lockedRemote(remote, used, cfg.locks ?? {}, remoteCfg.locks ?? {}, key);
      if (match) used.add(str(match.id) + itemName(match, nameKey));
      if (destroy) {
        if (match) plan.push({ type: "delete", resource, name, id: str(match.id), path });
        continue;
      }
      const payload = writable(item);
      if (!match) {
        plan.push({ type: "create", resource, name, payload, path });
        continue;
      }
      const changes = changed(payload, match);
      if (Object.keys(changes).length > 0) {
        const remoteName = itemName(match, nameKey);
        plan.push({ type: "update", resource, name, remoteName, id: str(match.id), payload: changes, path });
      }
      if (key === "dns") {
        const zones = await cli.list("/v2/dns");
        const zone = findRemote(zones, item, "domain");
        if (!zone || !str(zone.id)) throw new CliSideError(`DNS zone "${name}" not found`);
        await planRecords(cli, plan, item, str(zone.id), cfg.locks ?? {});
      }
    }
    if (destroy) continue;
    for (const item of remote) {
      if (used.has(str(item.id) + itemName(item, nameKey))) continue;
      const managed = desired.some(
        (d) => findRemote([item], d, nameKey) || itemName(item, nameKey) === itemName(d, nameKey),
      );
      if (!managed) plan.push({ type: "delete", resource, name: itemName(item, nameKey), id: str(item.id), path });
    }
  }
  return plan;
}

/** The id of an action planned without one (from a pulled config): found by name in the kind's list. */
async function resolveId(cli: CliClient, a: Action): Promise<string> {
  const all = await cli.list(a.path);
  const name = a.remoteName || a.name;
  const hit = all.find((r) => {
    if (a.resource !== "dns record") return itemName(r, "domain") === name || itemName(r, "name") === name;
    const [recordName, ...rest] = (name.split(" / ")[1] ?? name).split(/\s+/);
    return itemName(r, "name") === recordName && str(r.type) === rest.at(-1);
  });
  if (!hit) throw new CliSideError(`${a.resource} "${a.name}" not found`);
  return str(hit.id);
}

/** Applies the plan in order; the first refusal ends the deploy, as in the CLI. */
export async function apply(cli: CliClient, plan: Action[]): Promise<void> {
  for (const a of plan) {
    if (a.type === "create") {
      await cli.request("POST", a.path, a.payload);
      continue;
    }
    const id = a.id || (await resolveId(cli, a));
    if (a.type === "update") await cli.request("PATCH", `${a.path}/${id}`, a.payload);
    else await cli.request("DELETE", `${a.path}/${id}`, {});
  }
}

/**
 * `futrou deploy --yes [--destroy]` with `file` as futrou.json: plan, apply, then (for a project config)
 * pull again and write the result back. Returns the plan and the file as the CLI leaves it.
 */
export async function deploy(
  cli: CliClient,
  file: ProjectConfig,
  opts: { destroy?: boolean; generation?: Generation } = {},
): Promise<{ plan: Action[]; file: ProjectConfig }> {
  const gen = opts.generation ?? "2026-08-02";
  const cfg = normalizeConfig(file, gen);
  const plan = await buildPlan(cli, cfg, opts.destroy === true, gen);
  if (plan.length > 0) await apply(cli, plan);
  // The refresh that records the API's ids is best effort: its failure is a warning, the file stays.
  if (!cfg.project) return { plan, file };
  try {
    return { plan, file: await configPull(cli, cfg, undefined, gen) };
  } catch {
    return { plan, file };
  }
}
