/**
 * Every managed kind follows the same steps in the real API's shape: create → read → list → update →
 * delete → gone. Answers carry only the published fields, unset ones omitted, API defaults filled in.
 */
import { COLLECTIONS } from "../../emulator/wire/api";
// The provider's kinds: the oracle's published lists are the provider's (the newer kinds: test/emulator/accounts-certs.test.ts).
import type { Kind } from "../../provider/api/contract";
import { expectPublishedOnly, type Harness, start } from "./helpers";

let h: Harness;
let zoneId: string;
beforeAll(async () => {
  h = await start();
  zoneId = (await h.call("POST", "/dns", h.own({ domain: "records.example.com" }))).body.id;
});
afterAll(() => h.emu.close());

interface Case {
  kind: Kind;
  create: () => Record<string, unknown>;
  /** What the API fills in that the create did not send. */
  filled: Record<string, unknown>;
  /** Published fields left unset by this create, so absent from the answer. */
  absent: string[];
  patch: Record<string, unknown>;
}
const CASES: Case[] = [
  {
    kind: "project",
    create: () => h.own({ name: "web" }),
    filled: { displayName: "web" },
    absent: ["gitRepositoryName", "gitRepositoryUrl"],
    patch: { displayName: "Web site" },
  },
  {
    kind: "variable",
    create: () => h.own({ key: "DATABASE_URL", value: "postgres://x" }),
    filled: { isSecret: false },
    absent: ["value", "description", "projectId", "serverletId"],
    patch: { description: "where the data lives" },
  },
  {
    kind: "dnsZone",
    create: () => h.own({ domain: "example.org" }),
    filled: { name: "example.org", enableDnssec: false },
    absent: ["workspaceId"],
    patch: { enableDnssec: true },
  },
  {
    kind: "dnsRecord",
    create: () => ({ name: "www", type: "A", value: "192.0.2.10" }),
    filled: { ttl: 300, priority: 0 },
    absent: [],
    patch: { ttl: 600 },
  },
  {
    kind: "cron",
    create: () => h.own({ name: "nightly", schedule: "0 3 * * *", url: "https://example.com/hook" }),
    filled: { type: "simple", method: "GET", enabled: true },
    absent: ["projectId", "cronPlanId", "regionId", "headers", "body", "code", "startedAt"],
    patch: { enabled: false },
  },
  {
    kind: "proxy",
    create: () => h.own({ domain: "app.example.com", target: "10.0.0.5:8080" }),
    filled: {
      port: 80,
      type: "http",
      strategy: "round-robin",
      enforceHttps: false,
      compress: false,
      followRedirects: false,
      preserveHeaders: true,
      preserveHost: true,
      preservePath: true,
      preserveQuery: true,
      verifyTls: true,
      status: "pending",
    },
    absent: ["workspaceId"],
    patch: { port: 8080 },
  },
  {
    kind: "volume",
    create: () => h.own({ name: "data" }),
    filled: { sizeGb: 10, type: "ssd" },
    absent: ["workspaceId"],
    patch: { sizeGb: 20 },
  },
  {
    kind: "serverlet",
    create: () => h.own({ name: "api", image: "nginx:1.27" }),
    // The starter plan's sizing: 250 millicores, 512 MiB.
    filled: { minInstances: 1, maxInstances: 1, cpu: 250, ram: 512, state: "deploying", instances: 0 },
    absent: ["networkId", "runtime", "workspaceId", "env", "ports", "volumes", "scaling", "stateReason"],
    patch: { maxInstances: 3 },
  },
  {
    kind: "storage",
    create: () => h.own({ name: "files" }),
    // ASSUMED by the emulator: without a plan, the first public storage plan.
    filled: { public: false, storagePlanId: expect.any(String) },
    absent: ["projectId", "regionId"],
    patch: { name: "files-renamed" },
  },
];
const pathOf = (kind: Kind) => COLLECTIONS[kind].replace("{dnsId}", zoneId);

