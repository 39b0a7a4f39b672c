/** GET /openapi.json describes every endpoint and model, generated from the emulator's own wire definitions. */
import { COLLECTIONS, PLAN_COLLECTIONS } from "../../emulator/wire/api";
import { type Harness, start } from "./helpers";

let h: Harness;
let doc: { paths: Record<string, Record<string, { responses: Record<string, unknown> }>> };
beforeAll(async () => {
  h = await start();
  doc = (await h.call("GET", "/openapi.json", undefined, null)).body;
});
const doc204 = () =>
  Object.fromEntries(
    Object.entries(doc.paths["/serverlets/{id}/stop"]?.post?.responses ?? {}).filter(([status]) =>
      status.startsWith("2"),
    ),
  );
afterAll(() => h.emu.close());

test("is public and lists every contract path with its operations", async () => {
  const res = await h.call("GET", "/openapi.json", undefined, null);
  expect(res.status).toBe(200);
  const doc = res.body;
  expect(doc.openapi).toMatch(/^3\.0\./);
  const paths = Object.keys(doc.paths);
  for (const path of Object.values(COLLECTIONS)) {
    expect(paths).toEqual(expect.arrayContaining([path, `${path}/{id}`]));
    expect(Object.keys(doc.paths[path]).sort()).toEqual(["get", "post"]);
    // Certificates change only by an action: SKILL.md lists no PATCH.
    const item = path === COLLECTIONS.cert ? ["delete", "get"] : ["delete", "get", "patch"];
    expect({ path, methods: Object.keys(doc.paths[`${path}/{id}`]).sort() }).toEqual({ path, methods: item });
  }
  expect(paths).toEqual(
    expect.arrayContaining([
      ...Object.values(PLAN_COLLECTIONS),
      "/regions",
      "/workspaces",
      "/workspaces/{id}",
      "/auth/login",
      "/auth/context",
      "/serverlets/{id}/start",
      "/certs/{id}/renew",
      "/serverlets/{id}/instances",
      "/storages/plans/{id}",
      "/storages/{id}/instances",
    ]),
  );
  expect(doc.paths["/storages/plans"].get.responses["200"].content["application/json"].schema).toEqual({
    type: "array",
    items: { $ref: "#/components/schemas/StoragePlan" },
  });
  expect(doc.paths["/projects"].post.responses["201"].content["application/json"].schema).toEqual({
    $ref: "#/components/schemas/Project",
  });
  expect(doc.paths["/dns/{dnsId}/records/{id}"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
    "dnsId",
    "id",
  ]);
});

test("components come from the wire definitions: required fields, enums, bounds and the real shapes", async () => {
  const { schemas } = (await h.call("GET", "/openapi.json")).body.components;
  expect(schemas.ProjectCreate.required.sort()).toEqual(["name", "workspaceId"]);
  expect(schemas.DnsRecordCreate.properties.type.enum).toEqual(["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"]);
  // Responses: only `id` is promised; a record's type is free text (the platform's SOA).
  expect(schemas.DnsRecord.required).toEqual(["id"]);
  expect(schemas.DnsRecord.properties.type).toEqual({ type: "string" });
  expect(schemas.ProxyCreate.properties.port).toMatchObject({ minimum: 1, maximum: 65535 });
  expect(schemas.ServerletCreate.properties.cpu).toMatchObject({ type: "integer", minimum: 10, maximum: 32000 });
  expect(schemas.ServerletCreate.properties.ram).toMatchObject({ type: "integer", minimum: 32, maximum: 262144 });
  expect(Object.keys(schemas.Serverlet.properties)).not.toContain("env");
  expect(Object.keys(schemas.Volume.properties).sort()).toEqual([
    "createdAt",
    "id",
    "name",
    "sizeGb",
    "type",
    "updatedAt",
  ]);
  expect(Object.keys(schemas.Region.properties)).not.toContain("country");
  expect(Object.keys(schemas.Storage.properties).sort()).toEqual(
    ["createdAt", "id", "name", "projectId", "public", "regionId", "storagePlanId", "updatedAt", "workspaceId"].sort(),
  );
  expect(schemas.StoragePlan.properties).toHaveProperty("size");
  expect(Object.keys(schemas.AuthContext.properties)).toEqual(["user"]);
  expect(schemas.Error.required).toEqual(expect.arrayContaining(["message", "requestId"]));
  // The write-only value is accepted on create and never part of the response model.
  expect(schemas.VariableCreate.properties).toHaveProperty("value");
  expect(schemas.Variable.properties).not.toHaveProperty("value");
  // Actions answer 204 without a body; `limit` says it is capped.
  expect(Object.keys(doc204())).toEqual(["204"]);
});

test("the full shape documents the rich answers", async () => {
  const f = await start({ shape: "full" });
  try {
    const { schemas } = (await f.call("GET", "/openapi.json")).body.components;
    expect(Object.keys(schemas.Serverlet.properties)).toEqual(expect.arrayContaining(["env", "ports", "workspaceId"]));
    expect(Object.keys(schemas.AuthContext.properties).sort()).toEqual(["user", "workspace"]);
  } finally {
    await f.emu.close();
  }
});
