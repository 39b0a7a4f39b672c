/**
 * Adoption: which declared objects the API already holds, so the program carries the `import` option with
 * the provider's id for each. An object is found by its lock first (the CLI stores sha1 of its id, so an
 * object renamed outside the CLI is still found), else the way `futrou deploy` matches (name, domain, a
 * record's name and type in order). One listing per collection and owner: the workspace's projects,
 * serverlets, zones, proxies, volumes or storages and crons, and each adopted zone's records. Objects the
 * API holds in the project but the config does not declare are reported, never adopted.
 */
import type { FutrouClient, Query } from "../api/client";
import { isPlatformRecord, type Kind } from "../api/contract";
import { Workspace } from "../api/models";
import { expandPath } from "../api/path";
import { specFor } from "../registry";
import { type Declared, type Expr, LISTS, lockHash, type Program, type Warning } from "./declare";
import type { CliConfig } from "./source";

type Listed = { id: string; [field: string]: unknown };
const str = (v: unknown) => (typeof v === "string" ? v : "");
const looksLikeId = (s: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(s);

/** The name `futrou deploy` matches an object of this kind by. */
function cliName(kind: Kind, o: Listed): string {
  if (kind === "dnsZone" || kind === "proxy") return str(o.domain) || str(o.name);
  return str(o.name);
}

/** Picks, among `listed` not yet taken, the object a declared one stands for: by lock, else by name. */
function matcher(listed: Listed[], locks: Record<string, string>) {
  const taken = new Set<string>();
  const byHash = new Map(listed.map((o) => [lockHash(o.id), o]));
  return {
    take(d: Declared, byName: (o: Listed) => boolean): Listed | undefined {
      const lock = locks[d.lockKey];
      let hit = lock ? byHash.get(lock) : undefined;
      if (hit && taken.has(hit.id)) hit = undefined;
      hit ??= listed.find((o) => !taken.has(o.id) && byName(o));
      if (hit) taken.add(hit.id);
      return hit;
    },
    rest: () => listed.filter((o) => !taken.has(o.id)),
  };
}

export interface Adoption {
  /** Objects found, by kind. */
  adopted: number;
  /** Declared objects the API does not hold: created by `pulumi up`. */
  missing: Declared[];
  /** One line per object the API holds that the config does not declare. */
  undeclared: string[];
  /** One line per value the API holds that differs from the config (the program keeps the API's). */
  drifted: Warning[];
}

const primitive = (v: unknown) => typeof v === "string" || typeof v === "number" || typeof v === "boolean";

/**
 * Where the object differs from the config in a plain value the API answers (renamed outside the CLI, a
 * changed image), the program says what the API holds, so adopting it writes nothing; the comment says
 * what the config said, and changing the program back applies it as an update.
 */
function keepLive(d: Declared, live: Listed, drifted: Warning[]): void {
  const spec = specFor(d.kind);
  const secrets = spec.secrets;
  const notSent = new Set([
    ...Object.keys(spec.pathInputs?.shape ?? {}),
    ...Object.keys(spec.localInputs?.shape ?? {}),
  ]);
  for (const [field, expr] of d.inputs) {
    if (!(field in live) && !notSent.has(field)) {
      // This generation's answers do not carry it: an import cannot compare it, so the first up would write it.
      d.inputs.delete(field);
      d.unanswered.set(field, expr);
      continue;
    }
    const value = live[field];
    if (expr.kind !== "literal" || secrets.includes(field) || !primitive(value) || value === expr.value) continue;
    if (!primitive(expr.value)) continue;
    d.inputs.set(field, { kind: "literal", value });
    const line = `${field}: the config says ${JSON.stringify(expr.value)}, the API holds ${JSON.stringify(value)} (kept, so adopting writes nothing)`;
    d.comments.push(line);
    drifted.push({ text: `${specFor(d.kind).typeName} ${d.label}: ${line}`, at: [...d.at, field] });
  }
}

/** Finds the declared objects in the API and sets their import ids; adds the project references. */
export async function adopt(
  program: Program,
  config: CliConfig,
  client: FutrouClient,
  workspaceSetting?: string,
): Promise<Adoption> {
  const locks = config.locks ?? {};
  const result: Adoption = { adopted: 0, missing: [], undeclared: [], drifted: [] };
  const found = (d: Declared, o: Listed | undefined, importId?: string) => {
    if (!o) {
      result.missing.push(d);
      return;
    }
    d.apiId = o.id;
    d.apiProjectId = str(o.projectId) || undefined;
    d.importId = importId ?? o.id;
    result.adopted++;
    keepLive(d, o, result.drifted);
  };

  // The workspace: the provider's setting, the config's (an id, or a name the token sees), else the token's only one.
  let workspaceId =
    workspaceSetting ?? (config.workspace && looksLikeId(config.workspace) ? config.workspace : undefined);
  if (!workspaceId) {
    const workspaces = await client.list("/workspaces", Workspace);
    const named = workspaces.find((w) => w.name === config.workspace);
    workspaceId = (named ?? (workspaces.length === 1 ? workspaces[0] : undefined))?.id;
  }
  const inWorkspace = workspaceId ? { workspaceId } : {};
  const list = async (kind: Kind, owner: Query = inWorkspace) =>
    (await client.list(specFor(kind).collection, specFor(kind).model, owner)) as Listed[];

  const ofKind = (kind: Kind) => program.objects.filter((o) => o.kind === kind);
  const project = ofKind("project")[0];
  if (project) {
    const m = matcher(await list("project"), locks);
    found(
      project,
      m.take(project, (o) => o.name === project.label || o.id === project.label),
    );
  }

  for (const { key, kind } of LISTS) {
    if (!config[key]) continue;
    // The workspace's objects to match (`futrou deploy` objects may lack a project), and, as `futrou config
    // pull` lists them, the project's: the older generation's answers do not say which project holds an object.
    const listed = await list(kind);
    const projectId = project?.apiId;
    const inProject = projectId ? new Set((await list(kind, { projectId })).map((o) => o.id)) : undefined;
    const m = matcher(listed, locks);
    for (const d of ofKind(kind))
      found(
        d,
        m.take(d, (o) => cliName(kind, o) === d.label),
      );
    for (const o of m.rest().filter((o) => !inProject || inProject.has(o.id))) {
      result.undeclared.push(`${specFor(kind).typeName} ${cliName(kind, o)} (${o.id})`);
    }
  }

  // Records, per adopted zone: one listing each.
  for (const zone of ofKind("dnsZone")) {
    if (!zone.apiId) {
      result.missing.push(...program.objects.filter((o) => o.zone === zone));
      continue;
    }
    const records = (await client.list(
      expandPath(specFor("dnsRecord").collection, { dnsId: zone.apiId }),
      specFor("dnsRecord").model,
    )) as Listed[];
    const m = matcher(records, locks);
    for (const d of program.objects.filter((o) => o.zone === zone)) {
      const name = (d.inputs.get("name") as Expr & { kind: "literal" }).value;
      const type = (d.inputs.get("type") as Expr & { kind: "literal" }).value;
      const hit = m.take(d, (o) => o.name === name && o.type === type);
      found(d, hit, hit ? `${zone.apiId}/${hit.id}` : undefined);
    }
    for (const o of m.rest().filter((r) => !isPlatformRecord({ name: r.name, type: r.type }))) {
      result.undeclared.push(`DnsRecord ${zone.label} / ${str(o.name)} ${str(o.type)} (${zone.apiId}/${o.id})`);
    }
  }
  return result;
}
