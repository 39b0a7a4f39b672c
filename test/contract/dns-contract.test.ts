/**
 * DNS as the real API has it (CONTRACT.md): a zone holds records the platform made (`SOA`, `NS` at `@`),
 * `type` is a free string in answers, every record carries a numeric `priority`, and a zone may name its
 * domain `name` (the CLI's mocks answer `{id, name, createdAt}`).
 */
import { json } from "./api";
import { CASES, type Case, ZONE_ID } from "./cases";
import { cannedApi } from "./harness";
import { serveAccount, serveKind } from "./serve";
import { Engine } from "./stand-in-engine";
import { COLLECTION, type Props, shape } from "./wire";

const api = cannedApi();
const records = `/dns/${ZONE_ID}/records`;

const PLATFORM: Props[] = [
  {
    id: "rec-soa",
    dnsId: ZONE_ID,
    name: "@",
    type: "SOA",
    value: "ns1.futrou.net. hostmaster.futrou.net. 2026010101 7200 900 1209600 300",
    priority: 0,
    ttl: 3600,
    createdAt: "2026-01-01T00:00:00.000Z",
    updatedAt: "2026-01-01T00:00:00.000Z",
  },
  { id: "rec-ns1", dnsId: ZONE_ID, name: "@", type: "NS", value: "ns1.futrou.net", priority: 0, ttl: 3600 },
  { id: "rec-ns2", dnsId: ZONE_ID, name: "@", type: "NS", value: "ns2.futrou.net", priority: 0, ttl: 3600 },
];

test("refresh of a platform SOA record (type we never create): read works and keeps the type", async () => {
  api.on("GET", `${records}/rec-soa`, json(200, PLATFORM[0]));
  const engine = await new Engine("dnsRecord").configure({ apiUrl: api.origin });
  const read = await engine.provider.read?.(`${ZONE_ID}/rec-soa`, {});
  expect(read?.id).toBe(`${ZONE_ID}/rec-soa`);
  expect(read?.props).toMatchObject({ type: "SOA", name: "@", dnsId: ZONE_ID });
});

test.each(CASES.filter((c) => c.kind === "dnsRecord").map((c) => [c.label, c] as const))(
  "%s, created in a zone that lists SOA and NS records: no error, no changes after",
  async (_label, c: Case) => {
    serveAccount(api);
    const served = serveKind(api, "dnsRecord", { post: "published", get: "published" });
    api.on("GET", records, () =>
      json(200, [...PLATFORM, ...(served.object ? [shape("dnsRecord", served.object, "published")] : [])]),
    );
    const engine = await new Engine("dnsRecord").configure({ apiUrl: api.origin });
    const state = await engine.create(c.program);
    expect(state.id).toBe(`${ZONE_ID}/rec-1`);
    expect(await engine.says(state, c.program, "second `pulumi up`")).toBe("no changes");
    expect(api.writes().map((r) => r.method)).toEqual(["POST"]);
  },
);

test("a zone whose answers carry only `name`: outputs say domain, refresh shows no changes", async () => {
  serveAccount(api);
  serveKind(api, "dnsZone", { post: "required", get: "required" });
  const engine = await new Engine("dnsZone").configure({ apiUrl: api.origin });
  const program = { domain: "example.com" };
  const state = await engine.create(program);
  expect(api.requests.find((r) => r.method === "POST")?.body).toMatchObject({ domain: "example.com" });
  expect(state.outputs.domain).toBe("example.com");
  const refreshed = await engine.refresh(state);
  expect(refreshed?.outputs.domain).toBe("example.com");
  expect(await engine.says(refreshed ?? state, program, "`pulumi up` after `pulumi refresh`")).toBe("no changes");
});

test("import of a zone the CLI created (`{id, name, createdAt}`): the program's domain matches", async () => {
  serveAccount(api);
  api.on(
    "GET",
    `${COLLECTION.dnsZone}/dns-789`,
    json(200, { id: "dns-789", name: "example.com", createdAt: "2026-01-01T00:00:00Z" }),
  );
  const engine = await new Engine("dnsZone").configure({ apiUrl: api.origin });
  const read = await engine.provider.read?.("dns-789", {});
  expect(read?.id).toBe("dns-789");
  expect(read?.props).toMatchObject({ domain: "example.com" });
});
