/**
 * The adoption's fast path (docs/moving-from-futrou-cli.md, "Big projects"): when the converted program's
 * preview shows only imports, its first `pulumi up` may run with `PULUMI_SKIP_CHECKPOINTS=true`, the engine
 * writing the state once at the end instead of after every step. That is safe because such an up writes
 * nothing to Futrou: killed half-way (SIGKILL to the engine and its plugins, the state never written), it is
 * simply run again, and the stack ends exactly as the checkpointed up leaves it.
 */
import type { ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { cliProject } from "../../bench/convert";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, programStack, repoRoot, writes } from "../e2e/engine";
import { type HoldingProxy, startHoldingProxy } from "../faults/holding-proxy";
import { killGroup, killOrphans, spawnUp } from "../faults/processes";
import { exportState, inventoryKeys, stateKeys } from "../faults/state";
import { requireBuilt } from "../languages/lifecycle";
import { convertWithPulumi, scratch } from "./helpers";

jest.setTimeout(600_000);

const RECORDS = 40;
const quiet = { onOutput: () => {} };

let emu: RunningEmulator;
let proxy: HoldingProxy;
let ps: ProgramStack;
let tmp: { dir: string; remove: () => void };
let journalDir: string;
let up: ChildProcess | undefined;

beforeAll(async () => {
  requireBuilt();
  emu = await startEmulator({ generation: "2026-08-30", deployDelayMs: 0, quiet: true });
  proxy = await startHoldingProxy(emu.url);
  tmp = scratch("fast-adoption");
  // Only to find the processes the engine starts (test/faults/processes.ts): nothing here creates.
  journalDir = mkdtempSync(join(tmpdir(), "futrou-journal-"));
  const file = await cliProject(emu, RECORDS);
  const converted = await convertWithPulumi(emu, file, "yaml", tmp.dir);
  ps = await programStack({
    program: relative(repoRoot, converted.out),
    plugin: true,
    stackName: "fast",
    env: {
      FUTROU_API_URL: proxy.url,
      FUTROU_API_TOKEN: emu.token,
      FUTROU_JOURNAL_DIR: journalDir,
      PULUMI_SKIP_CHECKPOINTS: "true",
    },
  });
});

afterAll(async () => {
  if (up?.pid) killGroup(up.pid);
  if (journalDir) killOrphans(journalDir);
  proxy?.release();
  await proxy?.close();
  await emu?.close();
  // The objects belong to the emulator, which is gone: drop the stack's folders without a destroy.
  tmp?.remove();
  if (ps) rmSync(join(ps.dir, ".."), { recursive: true, force: true });
  if (journalDir) rmSync(journalDir, { recursive: true, force: true });
});

test("an import-only first up with checkpoints skipped, killed half-way and run again, adopts everything and writes nothing", async () => {
  const deployed = inventoryKeys(emu);
  const objects = deployed.length;
  expect(objects).toBe(RECORDS + 6);
  emu.resetStats();

  // The precondition the guide names: the preview imports every object and does nothing else.
  const preview = await ps.stack.preview(quiet);
  expect(preview.changeSummary).toEqual({ import: objects, create: 1 }); // the stack itself

  // Killed while the plugin waits for the zone's record listing: some objects are imported in the engine's
  // memory, none on disk.
  const held = proxy.hold({ method: "GET", path: /\/records(\?|$)/, phase: "after" });
  const run = spawnUp(ps);
  up = run.up;
  const exited = run.exited;
  await held;
  killGroup(up.pid as number);
  await exited;
  proxy.release();
  // The engine starts its plugins in process groups of their own: they outlive the group kill.
  killOrphans(journalDir);
  // Nothing on disk: with checkpoints, the objects imported before the kill (the project, the zone) would be.
  expect(stateKeys((await exportState(ps.stack)).resources)).toEqual([]);

  // Run again, as the guide says: `pulumi cancel` (the killed engine's lock), then the same up.
  await ps.stack.cancel();
  const again = await ps.stack.up(quiet);
  expect(again.summary.resourceChanges).toEqual({ import: objects, create: 1 });
  expect(stateKeys((await exportState(ps.stack)).resources)).toEqual(deployed);
  const after = await ps.stack.preview(quiet);
  expect(after.changeSummary).toEqual({ same: objects + 1 });

  // Neither run, nor the previews, wrote to Futrou; the API holds what it held.
  expect(writes(emu.stats())).toBe(0);
  expect(inventoryKeys(emu)).toEqual(deployed);
});
