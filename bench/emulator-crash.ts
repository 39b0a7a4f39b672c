/**
 * Emulator crash soak: does a 201 from an emulator with `--data` survive `kill -9`?
 *
 * A child emulator runs with a data file; clients fire creates concurrently and remember every
 * acknowledged (201) id; at a random moment the child gets SIGKILL; it is restarted on the same file and
 * every acknowledged id must be there. Repeats until both the kill points and the acknowledged creates
 * reach their minimums, or the time is up. Compaction runs often (small `--compact-after-bytes`), so
 * kills also land during snapshot writes.
 *
 *   npx tsc -p tsconfig.json && node dist/bench/emulator-crash.js [--kills 12] [--min-acked 2000]
 *     [--max-seconds 300] [--concurrency 16] [--seed 1]
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { seededRandom } from "../emulator/faults";

export interface ChildEmulator {
  url: string;
  root: string;
  token: string;
  child: ChildProcess;
  exited: Promise<number | string | null>;
}

/**
 * Starts `command` (an emulator CLI) with a data file; resolves once it printed its URL and token.
 * `fileSizeLimitKiB` runs it under `ulimit -f` so writes past that size fail (EFBIG), like a full disk.
 */
export async function spawnEmulator(
  command: readonly string[],
  dataFile: string,
  opts: { extraArgs?: string[]; fileSizeLimitKiB?: number } = {},
): Promise<ChildEmulator> {
  const args = [...command, "--port", "0", "--data", dataFile, "--rate-limit", "1000000", ...(opts.extraArgs ?? [])];
  const [file, ...rest] =
    opts.fileSizeLimitKiB === undefined
      ? args
      : ["bash", "-c", `ulimit -f ${opts.fileSizeLimitKiB}; exec "$@"`, "emulator", ...args];
  const child = spawn(file ?? "node", rest, { stdio: ["ignore", "pipe", "pipe"] });
  const exited = new Promise<number | string | null>((resolve) =>
    child.once("exit", (code, signal) => resolve(signal ?? code)),
  );
  let out = "";
  let err = "";
  child.stderr?.on("data", (chunk: Buffer) => {
    err += chunk.toString();
  });
  return await new Promise<ChildEmulator>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`emulator did not start in 30 s: ${err}`));
    }, 30_000);
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      const url = /listening on (\S+)/.exec(out)?.[1];
      const token = /FUTROU_API_TOKEN=(\S+)/.exec(out)?.[1];
      if (url && token) {
        clearTimeout(timer);
        resolve({ url, root: url.replace(/\/v2$/, ""), token, child, exited });
      }
    });
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`emulator exited (${how}) before it was ready: ${err}`));
    });
  });
}

export interface SoakOptions {
  /** The emulator CLI, e.g. `[process.execPath, "dist/emulator/cli.js"]`. */
  command: readonly string[];
  killPoints: number;
  minAcked: number;
  maxSeconds: number;
  concurrency: number;
  seed: number;
  /** How long after the creates start the kill comes, drawn uniformly from this range. */
  killAfterMs: [number, number];
  compactAfterBytes: number;
  log: (line: string) => void;
}

export interface SoakResult {
  killPoints: number;
  acked: number;
  /** Acknowledged creates missing after a restart: must be 0. */
  lost: number;
  /** Objects present after restart whose create was cut by the kill before it was answered (fine either way). */
  unacknowledgedPresent: number;
  seconds: number;
}

export const SOAK_DEFAULTS: Omit<SoakOptions, "command" | "log"> = {
  killPoints: 12,
  minAcked: 2000,
  maxSeconds: 300,
  concurrency: 16,
  seed: 1,
  killAfterMs: [100, 1500],
  compactAfterBytes: 64 * 1024,
};

