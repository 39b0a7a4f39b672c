/**
 * Routes that make the canned API behave like one API object of one kind: POST creates it, GET/PATCH/DELETE
 * its item path, GET the collection lists it; every answer cut to the shape the test asks for. Plus the
 * account routes (`/workspaces`, `/auth/context`) as published: the context carries the user only.
 */
import type { Kind } from "../../provider/api/contract";
import { type Generation, OLDER } from "../oracle/published";
import { type Answer, type CannedApi, json, NOT_FOUND, noContent } from "./api";
import { COLLECTION, created, itemKey, type Props, patched, type Shape, shape, USER, WORKSPACE } from "./wire";

/** An answer per request: a shape of the current object, or a canned answer built from it. */
export type Reply = Shape | ((object: Props) => Answer);

export interface ServeOptions {
  post: Reply;
  get: Reply;
  /** Default: the POST's reply. */
  patch?: Reply;
  /** The collection listing (a lookup after an ambiguous create). Default: the published shape. */
  list?: Shape;
  /** The API generation whose shapes and defaults answer. Default: the older one (CONTRACT.md). */
  generation?: Generation;
}

export interface Served {
  /** The object as the API holds it (undefined before the POST and after the DELETE). */
  object?: Props;
  /** Replaces how GET answers from now on (e.g. drift, an unknown state). */
  get: Reply;
}

function reply(kind: Kind, object: Props, r: Reply, status: number, generation: Generation): Answer {
  if (typeof r === "function") return r(object);
  const body = shape(kind, object, r, generation);
  if (body === undefined) throw new Error(`test bug: ${kind} has no shape "${r}"`);
  return json(status, body);
}

export function serveAccount(api: CannedApi, workspaces: Props[] = [WORKSPACE]): void {
  api.on("GET", "/workspaces", (req) => {
    const name = req.query.get("name");
    return json(
      200,
      workspaces.filter((w) => name === null || w.name === name),
    );
  });
  api.on("GET", "/workspaces/{id}", (_req, p) => {
    const w = workspaces.find((x) => x.id === p.id);
    return w ? json(200, w) : NOT_FOUND;
  });
  api.on("GET", "/auth/context", json(200, { user: USER }));
}

export function serveKind(api: CannedApi, kind: Kind, opts: ServeOptions): Served {
  const collection = COLLECTION[kind];
  const served: Served = { get: opts.get };
  const generation = opts.generation ?? OLDER;
  let n = 0;
  // The item path names the object by its id, or by the kind's item key (a member by its user).
  const current = (key: string) => (served.object && itemKey(kind, served.object) === key ? served.object : undefined);
  api.on("POST", collection, (req, params) => {
    n += 1;
    // Stamped now, as the API stamps a create: a lookup after an ambiguous POST takes only an object created
    // after that POST was sent (provider/create.ts, step 3).
    served.object = {
      ...created(kind, (req.body ?? {}) as Props, params, n, generation),
      createdAt: new Date().toISOString(),
    };
    return reply(kind, served.object, opts.post, 201, generation);
  });
  api.on("GET", collection, (req) => {
    // The newest CLI: `GET /storages` "requires at least one of workspaceId/projectId" (storages.go@3caf725).
    if (kind === "storage" && !req.query.get("workspaceId") && !req.query.get("projectId")) {
      return json(400, { message: "workspaceId or projectId is required", errors: [{ field: "workspaceId" }] });
    }
    return json(200, served.object ? [shape(kind, served.object, opts.list ?? "published", generation)] : []);
  });
  api.on("GET", `${collection}/{id}`, (_req, p) => {
    const object = current(p.id as string);
    return object ? reply(kind, object, served.get, 200, generation) : NOT_FOUND;
  });
  api.on("PATCH", `${collection}/{id}`, (req, p) => {
    const object = current(p.id as string);
    if (!object) return NOT_FOUND;
    served.object = patched(kind, object, (req.body ?? {}) as Props, generation);
    return reply(kind, served.object, opts.patch ?? opts.post, 200, generation);
  });
  api.on("DELETE", `${collection}/{id}`, (_req, p) => {
    if (!current(p.id as string)) return NOT_FOUND;
    served.object = undefined;
    return noContent;
  });
  return served;
}
