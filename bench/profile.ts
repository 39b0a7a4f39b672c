/**
 * Where the time of one operation goes, with the V8 CPU profiler in every Node.js process the engine
 * starts (the program under the language host and the dynamic-provider host). It creates a stack of the
 * bench mix (bench/programs/mix) against the embedded emulator, then runs the chosen operation with
 * `NODE_OPTIONS=--cpu-prof`, and prints the CPU seconds of every process of the engine's tree (the Go
 * engine included) and each Node.js process's busiest functions and packages (self time).
 * The raw profiles stay in the output directory for Chrome DevTools or speedscope.
 *
 *   node dist/bench/profile.js                       # N=300, a no-change up
 *   PROFILE_N=1000 PROFILE_OP=refresh node dist/bench/profile.js
 *   PROFILE_N=1000 PROFILE_OP=create node dist/bench/profile.js   # the first up (runs once, like destroy)
 *   PROFILE_PROGRAM=baseline node dist/bench/profile.js   # the do-nothing baseline, same N
 *   PROFILE_V8=0 node dist/bench/profile.js               # CPU seconds per process only
 *   PROFILE_PROGRAM=both PROFILE_REPEAT=3 PROFILE_V8=0 node dist/bench/profile.js   # A/B, alternating
 *   PROFILE_PROGRAM=modes PROFILE_V8=0 node dist/bench/profile.js   # the mix on dynamic providers vs the plugin
 *   PROFILE_PROGRAM=floors PROFILE_OP=refresh PROFILE_V8=0 node dist/bench/profile.js   # mix, flat and wide baselines
 */
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../emulator";
import { programDir, repoRoot } from "../scripts/program-dir";
import { type BenchProgram, benchConfig, isFutrou } from "./mix-config";
import { median } from "./stats";

const N = Number(process.env.PROFILE_N ?? 300);
const OP = process.env.PROFILE_OP ?? "no-change up";
/** mix, plugin (the mix on the provider plugin, futrou:mode), generated (on the generated SDK), baseline, wide (the baseline with the mix's properties), both (mix and baseline), floors (mix, baseline, wide) or modes (mix, plugin): alternating, for ratios measured in the same conditions. */
const PROGRAM = process.env.PROFILE_PROGRAM ?? "mix";
/** Runs of the operation per program (each after a warm-up no-change up; destroy runs once). */
const REPEAT = Number(process.env.PROFILE_REPEAT ?? 1);
/** A destroy or a create can run only once on a stack. */
const ONCE = OP === "destroy" || OP === "create";
const OUT = process.env.PROFILE_OUT ?? join(repoRoot, "bench", "out", "profiles");
const TOP = Number(process.env.PROFILE_TOP ?? 25);
const DEPTH = Number(process.env.PROFILE_DEPTH ?? 4);
/** PROFILE_V8=0: only the CPU seconds per process, without the V8 profiler's own overhead. */
const V8 = process.env.PROFILE_V8 !== "0";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** What a script URL belongs to: a package under node_modules, our own code, or Node.js itself. */
function owner(url: string): string {
  if (!url) return "(native / V8)";
  if (url.startsWith("node:")) return "node:internal";
  const nm = url.lastIndexOf("node_modules/");
  if (nm >= 0) {
    const rest = url.slice(nm + "node_modules/".length).split("/");
    return rest[0]?.startsWith("@") ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.includes("/dist/")) return `pulumi-futrou ${url.slice(url.indexOf("/dist/") + 6).split("/")[0]}`;
  return url
    .replace(/^file:\/\//, "")
    .split("/")
    .slice(-2)
    .join("/");
}

function summarize(file: string): string {
  const profile = JSON.parse(readFileSync(file, "utf8")) as CpuProfile;
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const total = (profile.endTime - profile.startTime) / 1000;
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const label = (n: ProfileNode) => {
    const f = n.callFrame;
    return `${f.functionName || "(anonymous)"}${f.url ? ` ${f.url.split("/").pop()}:${f.lineNumber + 1}` : ""}`;
  };
  /** Per function: self time by the chain of its callers (DEPTH frames up), to tell who pays for it. */
  const callers = new Map<string, Map<string, number>>();
  const fns = new Map<string, number>();
  const pkgs = new Map<string, number>();
  let idle = 0;
  for (const [id, us] of self) {
    const node = byId.get(id);
    if (!node) continue;
    const f = node.callFrame;
    if (f.functionName === "(idle)" || f.functionName === "(program)") {
      if (f.functionName === "(idle)") idle += us;
    }
    const where = f.url ? `${owner(f.url)} ${f.url.split("/").pop()}:${f.lineNumber + 1}` : "";
    const key = `${f.functionName || "(anonymous)"} ${where}`.trim();
    fns.set(key, (fns.get(key) ?? 0) + us);
    const chain: string[] = [];
    for (let p = parent.get(id); p !== undefined && chain.length < DEPTH; p = parent.get(p)) {
      const pn = byId.get(p);
      if (pn) chain.push(label(pn));
    }
    const byChain = callers.get(key) ?? new Map<string, number>();
    byChain.set(chain.join(" < "), (byChain.get(chain.join(" < ")) ?? 0) + us);
    callers.set(key, byChain);
    const pkg =
      f.functionName === "(idle)" ? "(idle)" : f.functionName === "(garbage collector)" ? "(gc)" : owner(f.url);
    pkgs.set(pkg, (pkgs.get(pkg) ?? 0) + us);
  }
  const ms = (us: number) => `${(us / 1000).toFixed(0)} ms`;
  const top = (m: Map<string, number>, k: number) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([name, us]) => `  ${ms(us).padStart(9)}  ${name}`)
      .join("\n");
  const withCallers = [...fns.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, TOP)
    .map(([name, us]) => {
      const chains = [...(callers.get(name) ?? new Map<string, number>()).entries()]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 2)
        .map(([c, t]) => `             ${ms(t).padStart(7)} < ${c}`);
      return [`  ${ms(us).padStart(9)}  ${name}`, ...chains].join("\n");
    });
  return [
    `${file.split("/").pop()}: ${total.toFixed(0)} ms wall, ${ms(total * 1000 - idle)} busy`,
    " by package:",
    top(pkgs, 12),
    " by function (self time), with the callers that pay most of it:",
    ...withCallers,
  ].join("\n");
}

