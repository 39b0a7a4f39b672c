/**
 * The Futrou API v2 as the emulator serves it, in the order of provider/api/CONTRACT.md. Each line is a
 * method, a path pattern (relative to /v2) and a short handler over the store. Routes are tried in order, so the
 * fixed `/{kind}/plans` paths come before `/{kind}/{id}`.
 */
import type { Accounts } from "./accounts";
import { fromZod, notFound } from "./errors";
import { KINDS } from "./kinds";
import { type Env, renewCert, serverletAction, serverletInstances } from "./lifecycle";
import { listPage, type Row } from "./listing";
import type { Resources } from "./resources";
import { created, noContent, ok, page, type RequestContext, type Route } from "./router";
import type { Obj } from "./store";
import { WIRE } from "./wire";
import { CERT_ACTIONS, COLLECTIONS, type Kind, PLAN_COLLECTIONS, type PlanKind, SERVERLET_ACTIONS } from "./wire/api";
import { answerIn, schemaFor, toWire, type View, type Views } from "./wire/kind";
import { LoginRequest, Plan, Region, ServerletPlan, StoragePlan, Workspace, WorkspaceLimits } from "./wire/lookups";
import { ServerletInstance } from "./wire/serverlet";
import { StorageInstance } from "./wire/storage";

/** Plan kinds whose plans carry more than the common plan fields, and their component name. */
const PLAN_VIEWS: Partial<Record<PlanKind, { view: View; name: string }>> = {
  serverlet: { view: ServerletPlan, name: "ServerletPlan" },
  storage: { view: StoragePlan, name: "StoragePlan" },
};

/** List, create, read, update, delete for one kind: `GET/POST /things`, `GET/PATCH/DELETE /things/{id}`. */
function crud(kind: Kind, r: Resources): Route[] {
  const path = COLLECTIONS[kind];
  const item = `${path}/{id}`;
  const name = WIRE[kind].name;
  const tag = name;
  return [
    {
      method: "GET",
      pattern: path,
      handle: (c) => page(r.list(kind, c.principal, c.params, c.query)),
      doc: { summary: `List ${kind}s`, tag, response: name, list: true },
    },
    {
      method: "POST",
      pattern: path,
      creates: true,
      handle: (c) => created(r.create(kind, c.principal, c.params, c.body)),
      doc: { summary: `Create a ${kind}`, tag, request: `${name}Create`, response: name },
    },
    {
      method: "GET",
      pattern: item,
      handle: (c) => ok(r.get(kind, c.principal, c.params)),
      doc: { summary: `Get a ${kind}`, tag, response: name },
    },
    ...(KINDS[kind].fixed
      ? []
      : [
          {
            method: "PATCH",
            pattern: item,
            handle: (c: RequestContext) => ok(r.update(kind, c.principal, c.params, c.body)),
            doc: { summary: `Update a ${kind}`, tag, request: `${name}Update`, response: name },
          } satisfies Route,
        ]),
    {
      method: "DELETE",
      pattern: item,
      handle: (c) => {
        r.remove(kind, c.principal, c.params);
        return noContent();
      },
      doc: { summary: `Delete a ${kind}`, tag },
    },
  ];
}

/** `query` with `name` set to `value` (the path's id wins over a query parameter of the same name). */
function withParam(query: URLSearchParams, name: string, value: string): URLSearchParams {
  const out = new URLSearchParams(query);
  out.set(name, value);
  return out;
}

/** Lookups have no insertion order of their own: their position is the tie-breaker. */
const rows = (objects: Obj[]): Row[] => objects.map((object, seq) => ({ object, seq }));

