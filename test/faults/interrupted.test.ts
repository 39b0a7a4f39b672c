/**
 * `pulumi up` killed with SIGKILL at exact points of its creates, then run again, with the real engine:
 * before a POST reached the API, after the API committed but before the answer came back, and during a
 * serverlet's readiness wait; the engine alone (its provider host lives on, orphaned) or its whole process
 * group. The rerun must adopt exactly what the killed run created: afterwards the state and the API agree,
 * nothing is duplicated or lost, and an identical record that existed before is never taken.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { z } from "zod";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { type ProgramStack, programStack } from "../e2e/engine";
import { type HoldingProxy, type HoldRule, startHoldingProxy } from "./holding-proxy";
import { journalHolds, killGroup, killOrphans, spawnUp, until } from "./processes";
import { exportState, inventoryKeys, stateKeys } from "./state";

jest.setTimeout(600_000);

interface KillPoint {
  name: string;
  /** Hold this request and kill when it is held; or kill once a serverlet is deploying. */
  at: HoldRule | "readiness";
  /** `engine`: SIGKILL to `pulumi` only (its plugins live on); `group`: to its whole process group. */
  kill: "engine" | "group";
}

const POINTS: KillPoint[] = [
  {
    name: "record POST not yet at the API",
    at: { method: "POST", path: /\/records$/, phase: "before" },
    kill: "engine",
  },
  {
    name: "record POST committed, answer lost",
    at: { method: "POST", path: /\/records$/, phase: "after" },
    kill: "engine",
  },
  {
    name: "project POST committed, answer lost",
    at: { method: "POST", path: /\/projects$/, phase: "after" },
    kill: "group",
  },
  {
    name: "variable POST committed, answer lost",
    at: { method: "POST", path: /\/variables$/, phase: "after" },
    kill: "group",
  },
  { name: "serverlet readiness wait (engine only)", at: "readiness", kill: "engine" },
  { name: "serverlet readiness wait (process group)", at: "readiness", kill: "group" },
];

const Created = z.looseObject({ id: z.string() });
const quiet = { onOutput: () => {} };
const totals = { points: 0, duplicated: 0, lost: 0, wronglyAdopted: 0 };

describe.each(POINTS)("pulumi up killed: $name, kill $kill", (point) => {
  let emulator: RunningEmulator;
  let proxy: HoldingProxy;
  let ps: ProgramStack;
  let journalDir: string;
  let setup: string[];
  let tempter: string;
  let up: ChildProcess | undefined;

  beforeAll(async () => {
    emulator = await startEmulator({ deployDelayMs: point.at === "readiness" ? 6000 : 300, quiet: true, seed: 5 });
    proxy = await startHoldingProxy(emulator.url);
    journalDir = mkdtempSync(join(tmpdir(), "futrou-journal-"));
    const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const zone = await api.create("/dns", { domain: "kill.example.com", workspaceId: emulator.workspaceId }, Created);
    const record = { name: "www", type: "A", value: "192.0.2.7", ttl: 300, priority: 0 };
    tempter = String((await api.create(`/dns/${zone.id}/records`, record, Created)).id);
    setup = inventoryKeys(emulator);
    ps = await programStack({
      program: "test/faults/programs/interrupted",
      env: { FUTROU_API_URL: proxy.url, FUTROU_JOURNAL_DIR: journalDir },
      config: {
        "futrou:apiToken": { value: emulator.token, secret: true },
        "futrou:pollIntervalMs": { value: "100" },
        zoneId: { value: String(zone.id) },
      },
    });
  });
  afterAll(async () => {
    if (up?.pid) killGroup(up.pid);
    killOrphans(journalDir);
    proxy?.release();
    await ps?.dispose();
    await proxy?.close();
    await emulator?.close();
    rmSync(journalDir, { recursive: true, force: true });
  });

  it("the rerun adopts what the killed run created: nothing duplicated, lost or wrongly adopted", async () => {
    const held = point.at === "readiness" ? undefined : proxy.hold(point.at);
    const run = spawnUp(ps);
    up = run.up;
    const exited = run.exited;
    if (held) await held;
    else {
      await until("a deploying serverlet", () => emulator.inventory().serverlet.some((s) => s.name === "kill-app"));
      // Killed in the readiness wait: once the POST's answer reached the provider, its journal entry has the id.
      const id = String(emulator.inventory().serverlet.find((s) => s.name === "kill-app")?.id);
      await until("the journal entry with the serverlet's id", () => journalHolds(journalDir, id));
    }
    const pid = up.pid as number;
    if (point.kill === "engine") process.kill(pid, "SIGKILL");
    else killGroup(pid);
    await exited;
    // The held request ends as a lost answer; an orphaned provider host may still finish its create.
    proxy.release();
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // The engine starts its plugins in process groups of their own: they outlive even a group kill.
    killOrphans(journalDir);

    const killed = await exportState(ps.stack);
    // The killed engine left its lock: `pulumi cancel`, then `pulumi up`, as docs/interrupted-runs.md says.
    await ps.stack.cancel();
    const result = await ps.stack.up(quiet);
    expect(result.summary.result).toBe("succeeded");

    const { resources, pending } = await exportState(ps.stack);
    const inState = stateKeys(resources);
    const made = inventoryKeys(emulator).filter((k) => !setup.includes(k));
    const duplicated = made.length - new Set(made).size + Math.max(0, made.length - inState.length);
    const lost = inState.filter((k) => !made.includes(k)).length + Math.max(0, 4 - inState.length);
    const wronglyAdopted = inState.filter((k) => k.endsWith(`/${tempter}`)).length;
    Object.assign(totals, {
      points: totals.points + 1,
      duplicated: totals.duplicated + duplicated,
      lost: totals.lost + lost,
      wronglyAdopted: totals.wronglyAdopted + wronglyAdopted,
    });
    if (process.env.FUTROU_TEST_REPORT) {
      console.log(
        `${point.name} (kill ${point.kill}): ${killed.pending.length} pending op(s) after the kill, ` +
          `${pending.length} after the rerun; duplicated ${duplicated}, lost ${lost}, wrongly adopted ${wronglyAdopted}`,
      );
    }
    expect(made).toEqual(inState);
    expect({ duplicated, lost, wronglyAdopted }).toEqual({ duplicated: 0, lost: 0, wronglyAdopted: 0 });
    // The record the program asked for is there, and the look-alike that existed before is untouched.
    expect(emulator.inventory().dnsRecord.map((r) => String(r.id))).toContain(tempter);
    // The engine keeps the killed run's pending creates until told: once the rerun has recorded the objects,
    // `pulumi refresh --clear-pending-creates` drops the notices and changes nothing else.
    await ps.stack.refresh({ ...quiet, clearPendingCreates: true });
    const cleared = await exportState(ps.stack);
    expect({ pending: cleared.pending, state: stateKeys(cleared.resources) }).toEqual({ pending: [], state: inState });
  });
});

afterAll(() => {
  if (process.env.FUTROU_TEST_REPORT) console.log(`kill -9 points: ${JSON.stringify(totals)}`);
});
