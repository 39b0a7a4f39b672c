/** examples/dns: a realistic 30-record zone from a data file, created once and then left alone. */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack } from "./engine";

jest.setTimeout(300_000);

describe("examples/dns end to end", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  beforeAll(async () => {
    emulator = await startEmulator();
    ps = await programStack({
      program: "examples/dns",
      env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token },
    });
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
  });

  it("creates the zone and its 30 records, then reports no changes and makes no requests", async () => {
    const up = await ps.stack.up({ onOutput: () => {} });
    expect(up.summary.resourceChanges).toEqual({ create: 32 });
    expect(up.outputs.recordCount?.value).toBe(30);
    expect(emulator.inventory().dnsRecord.filter((r) => !r.platform)).toHaveLength(30);
    emulator.resetStats();
    const again = await ps.stack.up({ onOutput: () => {} });
    expect(again.summary.resourceChanges).toEqual({ same: 32 });
    expect(emulator.stats().total).toBe(0);
  });
});