describe.each(CASES)("$kind", ({ kind, create, filled, absent, patch }) => {
  let id: string;

  test("POST answers 201 with the published fields only: defaults filled in, unset fields omitted", async () => {
    const body = create();
    const res = await h.call("POST", pathOf(kind), body);
    expect(res.status).toBe(201);
    id = res.body.id;
    expectPublishedOnly(kind, res.body);
    const { value: _writeOnly, workspaceId: _owner, ...visible } = body;
    expect(res.body).toMatchObject({ ...visible, ...filled });
    for (const field of absent) expect({ field, present: field in res.body }).toEqual({ field, present: false });
    expect(res.body.createdAt).toBe(res.body.updatedAt);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  test("GET by id answers 200 with the same object", async () => {
    const res = await h.call("GET", `${pathOf(kind)}/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(id);
    expectPublishedOnly(kind, res.body);
  });

  test("the list contains it, as a bare array with the page headers", async () => {
    const res = await h.call("GET", pathOf(kind));
    expect(res.status).toBe(200);
    expect(Array.isArray(res.body)).toBe(true);
    expect(res.body.map((o: { id: string }) => o.id)).toContain(id);
    for (const o of res.body) expectPublishedOnly(kind, o);
    expect(res.headers.get("x-total-items")).toBe(String(res.body.length));
    expect(res.headers.get("x-page")).toBe("1");
  });

  test("PATCH answers 200 with the whole updated object", async () => {
    const before = (await h.call("GET", `${pathOf(kind)}/${id}`)).body;
    const res = await h.call("PATCH", `${pathOf(kind)}/${id}`, patch);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...patch, id, createdAt: before.createdAt });
    expect(Date.parse(res.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    expectPublishedOnly(kind, res.body);
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
  const res = await h.call("POST", "/variables", h.own({ key: "SECRET", value: "s3cr3t", isSecret: true }));
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
  const zone = (await h.call("POST", "/dns", h.own({ domain: "nested.example.com" }))).body;
  const other = (await h.call("POST", "/dns", h.own({ domain: "other.example.com" }))).body;
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
  const otherTypes = (await h.call("GET", `/dns/${other.id}/records`)).body.map((r: { type: string }) => r.type);
  expect(otherTypes.sort()).toEqual(["NS", "NS", "SOA"]);
  expect((await h.call("GET", `/dns/${zone.id}/records?search=mail`)).body).toHaveLength(1);
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
  expect(res.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["priority", "value"]);
  const s = (await h.call("POST", "/serverlets", h.own({ name: "merged", image: "nginx", maxInstances: 2 }))).body;
  const bad = await h.call("PATCH", `/serverlets/${s.id}`, { minInstances: 3 });
  expect(bad.status).toBe(400);
  expect(bad.body.errors[0]).toMatchObject({ field: "minInstances" });
});

test("PATCH null clears an optional field, or brings back the API default", async () => {
  const v = (
    await h.call("POST", "/variables", h.own({ key: "CLEARED", value: "x", description: "d", isSecret: true }))
  ).body;
  const res = await h.call("PATCH", `/variables/${v.id}`, { description: null, isSecret: null });
  expect(res.status).toBe(200);
  expect("description" in res.body).toBe(false);
  expect(res.body.isSecret).toBe(false);
});

test("PATCH may repeat a create-only field's value, not change it", async () => {
  const vol = (await h.call("POST", "/volumes", h.own({ name: "fixed", type: "ssd" }))).body;
  expect((await h.call("PATCH", `/volumes/${vol.id}`, { type: "ssd", sizeGb: 11 })).status).toBe(200);
  const res = await h.call("PATCH", `/volumes/${vol.id}`, { type: "hdd" });
  expect(res.status).toBe(400);
  expect(res.body.errors[0]).toMatchObject({ code: "VALIDATION_ERROR", field: "type" });
});
