/**
 * `make bench-startup`: the provider plugin's start-up, from process start to the port printed (what the
 * engine waits for before each operation's first call), for the two ways it runs:
 *
 *   launcher   dist/plugin/pulumi-resource-futrou: the sh launcher finding a Node.js, then plugin.js
 *   binary     dist/bin/<os>-<arch>/pulumi-resource-futrou (`make binary`): one executable, no Node.js needed
 *
 * Runs alternate between the two (so a busy machine weighs on both alike); the median, p90 and fastest of
 * BENCH_STARTUP_RUNS (default 15) are printed and written to bench/out/startup.json.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { binaryPath, hostTarget } from "../scripts/build-binary";
import { LAUNCHER, PLUGIN_DIR } from "../scripts/build-plugin";
import { repoRoot } from "../scripts/program-dir";

const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 15);

/** Milliseconds from spawning `command` to the first line on its stdout (the port). */
function startup(command: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = process.hrtime.bigint();
    const child = spawn(command, ["127.0.0.1:1"], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => {
      stderr += d;
    });
    child.stdout.once("data", (d: Buffer) => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      child.kill();
      if (/^\d+\s*$/.test(String(d))) resolve(ms);
      else reject(new Error(`${command} printed ${String(d).trim()} instead of a port`));
    });
    child.on("exit", (code) => reject(new Error(`${command} exited (${code}) before a port: ${stderr.trim()}`)));
  });
}

const quantile = (sorted: number[], q: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number;

async function main(): Promise<void> {
  const target = hostTarget();
  const ways = {
    launcher: join(PLUGIN_DIR, LAUNCHER),
    binary: target ? binaryPath(target) : "",
  };
  for (const [way, path] of Object.entries(ways)) {
    if (!path || !existsSync(path)) throw new Error(`${way}: ${path || "no target"} is missing (make build binary)`);
  }
  const samples: Record<string, number[]> = { launcher: [], binary: [] };
  // One unmeasured start each: the first reads the files from disk.
  for (const path of Object.values(ways)) await startup(path);
  for (let i = 0; i < RUNS; i++) {
    for (const [way, path] of Object.entries(ways)) samples[way]?.push(await startup(path));
  }
  const load = loadavg()[0] ?? 0;
  const summary = Object.fromEntries(
    Object.entries(samples).map(([way, ms]) => {
      const sorted = [...ms].sort((a, b) => a - b);
      return [way, { median: quantile(sorted, 0.5), p90: quantile(sorted, 0.9), fastest: sorted[0] as number }];
    }),
  );
  console.log(`plugin start-up, process start to port (ms), ${RUNS} runs each, load ${load.toFixed(2)}:`);
  for (const [way, s] of Object.entries(summary)) {
    console.log(
      `  ${way.padEnd(9)} median ${s.median.toFixed(0)}  p90 ${s.p90.toFixed(0)}  fastest ${s.fastest.toFixed(0)}`,
    );
  }
  const out = join(repoRoot, "bench", "out");
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, "startup.json"), `${JSON.stringify({ runs: RUNS, load, summary, samples }, null, 2)}\n`);
}

main().catch((error: unknown) => {
  console.error(`bench-startup: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
