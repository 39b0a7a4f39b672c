/**
 * A tiny scripted stand-in for the API, for the create-protocol paths the emulator cannot produce on
 * demand: each POST follows the next step of a script (answer, drop before or after committing, commit only
 * once the client has looked, answer a body that is not the model), and list requests can be made to fail.
 * Objects live in one map per collection path; listing, GET, PATCH and DELETE behave as the contract says.
 */
import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type PostStep =
  /** Commit and answer 201. */
  | "ok"
  /** Drop the connection without doing anything. */
  | "drop"
  /** Commit, then drop the connection. */
  | "commit-drop"
  /** Drop now; commit the object just after the next list request has been answered (a late write). */
  | "commit-after-lookup"
  /** Commit, and someone else commits an identical object at the same time; drop the connection. */
  | "commit-twin-drop"
  /** Commit; answer 201 with a body whose `id` is readable but whose fields are not the model's. */
  | "unreadable-with-id"
  /** Commit; answer 201 with a body that is not JSON. */
  | "unreadable"
  /** Commit; answer 201 with another object of the collection (the first one there). */
  | "answer-other"
  /** Answer 500 at once, doing nothing (a POST that never reached the API). */
  | "fail500"
  /** Never answer (the connection is closed when the API closes). */
  | "hang";

export type PatchStep =
  /** Apply and answer the object. */
  | "ok"
  /** Apply; answer 200 with another object of the collection (the first one there but this). */
  | "answer-other"
  /** Apply; answer 204 with no body. */
  | "empty"
  /** Do nothing; answer 204 with no body (an update that was lost). */
  | "lost";

export interface ScriptedApi {
  url: string;
  token: string;
  /** Objects per collection path, e.g. `/projects`. */
  objects: Map<string, Map<string, Record<string, unknown>>>;
  /** What the next POSTs do (one step each; "ok" when empty). */
  posts: PostStep[];
  /** What the next PATCHes do (one step each; "ok" when empty). */
  patches: PatchStep[];
  /** The next `times` list requests do not show objects whose name, domain or key is in `omit` (a lagging list). */
  lagLists: { omit: string[]; times: number };
  /** How many of the next list requests answer 503 (before anything else). */
  failLists: number;
  /** Once a POST arrives, this many list requests answer 503 (the recovery lookups fail). */
  failListsAfterPost: number;
  /** How many of the next GETs of one object answer 503. */
  failGets: number;
  /** While true, every listing pages forever: page 1's items for each page asked, 1,000,000 pages announced. */
  endlessLists: boolean;
  /** While set, list requests are answered only once it resolves (the log has them at once). */
  holdLists?: Promise<void>;
  /** Requests seen, as `METHOD path`. */
  log: string[];
  /** Put an object into a collection (a pre-existing object; `createdAt` now unless given). */
  seed(collection: string, fields: Record<string, unknown>): string;
  close(): Promise<void>;
}

const UNIQUE = ["name", "domain", "key"];

