/**
 * examples/webapp through the real engine while the emulator misbehaves: 20% 429 (with Retry-After), 5%
 * 503, a few % dropped connections and 1 in 10 creates whose answer is lost after the write committed.
 * Each `up` either succeeds or fails cleanly (no pending operations), a later `up` finishes the job, and
 * then the stack's state and the API agree exactly: no duplicates, no orphans, nothing lost.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack, writes } from "../e2e/engine";
import { exportState, inventoryKeys, stateKeys } from "./state";

jest.setTimeout(300_000);

const FAULTS = { rate429: 0.2, rate503: 0.05, dropRate: 0.03, commitThenDropRate: 0.1 };
const MAX_ATTEMPTS = 3;
const quiet = { onOutput: () => {} };

describe("examples/webapp under injected faults", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: 200, seed: 11, retryAfterSeconds: 0.2, quiet: true });
    ps = await programStack({
      program: "examples/webapp",
      env: { FUTROU_API_URL: emulator.url },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        "futrou:pollIntervalMs": { value: "200" },
        dbPassword: { value: "fault-tolerant-password", secret: true },
      },
    });
  });
  afterAll(async () => {
    emulator?.setFaults({ rate429: 0, rate503: 0, dropRate: 0, commitThenDropRate: 0 });
    await ps?.dispose();
    await emulator?.close();
  });

  it("up succeeds or fails cleanly, and a bounded number of ups finishes it", async () => {
    emulator.setFaults(FAULTS);
    const failures: string[] = [];
    let done = false;
    for (let attempt = 1; attempt <= MAX_ATTEMPTS && !done; attempt++) {
      try {
        const up = await ps.stack.up(quiet);
        expect(up.summary.result).toBe("succeeded");
        done = true;
      } catch (error) {
        // A clean failure: the engine reports the error and the checkpoint has no half-done step.
        const message = error instanceof Error ? error.message : String(error);
        expect(message).toMatch(/error:/);
        expect(message).not.toMatch(/panic|unhandled/i);
        failures.push(message);
      }
      expect((await exportState(ps.stack)).pending).toEqual([]);
    }
    const stats = emulator.stats();
    emulator.setFaults({ rate429: 0, rate503: 0, dropRate: 0, commitThenDropRate: 0 });
    if (process.env.FUTROU_TEST_REPORT) {
      console.log(
        `faults: ${failures.length + 1} attempt(s), ${stats.total} requests, byStatus ${JSON.stringify(stats.byStatus)}`,
      );
    }
    expect({ done, failures }).toEqual({ done: true, failures: expect.any(Array) });
    // The dice did hit (which faults land where depends on the engine's order, so only the sum is pinned).
    const injected = ["429", "503", "dropped"].reduce((n, k) => n + (stats.byStatus[k] ?? 0), 0);
    expect(injected).toBeGreaterThan(0);
  });

  it("afterwards the state and the API agree exactly: no duplicates, no orphans, nothing lost", async () => {
    const { resources } = await exportState(ps.stack);
    const inState = stateKeys(resources);
    // project, volume, serverlet, 2 variables, proxy, zone, 4 records, cron
    expect(inState).toHaveLength(12);
    expect(inventoryKeys(emulator)).toEqual(inState);
    expect(new Set(inState).size).toBe(inState.length);
  });

  it("a second up with faults off shows no changes and writes nothing", async () => {
    emulator.resetStats();
    const up = await ps.stack.up(quiet);
    expect(up.summary.resourceChanges).toEqual({ same: 13 });
    expect(writes(emulator.stats())).toBe(0);
  });

  it("destroy, with the faults back on, finishes within the same bound and leaves the inventory empty", async () => {
    emulator.setFaults(FAULTS);
    emulator.resetStats();
    let attempts = 0;
    let done = false;
    while (!done && attempts < MAX_ATTEMPTS) {
      attempts++;
      done = await ps.stack.destroy(quiet).then(
        (d) => d.summary.result === "succeeded",
        () => false,
      );
      expect((await exportState(ps.stack)).pending).toEqual([]);
    }
    emulator.setFaults({ rate429: 0, rate503: 0, dropRate: 0, commitThenDropRate: 0 });
    if (process.env.FUTROU_TEST_REPORT) {
      console.log(`destroy: ${attempts} attempt(s), byStatus ${JSON.stringify(emulator.stats().byStatus)}`);
    }
    expect(done).toBe(true);
    expect(stateKeys((await exportState(ps.stack)).resources)).toEqual([]);
    expect(inventoryKeys(emulator)).toEqual([]);
  });
});
