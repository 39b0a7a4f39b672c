/**
 * `make bench-convert`: a Futrou CLI project with N DNS records (one zone) plus a serverlet, a storage, a
 * proxy and a cron, deployed to an emulator and pulled with the CLI's `config pull` (so futrou.json carries
 * its locks), then converted and adopted: `pulumi convert --from futrou --language yaml` and the program's
 * first `pulumi up`, which imports every object. The baseline is the engine's own bulk import of the same
 * objects (`pulumi import --file`, same plugin, same emulator, no conversion), and the issue's own baseline,
 * "the engine's time to import the same number of do-nothing resources": the same converted program's first
 * `pulumi up` on a do-nothing `futrou` plugin (bench/nothing-plugin.ts: same schema, no API, empty state),
 * which is the engine's cost of that import (language host, steps, checkpoints) without ours; and the same
 * do-nothing plugin answering, from a file, the state the real records hold, so that the engine's cost of
 * checkpointing that state is on both sides. The fast path is the real up with the engine's checkpoints skipped
 * (safe for an up that only imports: docs/moving-from-futrou-cli.md). Requests are counted by the emulator
 * (target: at most N/100 + 20 for the conversion).
 *
 *   node dist/bench/convert.js [N]                  N defaults to 1000; writes its section of bench/RESULTS.md
 *   BENCH_REPEAT=5 node dist/bench/convert.js       rounds (default 3); the medians are reported
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { type EmulatorStats, type RunningEmulator, startEmulator } from "../emulator";
import { FutrouClient } from "../provider/api/client";
import { convertState } from "../provider/convert";
import { DnsRecord } from "../provider/kinds";
import { specFor } from "../provider/registry";
import { PLUGIN_TYPE_PREFIX } from "../provider/spec";
import { repoRoot } from "../scripts/program-dir";
import { cliSession, convertedStack, convertWithPulumi, scratch } from "../test/convert/helpers";
import { type ProgramStack, programStack, writes } from "../test/e2e/engine";
import { ApiRefusal, type Obj } from "../test/emulator/futrou-cli/client";
import { configPull, type ProjectConfig } from "../test/emulator/futrou-cli/deployer";
import { nothingPluginDir, type RecordedReads } from "./nothing-plugin";
import { writeSection } from "./sections";
import { median } from "./stats";

/** One round: each operation on a fresh stack (and a fresh conversion), against the same deployed project. */
export interface ConvertRound {
  convertSeconds: number;
  /** The converted program's first up on the real plugin: imports every object. */
  upSeconds: number;
  /** The same up with `PULUMI_SKIP_CHECKPOINTS=true` (docs/moving-from-futrou-cli.md: an import-only up). */
  fastSeconds: number;
  /** The same program's first up on the do-nothing plugin (empty state): the baseline. */
  nothingSeconds: number;
  /** The same, the do-nothing plugin's Read answering the real objects' state (no API, no work). */
  sameStateSeconds: number;
  /** The do-nothing plugin's up (empty state) with checkpoints skipped: the fast path's like-for-like baseline. */
  nothingFastSeconds: number;
  /** `pulumi import --file` of the same ids into an empty program, on the real plugin. */
  baselineSeconds: number;
}

export interface ConvertBench {
  n: number;
  objects: number;
  rounds: ConvertRound[];
  /** Medians over the rounds. */
  median: ConvertRound;
  convertRequests: number;
  convertWrites: number;
  upWrites: number;
  upRequests: number;
  fastWrites: number;
  baselineRequests: number;
  upImports: number;
  fastImports: number;
  /** Changes the next preview shows after the fast up (0: it adopted everything as the checkpointed up does). */
  fastPreviewChanges: number;
  baselineImports: number;
  nothingImports: number;
  sameStateImports: number;
  /** Bytes of the state file at rest per object, after each adoption. */
  stateBytes: { up: number; nothing: number; sameState: number; baseline: number };
}

const quiet = { onOutput: () => {} };
const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
const total = (s: EmulatorStats) => s.total;

