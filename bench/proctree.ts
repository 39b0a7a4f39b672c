/**
 * Peak resident memory of a process tree while an async operation runs: every 50 ms it sums VmRSS over
 * all descendants of `root` (not `root` itself), read from /proc. Linux only.
 */
import { readdirSync, readFileSync } from "node:fs";

function parentsByPid(): Map<number, number> {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // Field 4 of /proc/<pid>/stat is the parent pid; the command name (field 2) may contain spaces.
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(entry), ppid);
    } catch {
      // the process ended while we looked
    }
  }
  return parents;
}

function rssKb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) : 0;
  } catch {
    return 0;
  }
}

export function treeRssKb(root: number): number {
  const parents = parentsByPid();
  const inTree = new Set<number>([root]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, ppid] of parents) {
      if (!inTree.has(pid) && inTree.has(ppid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  inTree.delete(root);
  let total = 0;
  for (const pid of inTree) total += rssKb(pid);
  return total;
}

export async function peakTreeRss<T>(root: number, op: () => Promise<T>): Promise<{ result: T; peakKb: number }> {
  let peakKb = 0;
  const sample = () => {
    peakKb = Math.max(peakKb, treeRssKb(root));
  };
  const timer = setInterval(sample, 50);
  try {
    const result = await op();
    return { result, peakKb };
  } finally {
    clearInterval(timer);
  }
}
