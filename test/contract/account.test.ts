/**
 * What the provider may assume about the account (CONTRACT.md, robustness rule): the base URL comes with
 * or without `/v2` (FUTROU_API_URL is shared with the CLI, whose values carry none); the workspace is the
 * token's only one from `GET /workspaces`, and `GET /auth/context` carries the user only.
 */
import { VERSION } from "./api";
import { CASES, type Case, ZONE_ID } from "./cases";
import { cannedApi } from "./harness";
import { serveAccount, serveKind } from "./serve";
import { Engine } from "./stand-in-engine";
import { COLLECTION, OTHER_WORKSPACE, WORKSPACE } from "./wire";

const api = cannedApi();
const first = (kind: Case["kind"]) => CASES.find((c) => c.kind === kind) as Case;

describe("base URL", () => {
  test.each([
    ["the CLI's form, without the version", ""],
    ["with a trailing slash", "/"],
    ["with the version", VERSION],
    ["with the version and a trailing slash", `${VERSION}/`],
  ])("%s: every request goes to /v2", async (_what, suffix) => {
    serveAccount(api);
    serveKind(api, "volume", { post: "published", get: "published" });
    const c = first("volume");
    const engine = await new Engine("volume").configure({ apiUrl: `${api.origin}${suffix}` });
    const state = await engine.create(c.program);
    await engine.refresh(state);
    await engine.delete(state);
    const unversioned = api.requests.filter((r) => !r.versioned || r.path.startsWith(VERSION));
    expect(unversioned.map((r) => `${r.method} ${r.path}`)).toEqual([]);
    expect(api.requests.map((r) => r.method)).toEqual(expect.arrayContaining(["POST", "GET", "DELETE"]));
  });
});

describe("workspace", () => {
  test("none given and the token sees one: check defaults to it from GET /workspaces", async () => {
    serveAccount(api, [WORKSPACE]);
    serveKind(api, "project", { post: "published", get: "published" });
    const engine = await new Engine("project").configure({ apiUrl: api.origin });
    const state = await engine.create(first("project").program);
    const post = api.requests.find((r) => r.method === "POST");
    expect(post?.body).toMatchObject({ workspaceId: WORKSPACE.id });
    expect(state.outputs.workspaceId).toBe(WORKSPACE.id);
    expect(api.requests.some((r) => r.method === "GET" && r.path === "/workspaces")).toBe(true);
  });

  test.each(["project", "dnsZone", "cron", "proxy", "volume", "serverlet", "storage"] as const)(
    "%s: none given and the token sees two: preview fails naming workspaceId, nothing is written",
    async (kind) => {
      serveAccount(api, [WORKSPACE, OTHER_WORKSPACE]);
      serveKind(api, kind, { post: "published", get: "published" });
      const engine = await new Engine(kind).configure({ apiUrl: api.origin });
      const said = await engine.check({}, first(kind).program).then(
        ({ failures }) => failures.map((f) => `${f.property}: ${f.reason}`).join("; "),
        (e: unknown) => (e as Error).message,
      );
      expect(`pulumi preview would print: ${said}`).toMatch(/workspaceId/);
      expect(api.writes()).toEqual([]);
    },
  );

  test("given explicitly while the token sees two: used as given", async () => {
    serveAccount(api, [WORKSPACE, OTHER_WORKSPACE]);
    serveKind(api, "project", { post: "published", get: "published" });
    const engine = await new Engine("project").configure({ apiUrl: api.origin });
    const { failures, inputs } = await engine.check(
      {},
      { ...first("project").program, workspaceId: OTHER_WORKSPACE.id },
    );
    expect(failures).toEqual([]);
    expect(inputs.workspaceId).toBe(OTHER_WORKSPACE.id);
  });
});

describe("refresh of an object deleted outside Pulumi, /auth/context without a workspace", () => {
  test.each([
    ["project (carries workspaceId)", "project"],
    ["DNS record (its zone is still there)", "dnsRecord"],
    ["variable scoped to a project (the project is still there)", "variable"],
    ["serverlet (published answers carry no workspaceId)", "serverlet"],
  ] as const)("%s: refresh says it is gone", async (_what, kind) => {
    serveAccount(api);
    const served = serveKind(api, kind, { post: "published", get: "published" });
    api.on("GET", `${COLLECTION.dnsZone}/${ZONE_ID}`, { status: 200, json: { id: ZONE_ID, name: "example.com" } });
    api.on("GET", `${COLLECTION.project}/prj-7`, { status: 200, json: { id: "prj-7", name: "shop" } });
    const engine = await new Engine(kind).configure({ apiUrl: api.origin });
    const state = await engine.create(first(kind).program);
    served.object = undefined; // deleted outside Pulumi: GET answers 404 {"message":"not found"}
    const after = await engine.refresh(state).then(
      (r) => (r ? `kept ${r.id}` : "gone"),
      (e: unknown) => `error: ${(e as Error).message}`,
    );
    expect(`pulumi refresh: ${after}`).toBe("pulumi refresh: gone");
  });
});