/** CPU seconds (user + system) of every descendant of this process, by pid, sampled until `stop()`. */
function cpuOfTree(): { stop(): Map<number, { name: string; seconds: number }> } {
  const seen = new Map<number, { name: string; seconds: number }>();
  const tick = 100; // USER_HZ on Linux
  const sample = () => {
    const parents = new Map<number, number>();
    const stats = new Map<number, string>();
    for (const entry of readdirSync("/proc")) {
      if (!/^\d+$/.test(entry)) continue;
      try {
        const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
        parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
        stats.set(Number(entry), stat);
      } catch {
        // gone
      }
    }
    const tree = new Set([process.pid]);
    for (let grew = true; grew; ) {
      grew = false;
      for (const [pid, ppid] of parents) {
        if (!tree.has(pid) && tree.has(ppid)) {
          tree.add(pid);
          grew = true;
        }
      }
    }
    tree.delete(process.pid);
    for (const pid of tree) {
      const stat = stats.get(pid) as string;
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const seconds = (Number(fields[11]) + Number(fields[12])) / tick;
      let name = seen.get(pid)?.name ?? stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0");
        if (argv.some((a) => a.includes("dynamic-provider"))) name = "provider host";
        else if (argv.some((a) => a.endsWith("plugin/plugin.js"))) name = "futrou plugin";
        else if (argv.some((a) => a.includes("cmd/run"))) name = "program";
        else if (argv[0])
          name = argv
            .slice(0, 2)
            .map((a) => a.split("/").pop())
            .join(" ");
      } catch {
        // gone: keep the name it had
      }
      seen.set(pid, { name, seconds: Math.max(seen.get(pid)?.seconds ?? 0, seconds) });
    }
  };
  const timer = setInterval(sample, 50);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return seen;
    },
  };
}

type Program = Exclude<BenchProgram, "shaped">;

interface Opened {
  program: Program;
  stack: Stack;
  remove(): void;
}

/** A stack of `program` at N, created (the first `up`) and warmed by one no-change `up`; empty to profile a create. */
async function open(program: Program, emulator: RunningEmulator): Promise<Opened> {
  const futrou = isFutrou(program);
  const work = programDir(join(repoRoot, "bench", "programs", futrou ? "mix" : "baseline"));
  const envVars: Record<string, string> = {
    PULUMI_BACKEND_URL: work.backendUrl,
    PULUMI_CONFIG_PASSPHRASE: "bench",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DIY_BACKEND_GZIP: "false",
    ...(futrou ? { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token } : {}),
  };
  const stack = await LocalWorkspace.createStack({ stackName: "profile", workDir: work.dir }, { envVars });
  await stack.setAllConfig(benchConfig(program, N));
  if (OP !== "create") await stack.up(QUIET);
  if (OP !== "destroy" && OP !== "create") await stack.up(QUIET);
  return {
    program,
    stack,
    remove: () => {
      work.remove();
    },
  };
}

