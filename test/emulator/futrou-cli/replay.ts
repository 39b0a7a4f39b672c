/** Runs the fixtures of commands.ts against an emulator, each against the objects it needs. */
import { CliClient, CliSideError, type Obj } from "./client";
import type { CliCommand, Given, Step } from "./commands";

export interface Target {
  /** Base URL including /v2 (RunningEmulator.url). */
  url: string;
  token: string;
  workspaceId: string;
}

/** The objects a command needs, made the way the API certainly accepts (owner named), outside the replay. */
const GIVEN: Record<Given, (vars: Record<string, string>) => [string, Obj]> = {
  project: (v) => ["/projects", { name: "given-project", workspaceId: v.workspace }],
  volume: (v) => ["/volumes", { name: "given-volume", sizeGb: 10, type: "ssd", workspaceId: v.workspace }],
  zone: (v) => ["/dns", { domain: "given.example.com", workspaceId: v.workspace }],
  record: (v) => [`/dns/${v.zone}/records`, { name: "www", type: "A", value: "192.0.2.10", ttl: 300 }],
  proxy: (v) => ["/proxies", { domain: "given.example.net", target: "web", workspaceId: v.workspace }],
  serverlet: (v) => ["/serverlets", { name: "given-serverlet", image: "nginx:latest", workspaceId: v.workspace }],
  storage: (v) => [
    "/storages",
    {
      name: "given-storage",
      storagePlanId: v.storagePlan,
      workspaceId: v.workspace,
      ...(v.project ? { projectId: v.project } : {}),
    },
  ],
};

async function setupCall(t: Target, method: string, path: string, body?: Obj): Promise<unknown> {
  const res = await fetch(`${t.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${t.token}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`setup ${method} ${path} → ${res.status} ${text}`);
  return text ? JSON.parse(text) : undefined;
}

/** The placeholders of a command: the token's workspace, two plans, and the ids of its `given` objects. */
export async function prepare(t: Target, given: readonly Given[] = []): Promise<Record<string, string>> {
  const workspace = (await setupCall(t, "GET", `/workspaces/${t.workspaceId}`)) as Obj;
  const plans = (await setupCall(t, "GET", "/serverlets/plans")) as Obj[];
  // An emulator without storages (older versions) has no storage plans: those commands then fail.
  const storagePlans = ((await setupCall(t, "GET", "/storages/plans").catch(() => [])) ?? []) as Obj[];
  const vars: Record<string, string> = {
    workspace: t.workspaceId,
    workspaceName: String(workspace.name),
    plan: String(plans[0]?.id),
    plan2: String(plans[1]?.id),
    storagePlan: String(storagePlans[0]?.id),
    storagePlan2: String(storagePlans[1]?.id),
  };
  for (const kind of given) {
    const [path, body] = GIVEN[kind](vars);
    const made = (await setupCall(t, "POST", path, body)) as Obj;
    vars[kind] = String(made.id);
    if (kind === "project") vars.projectName = String(made.name);
  }
  return vars;
}

const fill = (text: string, vars: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => vars[name] ?? whole);

function fillBody(body: Obj, vars: Record<string, string>): Obj {
  return Object.fromEntries(Object.entries(body).map(([k, v]) => [k, typeof v === "string" ? fill(v, vars) : v]));
}

/** The row a list step reads: the one of the given objects, else the first. */
function rowOf(rows: Obj[], vars: Record<string, string>, given: readonly Given[]): Obj | undefined {
  const ids = new Set(given.map((g) => vars[g]));
  return rows.find((r) => ids.has(String(r.id))) ?? rows[0];
}

async function runStep(cli: CliClient, step: Step, vars: Record<string, string>, given: readonly Given[]) {
  const path = fill(step.path, vars);
  const body = step.body ? fillBody(step.body, vars) : undefined;
  let read: Obj | undefined;
  if (step.list) {
    const rows = await cli.list(path);
    if (step.sets) {
      const id = rows[0]?.id;
      if (typeof id !== "string") throw new CliSideError(`GET ${path}: no match to take an id from`);
      vars[step.sets] = id;
    }
    read = rowOf(rows, vars, given);
  } else {
    read = step.method === "GET" || body !== undefined ? await cli.object(step.method, path, body) : undefined;
    if (read === undefined) await cli.request(step.method, path);
  }
  const missing = (step.reads ?? []).filter((f) => read?.[f] === undefined);
  if (missing.length > 0) throw new CliSideError(`${step.method} ${path}: the answer lacks ${missing.join(", ")}`);
}

/** Runs one command in a session of its own; throws what the CLI would report. */
export async function runCommand(t: Target, command: CliCommand): Promise<CliClient> {
  const given = command.given ?? [];
  const vars = await prepare(t, given);
  const cli = new CliClient(t.url.replace(/\/v2$/, ""), t.token);
  for (const step of command.steps) await runStep(cli, step, vars, given);
  return cli;
}
