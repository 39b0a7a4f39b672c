/**
 * Ids the kit acts on, against a raw local HTTP server that records every request: an id that is not one of
 * the kind's ids (a dot segment, a missing or extra part) is refused by import, refresh, update and delete
 * before any request; an answer that is not the object asked for (another id, a record of another zone) is
 * refused before anything adopts it. Both modes run this kit (the dynamic host and the plugin).
 */
import type { Kind } from "../../provider/api/contract";
import { makeProvider } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { type Fixture, type Handler, json, startFixture } from "../client/fixture";
import { configOf } from "./harness";

const ZONE = "dns-789";

let fx: Fixture;
beforeAll(async () => {
  fx = await startFixture();
});
afterAll(() => fx.close());

function provider(kind: Kind) {
  const p = makeProvider(specFor(kind), { acceptsSecrets: true });
  void p.configure({ config: configOf({ "futrou:apiUrl": fx.url, "futrou:apiToken": "tok-1234567890" }) });
  return p;
}

/** Answers listings with no items and each object path with its canned answer (404 for any other path). */
const routes =
  (objects: Record<string, unknown>): Handler =>
  (req, res) => {
    const [path] = req.url.split("?");
    if (req.url.includes("?")) return json(200, [])(req, res);
    const answer = objects[path ?? ""];
    return answer ? json(200, answer)(req, res) : json(404, { message: "not found" })(req, res);
  };

describe("an id that is not one of the kind's ids: every operation refuses it, with no request", () => {
  const bad: Array<{ kind: Kind; id: string }> = [
    { kind: "dnsRecord", id: `${ZONE}/..` },
    { kind: "dnsRecord", id: `${ZONE}/.` },
    { kind: "dnsRecord", id: `../rec-1` },
    { kind: "dnsRecord", id: `${ZONE}/%2e%2e` },
    { kind: "dnsRecord", id: ZONE },
    { kind: "dnsRecord", id: `${ZONE}/rec-1/x` },
    { kind: "dnsZone", id: ".." },
    { kind: "project", id: "." },
    { kind: "variable", id: "v-1 " },
  ];
  test.each(bad)("$kind $id", async ({ kind, id }) => {
    fx.answer(routes({}));
    const p = provider(kind);
    const olds = { name: "x", domain: "x.example", workspaceId: "w-1", dnsId: ZONE };
    const malformed = new RegExp(
      `^futrou:${specFor(kind).typeName}: malformed id .* Nothing was sent to the API: correct the import id, or remove a resource an older version recorded with it from the state with \`pulumi state delete <urn>\`\\.$`,
    );
    await expect(p.read(id, {})).rejects.toThrow(malformed); // pulumi import
    await expect(p.read(id, olds)).rejects.toThrow(malformed); // refresh
    await expect(p.update(id, olds, { ...olds, name: "y" })).rejects.toThrow(malformed);
    await expect(p.delete(id, olds)).rejects.toThrow(malformed); // destroy
    expect(fx.seen).toEqual([]);
  });
});

describe("an answer that is not the object asked for is refused before anything adopts it", () => {
  const record = { name: "www", type: "A", value: "192.0.2.1", ttl: 300 };

  test("a record answered from another zone: import and refresh fail naming both zones", async () => {
    fx.answer(routes({ [`/v2/dns/${ZONE}/records/rec-1`]: { id: "rec-1", dnsId: "dns-000", ...record } }));
    const p = provider("dnsRecord");
    const message =
      `futrou:DnsRecord "${ZONE}/rec-1": the API answered another object than the one asked for: ` +
      `dnsId "dns-000" (asked for "${ZONE}"). Nothing was adopted, changed or deleted; check the id.`;
    await expect(p.read(`${ZONE}/rec-1`, {})).rejects.toThrow(message);
    await expect(p.read(`${ZONE}/rec-1`, { dnsId: ZONE, ...record })).rejects.toThrow(message);
    expect(fx.seen.every((r) => r.method === "GET")).toBe(true);
  });

  test("another object's id in the answer: pulumi import and the import option both refuse it, with no write", async () => {
    const project = { id: "p-2", name: "shop", workspaceId: "w-1" };
    fx.answer(routes({ "/v2/projects/p-1": project }));
    const p = provider("project");
    await expect(p.read("p-1", {})).rejects.toThrow(/answered another object .*: id "p-2" \(asked for "p-1"\)/);
    await expect(p.check({}, { name: "shop", workspaceId: "w-1", __import: "p-1" })).rejects.toThrow(
      /answered another object .*: id "p-2" \(asked for "p-1"\)/,
    );
    // The answer's own GETs only: one per attempt, none repeated, nothing written.
    expect(fx.seen.filter((r) => r.url === "/v2/projects/p-1").length).toBe(2);
    expect(fx.seen.every((r) => r.method === "GET")).toBe(true);
  });

  test("the object asked for, with the zone it was asked in, is read as before", async () => {
    fx.answer(routes({ [`/v2/dns/${ZONE}/records/rec-1`]: { id: "rec-1", dnsId: ZONE, ...record } }));
    const read = await provider("dnsRecord").read(`${ZONE}/rec-1`, {});
    expect(read.id).toBe(`${ZONE}/rec-1`);
    expect(read.props).toMatchObject({ recordId: "rec-1", dnsId: ZONE, name: "www" });
  });
});
