/**
 * `make bench-check`: before a change to the provider's hot paths is done, the bench's ratios now beside the
 * last recorded ones (bench/RESULTS.md), each flagged when it grew by more than its noise band
 * (bench/noise-band.json). Runs the mix on the dynamic providers, the same mix on the plugin, and the flat
 * and wide do-nothing baselines (bench/run.ts) through create, a no-change up, refresh and destroy. Not a
 * pass/fail test: its table goes in the closing note of the change.
 *
 *   make bench-check                          # N = 100, one round (about 3 minutes on 2 cores)
 *   BENCH_CHECK_SIZES=1000 make bench-check   # N = 1000 (about 15 minutes)
 *   BENCH_CHECK_REPEAT=3 make bench-check     # median of 3 rounds
 *   BENCH_CHECK_RECORD=1 ...                  # also record the ratios in RESULTS.md (section bench-check)
 *   BENCH_CHECK_NOISE=write BENCH_CHECK_REPEAT=3 ...   # measure the noise bands: bench/noise-band.json
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../emulator";
import { repoRoot } from "../scripts/program-dir";
import {
  compare,
  type Measured,
  type NoiseBands,
  RATIOS,
  ratiosOf,
  recordedByBench,
  recordedByCheck,
  render,
  spread,
} from "./check-ratios";
import { isFutrou } from "./mix-config";
import { combine, DEPLOY_DELAY_MS, OPERATIONS, type Program, type Run, runProgram } from "./run";
import { RESULTS_FILE, writeSection } from "./sections";
import { benchedCommit, median } from "./stats";

/** Read when the bench starts: a long run outlives later commits. */
const BENCHED_COMMIT = benchedCommit();

const SIZES = (process.env.BENCH_CHECK_SIZES ?? "100").split(",").map(Number);
const REPEAT = Number(process.env.BENCH_CHECK_REPEAT ?? 1);
const PROGRAMS: Program[] = ["mix", "plugin", "baseline", "wide"];
export const NOISE_FILE = join(repoRoot, "bench", "noise-band.json");

function measured(runs: Run[], n: number): Measured {
  const m: Measured = { n, seconds: {}, rss: {}, stateBytes: {} };
  for (const run of runs.filter((r) => r.n === n)) {
    m.seconds[run.program] = Object.fromEntries(OPERATIONS.map((op) => [op, run.ops[op].seconds]));
    m.rss[run.program] = Object.fromEntries(OPERATIONS.map((op) => [op, run.ops[op].peakRssMb]));
    m.stateBytes[run.program] = run.stateBytes / Math.max(1, run.resources);
  }
  return m;
}

async function main(): Promise<void> {
  const rounds: Run[][] = [];
  const loads: number[] = [];
  for (let i = 1; i <= REPEAT; i++) {
    const round: Run[] = [];
    for (const n of SIZES) {
      for (const program of PROGRAMS) {
        process.stdout.write(`bench-check: N=${n} ${program}, round ${i}/${REPEAT}…\n`);
        loads.push(loadavg()[0] ?? 0);
        const emulator: RunningEmulator | undefined = isFutrou(program)
          ? await startEmulator({ deployDelayMs: DEPLOY_DELAY_MS, quiet: true })
          : undefined;
        try {
          round.push(await runProgram(program, n, emulator));
        } finally {
          await emulator?.close();
        }
      }
    }
    rounds.push(round);
  }
  const combined = PROGRAMS.flatMap((p) =>
    SIZES.map((n) => combine(rounds.map((round) => round.find((r) => r.n === n && r.program === p) as Run))),
  );
  const results = readFileSync(RESULTS_FILE, "utf8");
  const records = [recordedByBench(results), recordedByCheck(results)].filter((r) => r !== undefined);
  const noise: NoiseBands | undefined = existsSync(NOISE_FILE)
    ? JSON.parse(readFileSync(NOISE_FILE, "utf8"))
    : undefined;
  const at = `${BENCHED_COMMIT}, load average (1 min) ${median(loads).toFixed(2)} (${Math.min(...loads).toFixed(2)}–${Math.max(...loads).toFixed(2)})`;
  const out: string[] = [];
  for (const n of SIZES) {
    const now = ratiosOf(measured(combined, n));
    out.push(render(compare(now, n, records, noise), n), "");
    if (REPEAT > 1) {
      out.push(`Per round (N = ${n}):`, "");
      for (const def of RATIOS) {
        const runs = rounds.map((round) => ratiosOf(measured(round, n)).get(def.key) ?? Number.NaN);
        out.push(`- ${def.key}: ${runs.map((x) => x.toFixed(def.kind === "bytes" ? 0 : 3)).join(", ")}`);
      }
      out.push("");
    }
  }
  out.push(
    `Median of ${REPEAT} round${REPEAT > 1 ? "s" : ""} at ${at}. Noise bands: ${noise ? `bench/noise-band.json (${noise.measured})` : "none recorded"}.`,
  );
  process.stdout.write(`\n${out.join("\n")}\n`);

  if (process.env.BENCH_CHECK_RECORD) {
    const lines = [
      "## make bench-check's record (bench/check.ts)",
      "",
      `Recorded ${new Date().toISOString()} at ${at}; median of ${REPEAT} rounds. Compared with by \`make bench-check\` at an N that \`make bench\`'s report above does not have.`,
      "",
      "| N | ratio | value |",
      "|---|---|---|",
    ];
    for (const n of SIZES) {
      for (const [key, value] of ratiosOf(measured(combined, n)))
        lines.push(`| ${n} | ${key} | ${value.toFixed(key.startsWith("state bytes") ? 0 : 3)} |`);
    }
    writeSection("bench-check", lines.join("\n"));
  }
  if (process.env.BENCH_CHECK_NOISE === "write") {
    if (REPEAT < 3) throw new Error("BENCH_CHECK_NOISE=write needs BENCH_CHECK_REPEAT=3 or more");
    const n = SIZES[0] as number;
    const bands: NoiseBands["bands"] = {};
    for (const def of RATIOS.filter((d) => d.kind === "ratio")) {
      const runs = rounds.map((round) => ratiosOf(measured(round, n)).get(def.key) ?? Number.NaN);
      bands[def.key] = { band: Number(spread(runs).toFixed(3)), runs: runs.map((x) => Number(x.toFixed(3))) };
    }
    const noiseBands: NoiseBands = { measured: `${new Date().toISOString()} at ${at}, N = ${n}`, n, bands };
    writeFileSync(NOISE_FILE, `${JSON.stringify(noiseBands, null, 2)}\n`);
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`bench-check failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
