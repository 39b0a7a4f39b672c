/** GET /openapi.json describes every endpoint and model, generated from the zod models. */
import { COLLECTIONS, PLAN_COLLECTIONS } from "../../provider/api/contract";
import { type Harness, start } from "./helpers";

let h: Harness;
beforeAll(async () => {
  h = await start();
});
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
    expect(Object.keys(doc.paths[`${path}/{id}`]).sort()).toEqual(["delete", "get", "patch"]);
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
      "/serverlets/{id}/instances",
    ]),
  );
  expect(doc.paths["/projects"].post.responses["201"].content["application/json"].schema).toEqual({
    $ref: "#/components/schemas/Project",
  });
  expect(doc.paths["/dns/{dnsId}/records/{id}"].get.parameters.map((p: { name: string }) => p.name)).toEqual([
    "dnsId",
    "id",
  ]);
});

test("components come from the zod models: required fields, enums and bounds", async () => {
  const { schemas } = (await h.call("GET", "/openapi.json")).body.components;
  expect(schemas.ProjectCreate.required).toEqual(["name"]);
  expect(schemas.DnsRecordCreate.properties.type.enum).toEqual(["A", "AAAA", "CNAME", "MX", "TXT", "NS", "SRV", "CAA"]);
  expect(schemas.ProxyCreate.properties.port).toMatchObject({ minimum: 1, maximum: 65535 });
  expect(schemas.Serverlet.properties.state.enum).toContain("running");
  expect(schemas.Error.required).toEqual(expect.arrayContaining(["message", "requestId"]));
  // The write-only value is accepted on create and never part of the response model.
  expect(schemas.VariableCreate.properties).toHaveProperty("value");
  expect(schemas.Variable.properties).not.toHaveProperty("value");
});
