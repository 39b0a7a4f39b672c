/**
 * The Futrou API v2 as the emulator serves it, in the order of CONTRACT.md. Each line is a method, a
 * path pattern (relative to /v2) and a short handler over the store. Routes are tried in order, so the
 * fixed `/{kind}/plans` paths come before `/{kind}/{id}`.
 */
import { COLLECTIONS, type Kind, PLAN_COLLECTIONS, type PlanKind, SERVERLET_ACTIONS } from "../provider/api/contract";
import { LoginRequest, Plan, Region, Workspace } from "../provider/api/models";
import type { Accounts } from "./accounts";
import { fromZod, notFound } from "./errors";
import { type Env, serverletAction, serverletInstances } from "./lifecycle";
import { listPage } from "./listing";
import type { Resources } from "./resources";
import { created, noContent, ok, page, type Route } from "./router";

export const componentName = (kind: Kind): string => kind.charAt(0).toUpperCase() + kind.slice(1);

/** List, create, read, update, delete for one kind: `GET/POST /things`, `GET/PATCH/DELETE /things/{id}`. */
function crud(kind: Kind, r: Resources): Route[] {
  const path = COLLECTIONS[kind];
  const item = `${path}/{id}`;
  const name = componentName(kind);
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
    {
      method: "PATCH",
      pattern: item,
      handle: (c) => ok(r.update(kind, c.principal, c.params, c.body)),
      doc: { summary: `Update a ${kind}`, tag, request: `${name}Update`, response: name },
    },
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

function plans(kind: PlanKind, env: Env): Route {
  return {
    method: "GET",
    pattern: PLAN_COLLECTIONS[kind],
    handle: (c) => page(listPage(rows(env.store.data.plans[kind]), c.query, Object.keys(Plan.shape))),
    doc: { summary: `List ${kind} plans`, tag: "Plans", response: "Plan", list: true },
  };
}

/** Static lookups have no insertion order of their own: their position is the tie-breaker. */
const rows = (objects: Array<Record<string, unknown>>) => objects.map((object, seq) => ({ object, seq }));

export function apiRoutes(env: Env, r: Resources, accounts: Accounts, openapi: () => unknown): Route[] {
  const serverlet = (c: { principal: Parameters<Resources["owned"]>[1]; params: Record<string, string> }) =>
    r.owned("serverlet", c.principal, c.params);
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
      handle: (c) => ok(accounts.context(c.principal)),
      doc: { summary: "The token's user and workspace", tag: "Auth", response: "AuthContext" },
    },

    // Workspaces (a token sees only its own)
    {
      method: "GET",
      pattern: "/workspaces",
      handle: (c) => {
        const own = env.store.data.workspaces[c.principal.workspaceId];
        return page(listPage(rows(own ? [own] : []), c.query, Object.keys(Workspace.shape)));
      },
      doc: { summary: "List workspaces", tag: "Workspaces", response: "Workspace", list: true },
    },
    {
      method: "GET",
      pattern: "/workspaces/{id}",
      handle: (c) => {
        if (c.params.id !== c.principal.workspaceId) throw notFound(`workspace ${c.params.id}`);
        return ok(env.store.data.workspaces[c.principal.workspaceId]);
      },
      doc: { summary: "Get a workspace (quotas)", tag: "Workspaces", response: "Workspace" },
    },

    // Lookups
    {
      method: "GET",
      pattern: "/regions",
      handle: (c) => page(listPage(rows(env.store.data.regions), c.query, Object.keys(Region.shape))),
      doc: { summary: "List regions", tag: "Regions", response: "Region", list: true },
    },
    ...(Object.keys(PLAN_COLLECTIONS) as PlanKind[]).map((kind) => plans(kind, env)),

    // Managed kinds
    ...crud("project", r),
    ...crud("variable", r),
    ...crud("dnsZone", r),
    ...crud("dnsRecord", r),
    ...crud("cron", r),
    ...crud("proxy", r),
    ...crud("volume", r),
    ...crud("serverlet", r),

    // Serverlet actions and instances
    ...SERVERLET_ACTIONS.map(
      (action): Route => ({
        method: "POST",
        pattern: `/serverlets/{id}/${action}`,
        handle: (c) => ok(serverletAction(env, serverlet(c), action)),
        doc: { summary: `${action} a serverlet`, tag: "Serverlet", response: "Serverlet" },
      }),
    ),
    {
      method: "GET",
      pattern: "/serverlets/{id}/instances",
      handle: (c) => page(listPage(rows(serverletInstances(serverlet(c))), c.query, ["id", "index", "state"])),
      doc: { summary: "List a serverlet's instances", tag: "Serverlet", response: "ServerletInstance", list: true },
    },

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