export async function startScriptedApi(): Promise<ScriptedApi> {
  const objects = new Map<string, Map<string, Record<string, unknown>>>();
  const coll = (path: string) => {
    let c = objects.get(path);
    if (!c) {
      c = new Map();
      objects.set(path, c);
    }
    return c;
  };
  let pendingLate: (() => void) | undefined;
  /** Connections of POSTs that never answer ("hang"), closed with the API. */
  const hanging = new Set<IncomingMessage["socket"]>();
  const api: ScriptedApi = {
    url: "",
    token: "scripted-token-0123456789",
    objects,
    posts: [],
    patches: [],
    lagLists: { omit: [], times: 0 },
    failLists: 0,
    failListsAfterPost: 0,
    failGets: 0,
    endlessLists: false,
    log: [],
    seed(collection, fields) {
      const id = randomUUID();
      coll(collection).set(id, { createdAt: new Date().toISOString(), ...fields, id });
      return id;
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of hanging) socket.destroy();
        server.close(() => resolve());
      }),
  };

  const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
    res.writeHead(status, { "content-type": "application/json", ...headers });
    res.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const unavailable = (res: ServerResponse) =>
    json(res, 503, { message: "unavailable", errors: [] }, { "retry-after": "0" });

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString()) as Record<string, unknown>) : {};
    const url = new URL(req.url ?? "/", "http://x");
    const path = url.pathname.replace(/^\/v2/, "");
    api.log.push(`${req.method} ${path}`);
    const parts = path.split("/");
    const last = parts.at(-1) as string;
    const itemCollection = parts.slice(0, -1).join("/");
    // Ids are UUIDs; any other last segment names a collection.
    const isItem = /^[0-9a-f-]{36}$/.test(last);

    if (req.method === "GET" && !isItem) {
      if (api.holdLists) await api.holdLists;
      if (api.failLists > 0) {
        api.failLists--;
        return unavailable(res);
      }
      const filters = [...url.searchParams].filter(([k]) => !["page", "limit", "sort", "direction"].includes(k));
      let items = [...coll(path).values()].filter((o) => filters.every(([k, v]) => String(o[k]) === v));
      if (api.lagLists.times > 0) {
        api.lagLists.times--;
        const { omit } = api.lagLists;
        items = items.filter((o) => !UNIQUE.some((f) => omit.includes(String(o[f]))));
      }
      const page = api.endlessLists ? (url.searchParams.get("page") ?? "1") : "1";
      json(res, 200, items, { "x-total-pages": api.endlessLists ? "1000000" : "1", "x-page": page });
      const late = pendingLate;
      pendingLate = undefined;
      late?.();
      return;
    }
    if (req.method === "GET") {
      if (api.failGets > 0) {
        api.failGets--;
        return unavailable(res);
      }
      const found = objects.get(itemCollection)?.get(last);
      return found ? json(res, 200, found) : json(res, 404, { message: "not found" });
    }
    if (req.method === "PATCH") {
      const found = objects.get(itemCollection)?.get(last);
      if (!found) return json(res, 404, { message: "not found" });
      const step = api.patches.shift() ?? "ok";
      if (step === "lost") return json(res, 204, undefined);
      Object.assign(found, body);
      if (step === "empty") return json(res, 204, undefined);
      if (step === "answer-other")
        return json(
          res,
          200,
          [...coll(itemCollection).values()].find((o) => o !== found),
        );
      return json(res, 200, found);
    }
    if (req.method === "DELETE") {
      return objects.get(itemCollection)?.delete(last) ? json(res, 204, undefined) : json(res, 404, {});
    }
    // POST: a create.
    const step = api.posts.shift() ?? "ok";
    api.failLists += api.failListsAfterPost;
    api.failListsAfterPost = 0;
    const commit = () => {
      const clash = UNIQUE.find((f) => body[f] !== undefined && [...coll(path).values()].some((o) => o[f] === body[f]));
      if (clash && !path.includes("/records")) {
        return {
          error: {
            message: "invalid",
            errors: [{ field: clash, code: "VALIDATION_ERROR", message: "already in use" }],
          },
        };
      }
      const id = randomUUID();
      const obj = { ...body, id, createdAt: new Date().toISOString() };
      coll(path).set(id, obj);
      return { obj };
    };
    if (step === "drop") return req.socket.destroy();
    if (step === "fail500") return json(res, 500, { message: "internal error", errors: [] });
    if (step === "hang") {
      hanging.add(req.socket);
      return;
    }
    if (step === "commit-after-lookup") {
      pendingLate = () => void commit();
      return req.socket.destroy();
    }
    const done = commit();
    if (done.error) return json(res, 400, done.error);
    if (step === "commit-twin-drop") api.seed(path, body);
    if (step === "commit-drop" || step === "commit-twin-drop") return req.socket.destroy();
    if (step === "unreadable") {
      res.writeHead(201, { "content-type": "text/plain" });
      return res.end("created");
    }
    if (step === "unreadable-with-id") return json(res, 201, { id: done.obj?.id, name: 42 });
    if (step === "answer-other")
      return json(
        res,
        201,
        [...coll(path).values()].find((o) => o !== done.obj),
      );
    return json(res, 201, done.obj);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((e: unknown) => json(res, 500, { message: String(e) }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  api.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2`;
  return api;
}
