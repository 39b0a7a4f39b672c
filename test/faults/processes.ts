/**
 * The processes an engine run started (language host, program, dynamic-provider host, plugin), found by the
 * test's own journal directory in their environment: every one of them inherits FUTROU_JOURNAL_DIR.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ENV_JOURNAL_DIR } from "../../provider/journal";
import type { ProgramStack } from "../e2e/engine";

/** Pids of the live processes whose environment holds this journal directory (this process excluded). */
export function processesOf(journalDir: string): number[] {
  const marker = `${ENV_JOURNAL_DIR}=${journalDir}\0`;
  return readdirSync("/proc").flatMap((entry) => {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || pid === process.pid) return [];
    try {
      const state = readFileSync(`/proc/${pid}/stat`, "latin1");
      // A zombie has exited; only its parent's wait is missing.
      if (state.slice(state.lastIndexOf(")") + 2).startsWith("Z")) return [];
      return readFileSync(`/proc/${pid}/environ`, "latin1").includes(marker) ? [pid] : [];
    } catch {
      return []; // gone, or not ours to read
    }
  });
}

/** Waits up to `ms` for those processes to exit by themselves; returns the ones still running. */
export async function survivors(journalDir: string, ms: number): Promise<number[]> {
  const deadline = Date.now() + ms;
  for (;;) {
    const alive = processesOf(journalDir);
    if (alive.length === 0 || Date.now() > deadline) return alive;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** SIGKILL to every process of this journal directory (a test's cleanup). */
export function killOrphans(journalDir: string): void {
  for (const pid of processesOf(journalDir)) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}

/** `pulumi up` of a test's stack as a user's terminal runs it, in a process group of its own (to kill). */
export function spawnUp(ps: ProgramStack): { up: ChildProcess; exited: Promise<unknown> } {
  const up = spawn("pulumi", ["up", "--yes", "--skip-preview", "--non-interactive", "--stack", ps.stack.name], {
    cwd: ps.dir,
    env: { ...process.env, ...ps.stack.workspace.envVars },
    detached: true,
    stdio: "ignore",
  });
  return { up, exited: new Promise((resolve) => up.on("exit", resolve)) };
}

/** SIGKILL to a process group (a spawned `pulumi up` and what it started in its group). */
export function killGroup(pid: number): void {
  try {
    process.kill(-pid, "SIGKILL");
  } catch {
    // already gone
  }
}

/** Whether a journal file under `dir` (provider/journal.ts: one JSON entry per create) names the object `id`. */
export function journalHolds(dir: string, id: string): boolean {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).some((f) => {
    try {
      return readFileSync(join(dir, f), "utf8").includes(JSON.stringify(id));
    } catch {
      return false; // a folder, or a file replaced while read
    }
  });
}

/** Waits (polling every 25 ms, up to `ms`) until `ok()`; fails naming `what`. */
export async function until(what: string, ok: () => boolean, ms = 120_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
