/**
 * A create whose 201 answer cannot be understood must never make the engine forget the object: either
 * the create succeeds with the object's id, or it throws an error carrying that id (what the host turns
 * into "created, but failed to initialize"). And errors without `requestId` or `errors[].code` (as the
 * CLI's mocks show them) still say everything they carry.
 */
import type { Kind } from "../../provider/api/contract";
import { type Answer, json } from "./api";
import { CASES, type Case, pulumiIdOf } from "./cases";
import { cannedApi } from "./harness";
import { serveAccount, serveKind } from "./serve";
import { Engine, show } from "./stand-in-engine";
import { COLLECTION, type Props, shape } from "./wire";

const api = cannedApi();

/** The first program of each kind. */
const ONE_PER_KIND = [...new Map(CASES.map((c) => [c.kind, c] as const)).values()];

/** 201 answers that are not the object: the id is in the body, or only a lookup can find it. */
const UNREADABLE: Array<[string, (o: Props, kind: Kind) => Answer]> = [
  ["not JSON", () => ({ status: 201, text: "<html><body>Created</body></html>" })],
  ["empty", () => ({ status: 201 })],
  [
    "JSON with an id but fields of the wrong type",
    (o) => json(201, { id: o.id, name: 42, domain: ["x"], createdAt: false, workspaceId: { id: "ws-1" }, ttl: "300" }),
  ],
  ["the object wrapped in an envelope", (o, kind) => json(201, { data: shape(kind, o, "published") })],
  ["a JSON array", (o) => json(201, [{ id: o.id }])],
];

/** Create's outcome as the engine records it: the id it keeps, or the error that loses the object. */
async function outcome(engine: Engine, c: Case): Promise<string> {
  try {
    return (await engine.create(c.program)).id;
  } catch (error) {
    const id = (error as { id?: unknown }).id;
    if (typeof id === "string" && id !== "") return id;
    return `the engine would forget the ${c.kind}: create threw without an id: ${show((error as Error).message)}`;
  }
}

describe.each(ONE_PER_KIND.map((c) => [c.kind, c] as const))("%s: a 201 that cannot be understood", (_k, c) => {
  test.each(UNREADABLE)("%s: the object is kept in the state", async (_what, answer) => {
    serveAccount(api);
    const served = serveKind(api, c.kind, { post: (o) => answer(o, c.kind), get: "published" });
    const engine = await new Engine(c.kind).configure({ apiUrl: api.origin });
    const kept = await outcome(engine, c);
    expect(kept).toBe(pulumiIdOf(c.kind, served.object ?? {}));
    expect(api.requests.filter((r) => r.method === "POST")).toHaveLength(1);
  });
});

describe("error answers without requestId or errors[].code", () => {
  const project = CASES.find((c) => c.kind === "project") as Case;

  test("a 400 shows its message and every field error", async () => {
    serveAccount(api);
    api.on(
      "POST",
      COLLECTION.project,
      json(400, {
        message: "Validation failed",
        errors: [
          { message: "is already in use", field: "name" },
          { message: "must be at most 64 characters", field: "displayName" },
        ],
      }),
    );
    api.on("GET", COLLECTION.project, json(200, []));
    const engine = await new Engine("project").configure({ apiUrl: api.origin });
    const error = (await engine.create(project.program).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    for (const part of ["400", "Validation failed", "name", "is already in use", "displayName", "must be at most 64"]) {
      expect(`pulumi up would print: ${error.message}`).toContain(part);
    }
  });

  test.each([
    [
      "401 with the CLI's statusCode field",
      401,
      { message: "invalid api token", statusCode: 401 },
      "invalid api token",
    ],
    [
      "403 with field errors but no message",
      403,
      { errors: [{ message: "no access to project", field: "id" }] },
      "no access to project",
    ],
  ])("a refresh that meets a %s shows it", async (_what, status, body, shown) => {
    serveAccount(api);
    const served = serveKind(api, "project", { post: "published", get: "published" });
    const engine = await new Engine("project").configure({ apiUrl: api.origin });
    const state = await engine.create(project.program);
    served.get = () => json(status, body);
    const error = (await engine.refresh(state).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(`pulumi refresh would print: ${error.message}`).toContain(shown);
  });

  test('an update that meets 404 {"message": "not found"} shows it', async () => {
    serveAccount(api);
    serveKind(api, "project", { post: "published", get: "published" });
    const engine = await new Engine("project").configure({ apiUrl: api.origin });
    const state = await engine.create(project.program);
    api.on("PATCH", `${COLLECTION.project}/{id}`, json(404, { message: "not found" }));
    const { inputs } = await engine.plan(state, { ...project.program, ...project.update });
    const error = (await engine.update(state, inputs).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(Error);
    expect(`pulumi up would print: ${error.message}`).toContain("not found");
  });
});
