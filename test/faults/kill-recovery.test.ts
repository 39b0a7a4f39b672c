/**
 * `kill -9` of `pulumi up` at seeded random points of a faulted create of 50 objects (10 % 429, 10 %
 * commit-then-drop, 5 % dropped connections), through the real engine, in both modes; then the README's
 * recovery: `pulumi cancel`, `pulumi up` (up to 5 times), `pulumi refresh --clear-pending-creates`. A round
 * kills the first `up` and then the recovery's own `up`, each once its create has made a random number of
 * objects (plus a random delay), by SIGKILL to the engine alone or to its process group.
 *
 * Counted from the emulator's inventory and the state only: 0 orphans (an object in no state), 0 duplicates
 * (two objects with the same name, key, domain or record values), nothing in the state the API lacks; and
 * every process a killed engine started (language host, program, provider host or plugin) exits by itself.
 *
 * Not the provider's: Pulumi's file backend (gocloud fileblob) writes a checkpoint's `<stack>.json.attrs`
 * sidecar in place, so a kill while it writes leaves it empty, and every later command fails with
 * `failed to load checkpoint: EOF`. The test removes such an empty sidecar after a kill, as a user would, and
 * counts it (`tornSidecars`).
 *
 * Size per mode: FUTROU_KILLS kills that landed (default 2), at most FUTROU_KILLS_PER_ROUND per round (default
 * 2; a point the run finished before ends its round's kills); `make soak` runs 30, 3 a round. Seed:
 * FUTROU_KILL_SEED (default 27).
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync, unlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { seededRandom } from "../../emulator/faults";
import { type ProgramStack, programStack } from "../e2e/engine";
import { killOrphans, survivors } from "./processes";
import { exportState, inventoryKeys, stateKeys } from "./state";

const KILLS = Number(process.env.FUTROU_KILLS ?? 2);
const KILLS_PER_ROUND = Number(process.env.FUTROU_KILLS_PER_ROUND ?? 2);
const ROUNDS = Math.ceil(KILLS / KILLS_PER_ROUND);
const SEED = Number(process.env.FUTROU_KILL_SEED ?? 27);
const OBJECTS = 50;
const FAULTS = { rate429: 0.1, commitThenDropRate: 0.1, dropRate: 0.05 };
const NO_FAULTS = { rate429: 0, commitThenDropRate: 0, dropRate: 0 };
jest.setTimeout(180_000 + 2 * ROUNDS * 240_000);

const quiet = { onOutput: () => {} };
type Tally = {
  kills: number;
  orphans: number;
  duplicates: number;
  lost: number;
  hostsLeft: number;
  ups: number;
  tornSidecars: number;
};
const totals: Record<string, Tally & { seconds: number }> = {};

/** What makes an object "the same" to a user: its kind and its name, key, domain or record values. */
function naturalKeys(emulator: RunningEmulator): string[] {
  const inv = emulator.inventory();
  return Object.entries(inv).flatMap(([kind, objects]) =>
    objects
      .filter((o) => o.platform !== true)
      .map((o) => JSON.stringify([kind, o.name, o.key, o.domain, o.dnsId, o.type, o.value, o.projectId])),
  );
}

/** Removes the empty `*.attrs` sidecars a kill left in a file backend (see the header); returns how many. */
function removeTornSidecars(dir: string): number {
  let removed = 0;
  for (const name of readdirSync(dir, { recursive: true, encoding: "utf8" })) {
    const file = join(dir, name);
    if (name.endsWith(".attrs") && statSync(file).size === 0) {
      unlinkSync(file);
      removed += 1;
    }
  }
  return removed;
}