export function apiRoutes(env: Env, r: Resources, accounts: Accounts, openapi: () => unknown): Route[] {
  const { shape, generation } = env;
  /** A paged list of lookups, each answered in `view`'s fields. */
  const lookup = (objects: Obj[], view: View | Views, query: URLSearchParams) => {
    const schema = schemaFor(view, env);
    const p = listPage(rows(objects), query, Object.keys(schema.shape));
    return page({ ...p, body: p.body.map((o) => toWire(schema, o, shape)) });
  };
  const planView = (kind: PlanKind) => PLAN_VIEWS[kind] ?? { view: Plan, name: "Plan" };
  const plans = (kind: PlanKind): Route => ({
    method: "GET",
    pattern: PLAN_COLLECTIONS[kind],
    handle: (c) => lookup(env.store.data.plans[kind], planView(kind).view, c.query),
    doc: { summary: `List ${kind} plans`, tag: "Plans", response: planView(kind).name, list: true },
  });

  /** The workspace `{id}` names, if the token sees it; else the same 404 as for one that does not exist. */
  const visibleWorkspace = (c: RequestContext): Obj => {
    const id = c.params.id ?? "";
    const workspace = env.store.data.workspaces[id];
    if (!workspace || !accounts.workspacesOf(c.principal).includes(id)) throw notFound(`workspace ${id}`);
    return workspace;
  };

  return [
    // Auth
    {
      method: "POST",
      pattern: "/auth/login",
      public: true,
      handle: (c) => {
        const parsed = LoginRequest.safeParse(c.body);
        if (!parsed.success) throw fromZod(parsed.error);
        return ok(accounts.login(parsed.data.email, parsed.data.password));
      },
      doc: { summary: "Log in, get an API token", tag: "Auth", request: "LoginRequest", response: "LoginResponse" },
    },
    {
      method: "GET",
      pattern: "/auth/context",
      handle: (c) => ok(accounts.context(c.principal, env)),
      doc: { summary: "The token's user", tag: "Auth", response: "AuthContext" },
    },

    // Workspaces: the ones the token's user belongs to
    {
      method: "GET",
      pattern: "/workspaces",
      handle: (c) => {
        const visible = new Set(accounts.workspacesOf(c.principal));
        return lookup(
          Object.values(env.store.data.workspaces).filter((ws) => visible.has(String(ws.id))),
          Workspace,
          c.query,
        );
      },
      doc: { summary: "List workspaces", tag: "Workspaces", response: "Workspace", list: true },
    },
    {
      method: "GET",
      pattern: "/workspaces/{id}",
      handle: (c) => ok(answerIn(Workspace, visibleWorkspace(c), env)),
      doc: { summary: "Get a workspace (quotas)", tag: "Workspaces", response: "Workspace" },
    },
    {
      method: "GET",
      pattern: "/workspaces/{id}/limits",
      handle: (c) => ok(toWire(WorkspaceLimits[generation], visibleWorkspace(c), "real")),
      doc: { summary: "A workspace's quotas (ASSUMED shape)", tag: "Workspaces", response: "WorkspaceLimits" },
    },
    // The newest CLI resolves `--project <name>` here (SKILL.md lists both paths).
    {
      method: "GET",
      pattern: "/workspaces/{id}/projects",
      handle: (c) => {
        const workspaceId = String(visibleWorkspace(c).id);
        return page(r.list("project", c.principal, {}, withParam(c.query, "workspaceId", workspaceId)));
      },
      doc: { summary: "List a workspace's projects", tag: "Workspaces", response: "Project", list: true },
    },
    {
      method: "GET",
      pattern: "/workspaces/{id}/projects/{projectId}",
      handle: (c) => {
        const project = r.owned("project", c.principal, { id: c.params.projectId ?? "" });
        if (project.workspaceId !== c.params.id) throw notFound(`project ${c.params.projectId}`);
        return ok(r.answer("project", project.object));
      },
      doc: { summary: "Get a workspace's project", tag: "Workspaces", response: "Project" },
    },

    // Lookups
    {
      method: "GET",
      pattern: "/regions",
      handle: (c) => lookup(env.store.data.regions, Region, c.query),
      doc: { summary: "List regions", tag: "Regions", response: "Region", list: true },
    },
    ...(Object.keys(PLAN_COLLECTIONS) as PlanKind[]).map(plans),

    // Managed kinds
    ...(Object.keys(COLLECTIONS) as Kind[]).flatMap((kind) => crud(kind, r)),

    // Serverlet actions and instances
    ...SERVERLET_ACTIONS.map(
      (action): Route => ({
        method: "POST",
        pattern: `/serverlets/{id}/${action}`,
        handle: (c) => {
          const entry = r.owned("serverlet", c.principal, c.params);
          serverletAction(env, entry, action);
          // The published API answers 204; the `full` shape keeps the emulator's older 200 with the serverlet.
          return shape === "real" ? noContent() : ok(r.answer("serverlet", entry.object));
        },
        doc:
          shape === "real"
            ? { summary: `${action} a serverlet`, tag: "Serverlet", status: 204 }
            : { summary: `${action} a serverlet`, tag: "Serverlet", response: "Serverlet" },
      }),
    ),
    {
      method: "GET",
      pattern: "/serverlets/{id}/instances",
      handle: (c) => {
        const instances = serverletInstances(r.owned("serverlet", c.principal, c.params));
        const schema = ServerletInstance[generation];
        const p = listPage(rows(instances), c.query, Object.keys(schema.shape));
        return page({ ...p, body: p.body.map((o) => toWire(schema, o, "real")) });
      },
      doc: { summary: "List a serverlet's instances", tag: "Serverlet", response: "ServerletInstance", list: true },
    },

    // Certificate actions. ASSUMED: 200 with the certificate as it is after the request (`pending`).
    ...CERT_ACTIONS.map(
      (action): Route => ({
        method: "POST",
        pattern: `${COLLECTIONS.cert}/{id}/${action}`,
        handle: (c) => {
          const entry = r.owned("cert", c.principal, c.params);
          renewCert(env, entry);
          return ok(r.answer("cert", entry.object));
        },
        doc: { summary: `${action} a certificate`, tag: "Cert", response: "Cert" },
      }),
    ),

    // Storages (the newest generation): one plan by id, instances and logs as the newest CLI reads them
    {
      method: "GET",
      pattern: `${PLAN_COLLECTIONS.storage}/{id}`,
      handle: (c) => {
        const plan = env.store.data.plans.storage.find((p) => p.id === c.params.id);
        if (!plan) throw notFound(`storage plan ${c.params.id}`);
        return ok(answerIn(StoragePlan, plan, env));
      },
      doc: { summary: "Get a storage plan", tag: "Plans", response: "StoragePlan" },
    },
    {
      method: "GET",
      pattern: "/storages/{id}/instances",
      handle: (c) => {
        const storage = r.owned("storage", c.principal, c.params).object;
        // ASSUMED: one instance per storage, ready from its creation on.
        const instances = [{ id: storage.id, storageId: storage.id, status: "ready", createdAt: storage.createdAt }];
        const p = listPage(rows(instances), c.query, Object.keys(StorageInstance.shape));
        return page({ ...p, body: p.body.map((o) => toWire(StorageInstance, o, "real")) });
      },
      doc: { summary: "List a storage's instances", tag: "Storage", response: "StorageInstance", list: true },
    },
    ...["/storages/{id}/logs", "/storages/{id}/logs/tail"].map(
      (pattern): Route => ({
        method: "GET",
        pattern,
        handle: (c) => {
          r.owned("storage", c.principal, c.params);
          // ASSUMED: a bare array of log lines; the emulator's storages log nothing.
          return ok([]);
        },
        doc: { summary: "A storage's logs (none in the emulator)", tag: "Storage" },
      }),
    ),

    // Machine-readable description
    {
      method: "GET",
      pattern: "/openapi.json",
      public: true,
      handle: () => ok(openapi()),
      doc: { summary: "This OpenAPI document", tag: "Meta" },
    },
  ];
}
