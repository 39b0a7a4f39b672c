/** Route type and matcher: `/dns/{dnsId}/records/{id}` patterns, tried in table order. */
import type { Principal } from "./accounts";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

export interface RequestContext {
  /** The token's identity; for public routes an anonymous principal that owns nothing. */
  principal: Principal;
  params: Record<string, string>;
  query: URLSearchParams;
  /** The parsed JSON body (undefined when there was none). */
  body: unknown;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** What /openapi.json says about a route: component names of the request and response schemas. */
export interface RouteDoc {
  summary: string;
  tag: string;
  request?: string;
  response?: string;
  /** The response is a paged bare array of `response`. */
  list?: boolean;
  /** The success status when it is not the usual one (204 for DELETE, 201 for a create, else 200). */
  status?: 200 | 204;
}

export interface Route {
  method: Method;
  pattern: string;
  handle: (c: RequestContext) => Reply;
  /** Reachable without a token. */
  public?: boolean;
  /** A create: the target of the commit-then-drop fault. */
  creates?: boolean;
  doc?: RouteDoc;
}

export const ANONYMOUS: Principal = { workspaceId: "", userId: "", tokenId: "" };

export type Match = { route: Route; params: Record<string, string> } | { allowed: Method[] } | undefined;

/** The first route whose pattern and method fit; if only the pattern fits, the methods that would. */
export function matchRoute(routes: readonly Route[], method: string, path: string): Match {
  const segments = path.split("/").filter(Boolean);
  const allowed: Method[] = [];
  for (const route of routes) {
    const params = matchPattern(route.pattern, segments);
    if (!params) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length > 0 ? { allowed } : undefined;
}

function matchPattern(pattern: string, segments: string[]): Record<string, string> | undefined {
  const parts = pattern.split("/").filter(Boolean);
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, part] of parts.entries()) {
    const segment = segments[i] ?? "";
    if (part.startsWith("{") && part.endsWith("}")) {
      try {
        params[part.slice(1, -1)] = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
    } else if (part !== segment) return undefined;
  }
  return params;
}

export const ok = (body: unknown, headers?: Record<string, string>): Reply => ({ status: 200, body, headers });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });
export const page = (p: { body: unknown; headers: Record<string, string> }): Reply => ok(p.body, p.headers);