describe.each(["dynamic", "plugin"] as const)("kill -9 during a faulted create of 50 objects (%s)", (mode) => {
  let emulator: RunningEmulator;
  let journalDir: string;
  let ps: ProgramStack;
  let setup: string[];
  let running: ChildProcess | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: 300, quiet: true, seed: SEED + (mode === "plugin" ? 1 : 0) });
    journalDir = mkdtempSync(join(tmpdir(), "futrou-kill-journal-"));
    setup = inventoryKeys(emulator);
    ps = await programStack({
      program: "test/faults/programs/crowd",
      plugin: mode === "plugin",
      env: { FUTROU_API_URL: emulator.url, FUTROU_JOURNAL_DIR: journalDir, FUTROU_POLL_INTERVAL_MS: "100" },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        ...(mode === "plugin" ? { "futrou:mode": { value: "plugin" } } : {}),
        fifty: { value: "true" },
      },
    });
  });
  afterAll(async () => {
    if (running?.pid) killGroup(running.pid);
    killOrphans(journalDir);
    emulator?.setFaults(NO_FAULTS);
    await ps?.dispose().catch(() => {});
    await emulator?.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  /** `pulumi up` killed once `made` objects more exist (and a random delay); false if it finished first. */
  async function killedUp(random: () => number): Promise<{ killed: boolean; hostsLeft: number; torn: number }> {
    const before = inventoryKeys(emulator).length;
    const threshold = before + Math.floor(random() * (OBJECTS - (before - setup.length)));
    const delayMs = Math.floor(random() * 500);
    const group = random() < 0.5;
    const up = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", ps.stack.name], {
      cwd: ps.dir,
      env: { ...process.env, ...ps.stack.workspace.envVars },
      detached: true,
      stdio: "ignore",
    });
    running = up;
    let exited = false;
    const done = new Promise<void>((resolve) =>
      up.on("exit", () => {
        exited = true;
        resolve();
      }),
    );
    while (!exited && inventoryKeys(emulator).length < threshold) await sleep(20);
    if (!exited) await sleep(delayMs);
    const killed = !exited;
    if (killed) {
      if (group) killGroup(up.pid as number);
      else process.kill(up.pid as number, "SIGKILL");
    }
    await done;
    running = undefined;
    // The language host, the program and the provider host or plugin notice their engine is gone and exit.
    const left = await survivors(journalDir, 10_000);
    killOrphans(journalDir);
    const backend = String(ps.stack.workspace.envVars.PULUMI_BACKEND_URL).replace(/^file:\/\//, "");
    return { killed, hostsLeft: left.length, torn: removeTornSidecars(backend) };
  }

  test(`${KILLS} kills, ${KILLS_PER_ROUND} a round, each round then the documented recovery: 0 orphans, 0 duplicates, no host left`, async () => {
    const started = Date.now();
    const random = seededRandom(SEED + (mode === "plugin" ? 1000 : 0));
    const sum: Tally = { kills: 0, orphans: 0, duplicates: 0, lost: 0, hostsLeft: 0, ups: 0, tornSidecars: 0 };
    // Bounded: twice the rounds the kills need, should points keep falling after their run finished.
    for (let round = 0; sum.kills < KILLS && round < 2 * ROUNDS; round++) {
      emulator.setFaults(FAULTS);
      for (let k = 0; k < KILLS_PER_ROUND && sum.kills < KILLS; k++) {
        const { killed, hostsLeft, torn } = await killedUp(random);
        sum.hostsLeft += hostsLeft;
        sum.tornSidecars += torn;
        // The run finished before the point: nothing left to create in this round.
        if (!killed) break;
        sum.kills += 1;
        // A kill leaves the stack locked (unless it came before the engine took the lock: the next `up` says so).
        await ps.stack.cancel().catch(() => {});
      }
      // The README's recovery: `pulumi up` until it succeeds (faults may fail a create: run it again).
      let ok = false;
      for (let attempt = 0; attempt < 5 && !ok; attempt++) {
        sum.ups += 1;
        ok = await ps.stack.up(quiet).then(
          (r) => r.summary.result === "succeeded",
          () => false,
        );
      }
      expect(ok).toBe(true);
      await ps.stack.refresh({ ...quiet, clearPendingCreates: true });
      const { resources, pending } = await exportState(ps.stack);
      const inState = stateKeys(resources);
      const made = inventoryKeys(emulator).filter((k) => !setup.includes(k));
      const orphans = made.filter((k) => !inState.includes(k));
      const lost = inState.filter((k) => !made.includes(k));
      const natural = naturalKeys(emulator);
      const duplicates = natural.length - new Set(natural).size;
      Object.assign(sum, {
        orphans: sum.orphans + orphans.length,
        duplicates: sum.duplicates + duplicates,
        lost: sum.lost + lost.length,
      });
      expect({ round, objects: inState.length, orphans, duplicates, lost, pending }).toEqual({
        round,
        objects: OBJECTS,
        orphans: [],
        duplicates: 0,
        lost: [],
        pending: [],
      });
      // The next round starts from nothing (no faults for the cleanup).
      emulator.setFaults(NO_FAULTS);
      await ps.stack.destroy(quiet);
      expect(inventoryKeys(emulator)).toEqual(setup);
    }
    expect(sum.hostsLeft).toBe(0);
    // The seeded points fall inside the creates (a run that finished before its point is not a kill).
    expect(sum.kills).toBe(KILLS);
    totals[mode] = { ...sum, seconds: Math.round((Date.now() - started) / 1000) };
  });
});

afterAll(() => {
  if (process.env.FUTROU_TEST_REPORT) console.log(`kill -9 recovery: ${JSON.stringify(totals)}`);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}
