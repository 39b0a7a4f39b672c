/**
 * A zone's records listing that never ends (issue 35, reproduction 5), through the real engine in both
 * modes, with the emulator's `endlessPages` answer fault: `pulumi destroy` deletes the stack's record (by
 * id, no listing needed) but not the zone, whose "not empty" guard cannot list the records completely; the
 * step fails with one line saying how far the listing got, after a few list requests (not 10,000). Once
 * the listing ends again, destroy completes and the API holds nothing of the stack.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack } from "../e2e/engine";
import { exportState, inventoryKeys, stateKeys } from "./state";

jest.setTimeout(600_000);

const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;
const RESOURCES = [
  { kind: "dnsZone", name: "zone", args: { domain: "endless.example.com" } },
  { kind: "dnsRecord", name: "www", args: { dnsId: "ref:zone", name: "www", type: "A", value: "192.0.2.10" } },
];

describe.each([
  { mode: "dynamic", plugin: false },
  { mode: "plugin", plugin: true },
])("a zone whose records listing never ends, $mode mode", ({ mode, plugin }) => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;

  beforeAll(async () => {
    emulator = await startEmulator({ quiet: true });
    ps = await programStack({
      program: "table",
      stackName: `endless-${mode}`,
      plugin,
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
      config: {
        resources: { value: JSON.stringify(RESOURCES) },
        ...(plugin ? { "futrou:mode": { value: "plugin" } } : {}),
      },
    });
  });
  afterAll(async () => {
    emulator?.setFaults({ answers: [] });
    await ps?.dispose();
    await emulator?.close();
  });

  it("destroy keeps the zone and fails in a few requests; once the listing ends, destroy completes", async () => {
    await ps.stack.up({ onOutput: () => {} });
    const [zone] = emulator.inventory().dnsZone;
    const zoneId = String(zone?.id);
    emulator.setFaults({
      answers: [{ method: "GET", path: "^/v2/dns/[^/]+/records$", fault: { kind: "endlessPages" } }],
    });
    emulator.resetStats();

    let text = "";
    await expect(ps.stack.destroy({ onOutput: (o) => (text += o) })).rejects.toThrow();

    expect(text).toContain(
      `futrou:DnsZone "endless.example.com" (${zoneId}) was not deleted: its records could not be listed completely ` +
        "(stopped after 2 pages of 1,000,000 announced: page 2 repeated objects already listed); nothing was deleted.",
    );
    expect(text).not.toMatch(STACK_FRAME);
    // The zone is still there, with the platform's records; the stack's record went by its id.
    expect(emulator.inventory().dnsZone.map((z) => String(z.id))).toEqual([zoneId]);
    expect(inventoryKeys(emulator)).toEqual([`dnsZone ${zoneId}`]);
    const stats = emulator.stats();
    expect(stats.byPath[`GET /v2/dns/${zoneId}/records`]).toBe(2);
    expect(stats.byMethod.DELETE).toBe(1);
    expect(stats.total).toBeLessThan(20);
    expect(stateKeys((await exportState(ps.stack)).resources)).toEqual([`dnsZone ${zoneId}`]);

    emulator.setFaults({ answers: [] });
    await ps.stack.destroy({ onOutput: () => {} });
    expect(inventoryKeys(emulator)).toEqual([]);
    expect(stateKeys((await exportState(ps.stack)).resources)).toEqual([]);
  });
});
