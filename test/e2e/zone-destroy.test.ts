/**
 * Deleting a DNS zone deletes every record in it (issue 15, point 3). Through the real engine: a zone whose
 * records are all the stack's (plus the platform's SOA/NS) is deleted as before; one that still holds a
 * record kept with `retainOnDelete`, or made outside Pulumi, is not, and the error names them; with
 * `forceDestroy: true` (a provider-only input, applied by `up` without a request) they go with the zone.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { DnsRecord } from "../../provider/kinds";
import { type TableStack, tableStack, writes } from "./engine";

jest.setTimeout(600_000);

describe("destroying a DNS zone never deletes records silently", () => {
  let emulator: RunningEmulator;
  let ps: TableStack;
  const records = () => emulator.inventory().dnsRecord.filter((r) => r.platform !== true);
  const quiet = { onOutput: () => {} };

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    ps = await tableStack(emulator, "zones");
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("a zone that holds only the stack's records (and the platform's) is deleted without forceDestroy", async () => {
    await ps.use([
      { kind: "dnsZone", name: "plain", args: { domain: "plain.example.com" } },
      { kind: "dnsRecord", name: "www", args: { dnsId: "ref:plain", name: "www", type: "A", value: "192.0.2.1" } },
    ]);
    await ps.stack.up(quiet);
    await ps.use([]);
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toMatchObject({ delete: 2 });
    expect(emulator.inventory().dnsZone).toEqual([]);
  });

  it("without forceDestroy, destroy refuses while the zone holds records the stack does not manage, naming them", async () => {
    await ps.use([
      { kind: "dnsZone", name: "zone", args: { domain: "kept.example.com" } },
      { kind: "dnsRecord", name: "www", args: { dnsId: "ref:zone", name: "www", type: "A", value: "192.0.2.1" } },
      {
        kind: "dnsRecord",
        name: "keep",
        args: { dnsId: "ref:zone", name: "keep", type: "TXT", value: "kept" },
        opts: { retainOnDelete: true },
      },
    ]);
    const up = await ps.stack.up(quiet);
    const zoneId = String((up.outputs.resourceIds?.value as Record<string, string> | undefined)?.zone);
    const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const outside = await api.create(
      `/dns/${zoneId}/records`,
      { name: "mail", type: "MX", value: "mail.example.net", priority: 10 },
      DnsRecord,
    );
    let text = "";
    await expect(ps.stack.destroy({ onOutput: (o) => (text += o) })).rejects.toThrow();
    expect(text).toMatch(
      new RegExp(
        `futrou:DnsZone "kept.example.com" \\(${zoneId}\\) was not deleted: it still holds 2 records that this stack does not manage \\(` +
          `(keep TXT kept \\([0-9a-f-]+\\), mail MX mail.example.net \\(${outside.id}\\)|mail MX mail.example.net \\(${outside.id}\\), keep TXT kept \\([0-9a-f-]+\\))` +
          "\\), and deleting it would delete them too\\. Delete or move them first, or set `forceDestroy: true`",
      ),
    );
    expect(text).not.toMatch(/SOA|ns1\.futrou/); // the platform's records are not named
    expect(emulator.inventory().dnsZone.map((z) => z.id)).toEqual([zoneId]);
    expect(
      records()
        .map((r) => r.name)
        .sort(),
    ).toEqual(["keep", "mail"]);
    // The zone is still in the state; the managed record is gone, the retained one is out of the state.
    const state = await ps.stack.exportStack();
    expect((state.deployment.resources ?? []).map((r: { urn: string }) => r.urn.split("::").pop()).sort()).toEqual([
      "default",
      "table-zones",
      "zone",
    ]);
  });

  it("with forceDestroy set by `up` (no API request), destroy deletes the zone and the records in it", async () => {
    await ps.use([{ kind: "dnsZone", name: "zone", args: { domain: "kept.example.com", forceDestroy: true } }]);
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
    expect(emulator.stats().total).toBe(0);
    expect(writes(emulator.stats())).toBe(0);
    await ps.stack.destroy(quiet);
    expect(emulator.inventory().dnsZone).toEqual([]);
    expect(records()).toEqual([]);
  });
});