const QUIET = { onOutput: () => {} };

/** Runs the operation once on `opened`, profiled into `dir` when V8 profiling is on; prints time and CPU. */
async function runOnce(opened: Opened, dir: string): Promise<number> {
  const env = (opened.stack.workspace as LocalWorkspace).envVars;
  mkdirSync(dir, { recursive: true });
  // The engine stops the provider host with SIGINT: exit normally then, so the profile is written.
  const preload = join(dir, "exit-on-signal.js");
  writeFileSync(preload, 'for (const s of ["SIGINT", "SIGTERM"]) process.on(s, () => process.exit(0));\n');
  if (V8) env.NODE_OPTIONS = `--cpu-prof --cpu-prof-dir=${dir} --require=${preload}`;
  const started = Date.now();
  const cpu = cpuOfTree();
  try {
    if (OP === "refresh") await opened.stack.refresh(QUIET);
    else if (OP === "destroy") await opened.stack.destroy(QUIET);
    else await opened.stack.up(QUIET);
  } finally {
    delete env.NODE_OPTIONS;
  }
  const seconds = (Date.now() - started) / 1000;
  const used = [...cpu.stop().values()].filter((p) => p.seconds >= 0.05).sort((a, b) => b.seconds - a.seconds);
  const total = used.reduce((sum, p) => sum + p.seconds, 0);
  process.stdout.write(
    `${opened.program} N=${N} ${OP}: ${seconds.toFixed(2)} s; CPU ${total.toFixed(2)} s: ` +
      `${used.map((p) => `${p.name} ${p.seconds.toFixed(2)}`).join(", ")}\n`,
  );
  return seconds;
}

async function main(): Promise<void> {
  rmSync(OUT, { recursive: true, force: true });
  const programs: Program[] =
    PROGRAM === "both"
      ? ["mix", "baseline"]
      : PROGRAM === "floors"
        ? ["mix", "baseline", "wide"]
        : PROGRAM === "modes"
          ? ["mix", "plugin"]
          : [PROGRAM as Program];
  // One emulator per program: the mix and the plugin declare the same unique names (domains, zones).
  const emulators: RunningEmulator[] = [];
  const opened: Opened[] = [];
  try {
    for (const program of programs) {
      const emulator = await startEmulator({ deployDelayMs: 500, quiet: true });
      emulators.push(emulator);
      opened.push(await open(program, emulator));
    }
    const times = new Map<string, number[]>();
    for (let round = 1; round <= (ONCE ? 1 : REPEAT); round++) {
      for (const o of opened) {
        const seconds = await runOnce(o, join(OUT, `${o.program}-${round}`));
        times.set(o.program, [...(times.get(o.program) ?? []), seconds]);
      }
    }
    const [mix, plugin, base, wide] = ["mix", "plugin", "baseline", "wide"].map((p) => times.get(p));
    if (mix && base) {
      process.stdout.write(`median ratio mix / baseline: ${(median(mix) / median(base)).toFixed(2)}\n`);
    }
    if (mix && wide) {
      process.stdout.write(`median ratio mix / wide baseline: ${(median(mix) / median(wide)).toFixed(2)}\n`);
    }
    if (mix && plugin) {
      process.stdout.write(`median ratio plugin / mix: ${(median(plugin) / median(mix)).toFixed(2)}\n`);
    }
  } finally {
    for (const o of opened) {
      if (OP !== "destroy") await o.stack.destroy(QUIET).catch(() => {});
      await o.stack.workspace.removeStack(o.stack.name).catch(() => {});
      o.remove();
    }
    for (const emulator of emulators) await emulator.close();
  }
  if (!V8) return;
  // The last round's profiles, per program.
  for (const program of programs) {
    const dir = join(OUT, `${program}-${ONCE ? 1 : REPEAT}`);
    for (const f of readdirSync(dir).filter((x) => x.endsWith(".cpuprofile"))) {
      process.stdout.write(`\n[${program}] ${summarize(join(dir, f))}\n`);
    }
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`profile failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
