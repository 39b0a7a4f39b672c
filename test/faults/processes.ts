/**
 * The processes an engine run started (language host, program, dynamic-provider host, plugin), found by the
 * test's own journal directory in their environment: every one of them inherits FUTROU_JOURNAL_DIR.
 */
import { readdirSync, readFileSync } from "node:fs";
import { ENV_JOURNAL_DIR } from "../../provider/journal";

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