/** A deployed project `shop`: N records in one zone and one object of each other kind, pulled as futrou.json. */
export async function cliProject(emu: RunningEmulator, n: number): Promise<ProjectConfig> {
  const api = cliSession(emu);
  const created = await api.object("POST", "/v2/projects", { name: "shop", workspaceId: emu.workspaceId });
  const owned = { workspaceId: emu.workspaceId, projectId: created.id };
  const [plan] = await api.list("/v2/serverlets/plans");
  const [storagePlan] = await api.list("/v2/storages/plans");
  await api.request("POST", "/v2/storages", { name: "assets", storagePlanId: storagePlan?.id, ...owned });
  await api.request("POST", "/v2/serverlets", {
    name: "web",
    image: "nginx:1.27",
    serverletPlanId: plan?.id,
    ...owned,
  });
  await api.request("POST", "/v2/proxies", { domain: "app.shop.example", target: "web", ...owned });
  await api.request("POST", "/v2/crons", {
    name: "hourly",
    schedule: "0 * * * *",
    url: "https://shop.example/job",
    ...owned,
  });
  const zone = await api.object("POST", "/v2/dns", { domain: "shop.example", ...owned });
  for (let i = 0; i < n; i++) {
    const record = {
      name: `host${i}`,
      type: "A",
      value: `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
      ttl: 300,
    };
    // Seeding is not measured: past the API's 100 requests a second, wait and send the refused one again.
    for (;;) {
      const sent = await api.request("POST", `/v2/dns/${zone.id}/records`, record).then(
        () => true,
        (error: unknown) => {
          if (error instanceof ApiRefusal && error.status === 429) return false;
          throw error;
        },
      );
      if (sent) break;
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
  const file = await configPull(cliSession(emu), { workspace: "default" }, "shop", "2026-08-30");
  // The CLI's pull reads one page of a zone's records (100: it follows no paging), so its file would hold only
  // those: the file lists every record, as a user's hand-kept one does (those past the first page have no lock).
  const all = await new FutrouClient({ baseUrl: emu.url, token: emu.token }).list(`/dns/${zone.id}/records`, DnsRecord);
  const pulledZone = file.dns?.[0] as Obj;
  pulledZone.records = all.map((r) => ({
    name: r.name,
    type: r.type,
    value: r.value,
    ttl: r.ttl,
    priority: r.priority ?? 0,
  }));
  // The CLI's first deploy of a pulled file would turn the proxy's true-by-default flags off (its fault,
  // test/emulator/futrou-cli.test.ts): the file says what the API holds.
  for (const p of file.proxies ?? [])
    Object.assign(p, {
      preserveHeaders: true,
      preserveHost: true,
      preservePath: true,
      preserveQuery: true,
      verifyTls: true,
    });
  return file;
}

/** The state each DNS record holds in a stack (id → inputs and outputs), for the do-nothing plugin's Read. */
const RECORD_TYPE = `${PLUGIN_TYPE_PREFIX}${specFor("dnsRecord").typeName}`;

function recordReads(stateAtRest: string): RecordedReads {
  const state = JSON.parse(stateAtRest) as {
    checkpoint: { latest: { resources: { type: string; id?: string; inputs?: object; outputs?: object }[] } };
  };
  const reads: RecordedReads = {};
  for (const r of state.checkpoint.latest.resources)
    if (r.type === RECORD_TYPE && r.id)
      reads[r.id] = { inputs: { ...r.inputs }, outputs: { ...r.outputs } } as RecordedReads[string];
  return reads;
}

/**
 * Deploys a project with N records, then `rounds` times: converts it and adopts it six ways (the real
 * plugin, the same with checkpoints skipped, the do-nothing plugin empty, with the objects' state, and with
 * checkpoints skipped, and `pulumi import --file`), each on a fresh stack.
 */
export async function benchConvert(n: number, rounds = 1): Promise<ConvertBench> {
  const tmp = scratch("bench-convert");
  const emu = await startEmulator({ generation: "2026-08-30", deployDelayMs: 0, quiet: true });
  const stacks: ProgramStack[] = [];
  const env = { FUTROU_API_URL: emu.url, FUTROU_API_TOKEN: emu.token };
  const timed = async <T>(op: () => Promise<T>): Promise<[T, number]> => {
    const start = process.hrtime.bigint();
    const result = await op();
    return [result, seconds(start)];
  };
  const fresh = async (ps: Promise<ProgramStack>) => {
    const stack = await ps;
    stacks.push(stack);
    return stack;
  };
  try {
    const file = await cliProject(emu, n);
    const done: ConvertRound[] = [];
    let first: Omit<ConvertBench, "n" | "rounds" | "median"> | undefined;
    for (let round = 0; round < rounds; round++) {
      const dir = join(tmp.dir, `round-${round}`);
      mkdirSync(dir);
      emu.resetStats();
      const [converted, convertSeconds] = await timed(() => convertWithPulumi(emu, file, "yaml", dir));
      const convertStats = emu.stats();
      const program = relative(repoRoot, converted.out);

      const ps = await fresh(convertedStack(emu, converted.out));
      emu.resetStats();
      const [up, upSeconds] = await timed(() => ps.stack.up(quiet));
      const upStats = emu.stats();
      const readsFile = join(dir, "reads.json");
      writeFileSync(readsFile, JSON.stringify(recordReads(await ps.stateAtRest())));

      // The adoption's fast path: the engine writes the state once, at the end.
      const fast = await fresh(
        programStack({ program, plugin: true, stackName: "fast", env: { ...env, PULUMI_SKIP_CHECKPOINTS: "true" } }),
      );
      emu.resetStats();
      const [fastUp, fastSeconds] = await timed(() => fast.stack.up(quiet));
      const fastStats = emu.stats();
      const fastPreview = round === 0 ? await fast.stack.preview(quiet) : undefined;

      // The baseline: the same program, the same number of imports, on a plugin that does nothing; then
      // the same plugin answering the state the real objects hold.
      const nothingDir = join(dir, "nothing-plugin");
      const sameStateDir = join(dir, "same-state-plugin");
      mkdirSync(nothingDir);
      mkdirSync(sameStateDir);
      const nothing = await fresh(
        programStack({ program, plugin: nothingPluginDir(nothingDir), stackName: "nothing" }),
      );
      const [nothingUp, nothingSeconds] = await timed(() => nothing.stack.up(quiet));
      const sameState = await fresh(
        programStack({ program, plugin: nothingPluginDir(sameStateDir, readsFile), stackName: "same" }),
      );
      const [sameStateUp, sameStateSeconds] = await timed(() => sameState.stack.up(quiet));
      const nothingFast = await fresh(
        programStack({
          program,
          plugin: nothingPluginDir(nothingDir),
          stackName: "nothing-fast",
          env: { PULUMI_SKIP_CHECKPOINTS: "true" },
        }),
      );
      const [, nothingFastSeconds] = await timed(() => nothingFast.stack.up(quiet));

      // The engine importing the same objects by id, into an empty program on the same plugin.
      const { resources } = await convertState(join(dir, "cli-yaml"), env as NodeJS.ProcessEnv);
      const base = await fresh(
        programStack({ program: "test/languages/programs/yaml-import", stackName: "baseline", env }),
      );
      emu.resetStats();
      const [imported, baselineSeconds] = await timed(() =>
        base.stack.import({ resources, generateCode: false, protect: false, ...quiet }),
      );
      const baselineStats = emu.stats();
      const perObject = async (p: ProgramStack) => Math.round((await p.stateAtRest()).length / resources.length);

      done.push({
        convertSeconds,
        upSeconds,
        fastSeconds,
        nothingSeconds,
        sameStateSeconds,
        nothingFastSeconds,
        baselineSeconds,
      });
      const changes = fastPreview?.changeSummary ?? {};
      first ??= {
        objects: resources.length,
        convertRequests: total(convertStats),
        convertWrites: writes(convertStats),
        upWrites: writes(upStats),
        upRequests: total(upStats),
        fastWrites: writes(fastStats),
        baselineRequests: total(baselineStats),
        upImports: up.summary.resourceChanges?.import ?? 0,
        fastImports: fastUp.summary.resourceChanges?.import ?? 0,
        fastPreviewChanges: Object.entries(changes).reduce((k, [op, count]) => (op === "same" ? k : k + count), 0),
        baselineImports: imported.summary.resourceChanges?.import ?? 0,
        nothingImports: nothingUp.summary.resourceChanges?.import ?? 0,
        sameStateImports: sameStateUp.summary.resourceChanges?.import ?? 0,
        stateBytes: {
          up: await perObject(ps),
          nothing: await perObject(nothing),
          sameState: await perObject(sameState),
          baseline: await perObject(base),
        },
      };
      // Every stack holds the same objects and the emulator goes away: drop their folders (program and
      // backend) without a destroy, round by round (a round at N = 1000 leaves about 20 MB of state).
      for (const s of stacks.splice(0)) rmSync(dirname(s.dir), { recursive: true, force: true });
    }
    const keys = Object.keys(done[0] ?? {}) as (keyof ConvertRound)[];
    const med = Object.fromEntries(keys.map((k) => [k, median(done.map((r) => r[k]))])) as unknown as ConvertRound;
    if (!first) throw new Error("bench-convert: no round ran (rounds must be at least 1)");
    return { n, rounds: done, median: med, ...first };
  } finally {
    for (const s of stacks) rmSync(dirname(s.dir), { recursive: true, force: true });
    await emu.close();
    tmp.remove();
  }
}

const SECTION = "bench-convert";

export function section(r: ConvertBench, recorded: string): string {
  const m = r.median;
  const both = m.convertSeconds + m.upSeconds;
  const fastBoth = m.convertSeconds + m.fastSeconds;
  const ratio = both / m.nothingSeconds;
  const sameRatio = both / m.sameStateSeconds;
  const budget = Math.floor(r.n / 100) + 20;
  const f = (x: number) => x.toFixed(2);
  const each = (k: keyof ConvertRound) => r.rounds.map((x) => f(x[k])).join(", ");
  return [
    "## Convert and adopt a Futrou CLI project (`make bench-convert`, bench/convert.ts)",
    "",
    `Recorded ${recorded}; median of ${r.rounds.length} round${r.rounds.length === 1 ? "" : "s"}, each operation on a fresh stack. A CLI project (2026-08-30) with N DNS records in one zone plus a project, serverlet, storage, proxy and cron, pulled with the CLI's \`config pull\` (locks included); \`pulumi convert --from futrou --language yaml\` with the API reachable, then the program's first \`pulumi up\` (imports every object). Baselines, all importing the same ${r.objects} objects: the issue's, the same program's first \`pulumi up\` on a do-nothing \`futrou\` plugin (bench/nothing-plugin.ts: no API, empty state); the same do-nothing plugin whose Read answers the state the real records hold (taken from the real up's stack: no API, no work, the same bytes in every checkpoint); and \`pulumi import --file\` of the same ids into an empty YAML program on the real plugin (no program to evaluate: no stack trace per resource in state). Fast path: the real first up with \`PULUMI_SKIP_CHECKPOINTS=true\`, the engine writing the state once at the end (docs/moving-from-futrou-cli.md says when that is safe).`,
    "",
    "| N | objects | convert (s) | first up (s) | convert + up (s) | do-nothing up (s) | **ratio** (target ≤ 1.2) | do-nothing up, same state (s) | ratio to same state | engine import (s) |",
    "|---|---|---|---|---|---|---|---|---|---|",
    `| ${r.n} | ${r.objects} | ${f(m.convertSeconds)} | ${f(m.upSeconds)} | ${f(both)} | ${f(m.nothingSeconds)} | **${f(ratio)}** | ${f(m.sameStateSeconds)} | ${f(sameRatio)} | ${f(m.baselineSeconds)} |`,
    "",
    "The fast path (checkpoints skipped), against the same do-nothing up with checkpoints and without:",
    "",
    "| fast up (s) | convert + fast up (s) | / do-nothing up | do-nothing up, checkpoints skipped (s) | / that |",
    "|---|---|---|---|---|",
    `| ${f(m.fastSeconds)} | ${f(fastBoth)} | ${f(fastBoth / m.nothingSeconds)} | ${f(m.nothingFastSeconds)} | ${f(fastBoth / m.nothingFastSeconds)} |`,
    "",
    `Each round (s): convert ${each("convertSeconds")}; first up ${each("upSeconds")}; do-nothing up ${each("nothingSeconds")}; same state ${each("sameStateSeconds")}; engine import ${each("baselineSeconds")}; fast up ${each("fastSeconds")}; do-nothing fast up ${each("nothingFastSeconds")}.`,
    "",
    "| convert requests | budget N/100 + 20 | first up requests | engine import requests | writes (convert / up / fast up) | imports (up / fast / do-nothing / same state / engine import) | changes in the preview after the fast up | state bytes per object (up / do-nothing / same state / engine import) |",
    "|---|---|---|---|---|---|---|---|",
    `| ${r.convertRequests} | ${budget} | ${r.upRequests} | ${r.baselineRequests} | ${r.convertWrites} / ${r.upWrites} / ${r.fastWrites} | ${r.upImports} / ${r.fastImports} / ${r.nothingImports} / ${r.sameStateImports} / ${r.baselineImports} | ${r.fastPreviewChanges} | ${r.stateBytes.up} / ${r.stateBytes.nothing} / ${r.stateBytes.sameState} / ${r.stateBytes.baseline} |`,
    "",
    `Against issue 30's targets: time ${ratio <= 1.2 ? "met" : "missed"} against the issue's baseline (${f(ratio)} × the engine's import of as many do-nothing resources with no state, target ≤ 1.2), ${sameRatio <= 1.2 ? "met" : "missed"} against do-nothing resources holding the same state (${f(sameRatio)}); requests ${r.convertRequests <= budget ? "met" : "missed"} (${r.convertRequests}, target ≤ ${budget}).`,
  ].join("\n");
}

if (require.main === module) {
  const n = Number(process.argv[2] ?? 1000);
  benchConvert(n, Number(process.env.BENCH_REPEAT ?? 3))
    .then((r) => {
      const text = section(r, new Date().toISOString());
      writeSection(SECTION, text);
      process.stdout.write(`${text}\n`);
    })
    .catch((err: unknown) => {
      process.stderr.write(
        `bench-convert failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exit(1);
    });
}