export async function runCrashSoak(o: SoakOptions): Promise<SoakResult> {
  const started = Date.now();
  const deadline = started + o.maxSeconds * 1000;
  const random = seededRandom(o.seed);
  const dir = mkdtempSync(join(tmpdir(), "futrou-crash-"));
  const dataFile = join(dir, "state.json");
  const extraArgs = ["--compact-after-bytes", String(o.compactAfterBytes), "--quiet"];
  const acked = new Set<string>();
  const lost = new Set<string>();
  let kills = 0;
  let unacknowledgedPresent = 0;
  let emu = await spawnEmulator(o.command, dataFile, { extraArgs });
  try {
    // One workspace with room for every create (the default quota is 1000 projects).
    const ws = await json("POST", `${emu.root}/_emulator/workspaces`, {
      name: "crash-soak",
      limits: { projectsLimit: 1_000_000 },
    });
    const workspaceId = String(ws.workspaceId);
    const token = String(ws.token);

    for (let round = 0; ; round++) {
      if ((kills >= o.killPoints && acked.size >= o.minAcked) || Date.now() > deadline) break;
      let stop = false;
      let ackedThisRound = 0;
      const worker = async (w: number) => {
        for (let i = 0; !stop; i++) {
          try {
            const res = await fetch(`${emu.url}/projects`, {
              method: "POST",
              headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
              body: JSON.stringify({ name: `r${round}-w${w}-${i}`, workspaceId }),
            });
            const body = (await res.json()) as { id?: string };
            if (res.status === 201 && body.id) {
              acked.add(body.id);
              ackedThisRound++;
            } else if (res.status !== 429) throw new Error(`create answered ${res.status}: ${JSON.stringify(body)}`);
          } catch (error) {
            if (stop) return; // the kill cut this request: not acknowledged
            throw error;
          }
        }
      };
      // A worker that fails stops the round, so the others do not run on forever.
      const workers = Array.from({ length: o.concurrency }, (_, w) =>
        worker(w).catch((error: unknown) => {
          stop = true;
          throw error;
        }),
      );
      const [low, high] = o.killAfterMs;
      const killAfter = Math.round(low + random() * (high - low));
      await Promise.race([new Promise((r) => setTimeout(r, killAfter)), Promise.all(workers).catch(() => {})]);
      stop = true;
      emu.child.kill("SIGKILL");
      await emu.exited;
      kills++;
      const failures = (await Promise.allSettled(workers)).filter((r) => r.status === "rejected");
      if (failures.length > 0) throw (failures[0] as PromiseRejectedResult).reason;

      emu = await spawnEmulator(o.command, dataFile, { extraArgs });
      const present = await projectIds(emu, workspaceId);
      for (const id of acked) if (!present.has(id)) lost.add(id);
      unacknowledgedPresent = [...present].filter((id) => !acked.has(id)).length;
      o.log(
        `kill ${kills} after ${killAfter} ms: ${ackedThisRound} acknowledged this round, ${acked.size} in all, ` +
          `${present.size} present after restart, ${lost.size} lost`,
      );
    }
  } finally {
    emu.child.kill("SIGTERM");
    await emu.exited;
    rmSync(dir, { recursive: true, force: true });
  }
  return {
    killPoints: kills,
    acked: acked.size,
    lost: lost.size,
    unacknowledgedPresent,
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}

async function projectIds(emu: ChildEmulator, workspaceId: string): Promise<Set<string>> {
  const inventory = await json("GET", `${emu.root}/_emulator/inventory?workspaceId=${workspaceId}`);
  return new Set((inventory.project as Array<{ id: string }>).map((p) => p.id));
}

/** An admin call that must succeed. */
async function json(method: string, url: string, body?: unknown): Promise<Record<string, unknown>> {
  const res = await fetch(url, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      kills: { type: "string" },
      "min-acked": { type: "string" },
      "max-seconds": { type: "string" },
      concurrency: { type: "string" },
      seed: { type: "string" },
    },
  });
  const num = (raw: string | undefined, fallback: number) => (raw === undefined ? fallback : Number(raw));
  const result = await runCrashSoak({
    ...SOAK_DEFAULTS,
    command: [process.execPath, join(__dirname, "..", "emulator", "cli.js")],
    killPoints: num(values.kills, SOAK_DEFAULTS.killPoints),
    minAcked: num(values["min-acked"], SOAK_DEFAULTS.minAcked),
    maxSeconds: num(values["max-seconds"], SOAK_DEFAULTS.maxSeconds),
    concurrency: num(values.concurrency, SOAK_DEFAULTS.concurrency),
    seed: num(values.seed, SOAK_DEFAULTS.seed),
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`${JSON.stringify(result)}\n`);
  if (result.lost > 0) process.exitCode = 1;
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`emulator-crash: ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(2);
  });
}
