/**
 * Two stacks of one project on one machine (one create journal), started together, declaring the same
 * names, through the real engine, in both modes. Whichever stack creates a name first has it; the other fails
 * with "already used" for it and never adopts it. Identical records (no unique field) are each stack's own.
 * Counted from the API's inventory and each stack's state only, never from the provider's own matching:
 * 0 objects in two states, 0 objects in no state, and destroying one stack deletes nothing the other holds.
 *
 * Rounds per mode: FUTROU_RACE_ROUNDS (default 1; `make soak` runs 10).
 */
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { type ProgramStack, programStack } from "../e2e/engine";
import { killOrphans, survivors } from "./processes";
import { exportState, inventoryKeys, stateKeys } from "./state";

const ROUNDS = Number(process.env.FUTROU_RACE_ROUNDS ?? 1);
jest.setTimeout(120_000 + ROUNDS * 120_000);

const Created = z.looseObject({ id: z.string() });
const quiet = { onOutput: () => {} };
const totals: Record<string, { rounds: number; inTwoStates: number; orphans: number; deletedAcross: number }> = {};

describe.each(["dynamic", "plugin"] as const)("two stacks of one project racing (%s)", (mode) => {
  let emulator: RunningEmulator;
  let journalDir: string;
  let stacks: ProgramStack[] = [];
  let setup: string[];

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: 1500, quiet: true, seed: 27 });
    journalDir = mkdtempSync(join(tmpdir(), "futrou-race-journal-"));
    const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const shared = await api.create(
      "/dns",
      { domain: "shared.example.com", workspaceId: emulator.workspaceId },
      Created,
    );
    setup = inventoryKeys(emulator);
    for (const name of ["a", "b"]) {
      stacks.push(
        await programStack({
          program: "test/faults/programs/crowd",
          stackName: name,
          plugin: mode === "plugin",
          env: { FUTROU_API_URL: emulator.url, FUTROU_JOURNAL_DIR: journalDir, FUTROU_POLL_INTERVAL_MS: "100" },
          config: {
            "futrou:apiToken": { value: emulator.token, secret: true },
            ...(mode === "plugin" ? { "futrou:mode": { value: "plugin" } } : {}),
            sharedZoneId: { value: String(shared.id) },
          },
        }),
      );
    }
  });
  afterAll(async () => {
    killOrphans(journalDir);
    for (const ps of stacks) await ps.dispose().catch(() => {});
    stacks = [];
    await emulator?.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  test(`${ROUNDS} round(s): no object in two states or in none, nothing deleted across stacks`, async () => {
    const sum = { rounds: 0, inTwoStates: 0, orphans: 0, deletedAcross: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const [a, b] = stacks as [ProgramStack, ProgramStack];
      // Started together: both list, POST and wait for their serverlets at the same time.
      const results = await Promise.allSettled([a.stack.up(quiet), b.stack.up(quiet)]);
      const stateA = stateKeys((await exportState(a.stack)).resources);
      const stateB = stateKeys((await exportState(b.stack)).resources);
      const made = inventoryKeys(emulator).filter((k) => !setup.includes(k));
      const inTwoStates = stateA.filter((k) => stateB.includes(k));
      const orphans = made.filter((k) => !stateA.includes(k) && !stateB.includes(k));
      // Each stack holds at least its own two shared records: both ran, neither took the other's.
      expect(results.some((r) => r.status === "fulfilled")).toBe(true);
      for (const r of results) {
        if (r.status === "rejected") expect(String(r.reason)).toMatch(/is already used by/);
      }
      // Destroying stack a deletes exactly stack a's objects: every object of stack b is still there.
      await a.stack.destroy(quiet);
      const afterA = inventoryKeys(emulator);
      const deletedAcross = stateB.filter((k) => !afterA.includes(k));
      await b.stack.destroy(quiet);
      const left = inventoryKeys(emulator).filter((k) => !setup.includes(k));
      Object.assign(sum, {
        rounds: sum.rounds + 1,
        inTwoStates: sum.inTwoStates + inTwoStates.length,
        orphans: sum.orphans + orphans.length,
        deletedAcross: sum.deletedAcross + deletedAcross.length,
      });
      expect({ round, inTwoStates, orphans, deletedAcross, left }).toEqual({
        round,
        inTwoStates: [],
        orphans: [],
        deletedAcross: [],
        left: [],
      });
      // Runs that ended normally leave no journal entry (the engine closed its hosts: every create confirmed),
      // and no process of theirs.
      expect(readdirSync(journalDir).filter((f) => f.endsWith(".json"))).toEqual([]);
      expect(await survivors(journalDir, 10_000)).toEqual([]);
    }
    totals[mode] = sum;
  });
});

afterAll(() => {
  if (process.env.FUTROU_TEST_REPORT) console.log(`two stacks racing: ${JSON.stringify(totals)}`);
});
