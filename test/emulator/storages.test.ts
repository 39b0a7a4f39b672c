/**
 * Storages as the newest official CLI (futrou-cli 3caf725, `src/commands/storages.go` and its tests) uses
 * them: its request bodies and the answers it expects are the fixtures (facts from its source, not its code).
 */
import { describeError, expectPublishedOnly, type Harness, seen, start } from "./helpers";

let h: Harness;
let plans: Array<{ id: string; name: string; size: unknown }>;
let projectId: string;
beforeAll(async () => {
  h = await start();
  plans = (await h.call("GET", "/storages/plans")).body;
  projectId = (await h.call("POST", "/projects", h.own({ name: "default" }))).body.id;
});
afterAll(() => h.emu.close());

describe("the newest CLI's storages commands", () => {
  let id: string;

  test("`storages plans list` and `plans get <id>`: plans with a size", async () => {
    expect(plans.map((p) => p.name).sort()).toEqual(["pro", "standard", "starter"]);
    for (const p of plans) expect(p.size).toEqual({ size: expect.any(Number), unit: "GB" });
    const one = await h.call("GET", `/storages/plans/${plans[1]?.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: plans[1]?.id, name: "standard" });
    expect((await h.call("GET", "/storages/plans/nope")).status).toBe(404);
  });

  test("`storages create --name --plan`: POST {name, storagePlanId, workspaceId, projectId} answers 201", async () => {
    const body = { name: "my-storage", storagePlanId: plans[0]?.id, workspaceId: h.emu.workspaceId, projectId };
    const res = await h.call("POST", "/storages", body);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...body, public: false });
    expectPublishedOnly("storage", res.body);
    id = res.body.id;
  });

  test("`storages list`: GET /storages?workspaceId=&projectId= lists it (the columns the CLI prints)", async () => {
    const res = await h.call("GET", `/storages?workspaceId=${h.emu.workspaceId}&projectId=${projectId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({ id, name: "my-storage", projectId, storagePlanId: plans[0]?.id }),
    ]);
    expect((await h.call("GET", `/storages?projectId=${projectId}`)).body).toHaveLength(1);
  });

  test("an unscoped GET /storages (the newest deploy's fallback) is answered, not refused", async () => {
    // The CLI's list says the endpoint "requires at least one of workspaceId/projectId", but its deploy
    // lists unscoped and its test mocks that as a success: the emulator is not stricter than that.
    const res = await h.call("GET", "/storages");
    expect(res.status).toBe(200);
    expect(res.body.map((s: { id: string }) => s.id)).toContain(id);
  });

  test("--assume storage-list-needs-scope refuses it with a 400 on workspaceId; a scoped list still works", async () => {
    const strict = await start({ assume: { storageListNeedsScope: true } });
    try {
      expect(seen(await strict.call("GET", "/storages"))).toEqual({
        status: 400,
        errors: [{ code: "VALIDATION_ERROR", field: "workspaceId" }],
      });
      expect((await strict.call("GET", `/storages?workspaceId=${strict.emu.workspaceId}`)).status).toBe(200);
    } finally {
      await strict.emu.close();
    }
  });

  test("`storages get`, `update --name --plan` (PATCH {name?, storagePlanId?}), `instances`, `logs [--tail]`", async () => {
    expect((await h.call("GET", `/storages/${id}`)).body).toMatchObject({ id, name: "my-storage" });
    const res = await h.call("PATCH", `/storages/${id}`, { name: "new-name", storagePlanId: plans[2]?.id });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id, name: "new-name", storagePlanId: plans[2]?.id });
    const instances = await h.call("GET", `/storages/${id}/instances`);
    expect(instances.body).toEqual([
      { id: expect.any(String), storageId: id, status: "ready", createdAt: expect.any(String) },
    ]);
    for (const path of ["logs", "logs/tail"]) {
      const logs = await h.call("GET", `/storages/${id}/${path}`);
      expect({ path, status: logs.status, body: logs.body }).toEqual({ path, status: 200, body: [] });
    }
  });

  test("`storages delete`: 204, then gone", async () => {
    expect((await h.call("DELETE", `/storages/${id}`)).status).toBe(204);
    expect((await h.call("GET", `/storages/${id}`)).status).toBe(404);
    expect((await h.call("GET", `/storages/${id}/instances`)).status).toBe(404);
  });
});

describe("rules", () => {
  test("names are unique in the workspace; plan and region ids must exist", async () => {
    expect((await h.call("POST", "/storages", h.own({ name: "taken" }))).status).toBe(201);
    expect(seen(await h.call("POST", "/storages", h.own({ name: "taken" })))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "name" }],
    });
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const field of ["storagePlanId", "regionId", "projectId"]) {
      const res = await h.call("POST", "/storages", h.own({ name: `bad-${field}`, [field]: missing }));
      expect({ field, error: describeError(res) }).toEqual({
        field,
        error: expect.stringMatching(`400 VALIDATION_ERROR on ${field}`),
      });
    }
  });

  test("public and the project change in place; the region is create-only", async () => {
    const regions = (await h.call("GET", "/regions")).body;
    const s = (await h.call("POST", "/storages", h.own({ name: "placed", regionId: regions[0].id }))).body;
    const res = await h.call("PATCH", `/storages/${s.id}`, { public: true, projectId });
    expect(res.body).toMatchObject({ public: true, projectId, regionId: regions[0].id });
    expect(seen(await h.call("PATCH", `/storages/${s.id}`, { regionId: regions[1].id }))).toEqual({
      status: 400,
      errors: [{ code: "VALIDATION_ERROR", field: "regionId" }],
    });
  });

  test("the workspace's storageLimit is the quota", async () => {
    const small = h.emu.createWorkspace({ limits: { storageLimit: 1 } });
    const ws = { workspaceId: small.workspaceId };
    expect((await h.call("POST", "/storages", { ...ws, name: "one" }, small.token)).status).toBe(201);
    expect(seen(await h.call("POST", "/storages", { ...ws, name: "two" }, small.token))).toEqual({
      status: 400,
      errors: [{ code: "LIMIT_EXCEEDED", field: "storageLimit" }],
    });
    // Volumes have their own quota.
    expect((await h.call("POST", "/volumes", { ...ws, name: "vol" }, small.token)).status).toBe(201);
  });
});
