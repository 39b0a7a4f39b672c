/** Every managed kind follows the same steps: create → read → list → update → delete → gone. */
import { COLLECTIONS, type Kind } from "../../provider/api/contract";
import { CREATE_DEFAULTS, MODELS } from "../../provider/api/models";
import { type Harness, start } from "./helpers";

let h: Harness;
let zoneId: string;
beforeAll(async () => {
  h = await start();
  zoneId = (await h.call("POST", "/dns", { domain: "records.example.com" })).body.id;
});
afterAll(() => h.emu.close());

interface Case {
  kind: Kind;
  create: () => Record<string, unknown>;
  patch: Record<string, unknown>;
}
const CASES: Case[] = [
  { kind: "project", create: () => ({ name: "web" }), patch: { displayName: "Web site" } },
  {
    kind: "variable",
    create: () => ({ key: "DATABASE_URL", value: "postgres://x", workspaceId: h.emu.workspaceId }),
    patch: { description: "where the data lives" },
  },
  { kind: "dnsZone", create: () => ({ domain: "example.org" }), patch: { enableDnssec: true } },
  { kind: "dnsRecord", create: () => ({ name: "www", type: "A", value: "192.0.2.10" }), patch: { ttl: 600 } },
  {
    kind: "cron",
    create: () => ({ name: "nightly", schedule: "0 3 * * *", url: "https://example.com/hook" }),
    patch: { enabled: false },
  },
  { kind: "proxy", create: () => ({ domain: "app.example.com", target: "10.0.0.5" }), patch: { port: 8080 } },
  { kind: "volume", create: () => ({ name: "data" }), patch: { sizeGb: 20 } },
  { kind: "serverlet", create: () => ({ name: "api", image: "nginx:1.27" }), patch: { maxInstances: 3 } },
];
const pathOf = (kind: Kind) => COLLECTIONS[kind].replace("{dnsId}", zoneId);

describe.each(CASES)("$kind", ({ kind, create, patch }) => {
  let id: string;

  test("POST answers 201 with the whole object: API defaults applied, every model field present", async () => {
    const body = create();
    const res = await h.call("POST", pathOf(kind), body);
    expect(res.status).toBe(201);
    id = res.body.id;
    const parsed = MODELS[kind].model.safeParse(res.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
    const { value: _writeOnly, ...visible } = body;
    expect(res.body).toMatchObject({ ...CREATE_DEFAULTS[kind], ...visible });
    for (const field of Object.keys(MODELS[kind].model.shape)) expect(res.body).toHaveProperty(field);
    expect(res.body.createdAt).toBe(res.body.updatedAt);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  test("GET by id answers 200 with the same object", async () => {
    const res = await h.call("GET", `${pathOf(kind)}/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
  });

  test("the list contains it, as a bare array with the page headers", async () => {
    const res = await h.call("GET", pathOf(kind));
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((o: { id: string }) => o.id)).toContain(id);
    expect(res.headers.get("x-total-items")).toBe(String(res.body.length));
    expect(res.headers.get("x-page")).toBe("1");
  });

  test("PATCH answers 200 with the whole updated object", async () => {
    const before = (await h.call("GET", `${pathOf(kind)}/${id}`)).body;
    const res = await h.call("PATCH", `${pathOf(kind)}/${id}`, patch);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...patch, id, createdAt: before.createdAt });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    expect(MODELS[kind].model.safeParse(res.body).success).toBe(true);
  });

  test("DELETE answers 204, then the object is 404 and a second DELETE is 404", async () => {
    const del = await h.call("DELETE", `${pathOf(kind)}/${id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeUndefined();
    expect((await h.call("GET", `${pathOf(kind)}/${id}`)).status).toBe(404);
    expect((await h.call("DELETE", `${pathOf(kind)}/${id}`)).status).toBe(404);
  });
});

test("a variable's value is accepted and stored but never returned", async () => {
  const res = await h.call("POST", "/variables", {
    key: "SECRET",
    value: "s3cr3t",
    isSecret: true,
    workspaceId: h.emu.workspaceId,
  });
  expect(res.status).toBe(201);
  expect(JSON.stringify(res.body)).not.toContain("s3cr3t");
  const patched = await h.call("PATCH", `/variables/${res.body.id}`, { value: "rotated" });
  expect(JSON.stringify(patched.body)).not.toContain("rotated");
  const list = await h.call("GET", "/variables");
  expect(JSON.stringify(list.body)).not.toContain("rotated");
  const stored = h.emu.inventory().variable.find((v) => v.id === res.body.id);
  expect(stored?.value).toBe("rotated");
});

test("DNS records live under their zone and go with it", async () => {
  const zone = (await h.call("POST", "/dns", { domain: "nested.example.com" })).body;
  const other = (await h.call("POST", "/dns", { domain: "other.example.com" })).body;
  const rec = await h.call("POST", `/dns/${zone.id}/records`, {
    name: "mail",
    type: "MX",
    value: "mx.example.com",
    priority: 10,
  });
  expect(rec.status).toBe(201);
  expect(rec.body).toMatchObject({ dnsId: zone.id, ttl: 300, priority: 10 });
  // The record is not reachable through another zone, and other zones do not list it.
  expect((await h.call("GET", `/dns/${other.id}/records/${rec.body.id}`)).status).toBe(404);
  expect((await h.call("GET", `/dns/${other.id}/records`)).body).toEqual([]);
  expect((await h.call("GET", `/dns/${zone.id}/records`)).body).toHaveLength(1);
  // A record under a zone that does not exist: the zone is what is missing.
  const orphan = await h.call("GET", "/dns/00000000-0000-0000-0000-000000000000/records");
  expect(orphan.status).toBe(404);
  expect(orphan.body.message).toContain("DNS zone");

  expect((await h.call("DELETE", `/dns/${zone.id}`)).status).toBe(204);
  expect(h.emu.inventory().dnsRecord.filter((r) => r.dnsId === zone.id)).toEqual([]);
});

test("PATCH re-runs the cross-field rules on the merged object", async () => {
  const rec = (
    await h.call("POST", `/dns/${zoneId}/records`, { name: "mx", type: "MX", value: "mx.example.com", priority: 5 })
  ).body;
  // Turning an MX into an A record without clearing the priority and changing the value is refused.
  const res = await h.call("PATCH", `/dns/${zoneId}/records/${rec.id}`, { type: "A" });
  expect(res.status).toBe(400);
  expect(res.body.errors[0]).toMatchObject({ code: "VALIDATION_ERROR", field: "priority" });
  const s = (await h.call("POST", "/serverlets", { name: "merged", image: "nginx", maxInstances: 2 })).body;
  const bad = await h.call("PATCH", `/serverlets/${s.id}`, { minInstances: 3 });
  expect(bad.status).toBe(400);
  expect(bad.body.errors[0]).toMatchObject({ field: "minInstances" });
});
