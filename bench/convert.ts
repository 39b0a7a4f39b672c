/**
 * `make bench-convert`: a Futrou CLI project with N DNS records (one zone) plus a serverlet, a storage, a
 * proxy and a cron, deployed to an emulator and pulled with the CLI's `config pull` (so futrou.json carries
 * its locks), then converted and adopted: `pulumi convert --from futrou --language yaml` and the program's
 * first `pulumi up`, which imports every object. The baseline is the engine's own bulk import of the same
 * objects (`pulumi import --file`, same plugin, same emulator, no conversion), and the issue's own baseline,
 * "the engine's time to import the same number of do-nothing resources": the same converted program's first
 * `pulumi up` on a do-nothing `futrou` plugin (bench/nothing-plugin.ts: same schema, no API, empty state),
 * which is the engine's cost of that import (language host, steps, checkpoints) without ours. Requests are
 * counted by the emulator (target: at most N/100 + 20 for the conversion).
 *
 *   node dist/bench/convert.js [N]      N defaults to 1000; writes its section of bench/RESULTS.md
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { type EmulatorStats, type RunningEmulator, startEmulator } from "../emulator";
import { FutrouClient } from "../provider/api/client";
import { DnsRecord } from "../provider/api/models";
import { convertState } from "../provider/convert";
import { repoRoot } from "../scripts/program-dir";
import { cliSession, convertedStack, convertWithPulumi, scratch } from "../test/convert/helpers";
import { type ProgramStack, programStack, writes } from "../test/e2e/engine";
import { ApiRefusal, type Obj } from "../test/emulator/futrou-cli/client";
import { configPull } from "../test/emulator/futrou-cli/deployer";
import { nothingPluginDir } from "./nothing-plugin";

export interface ConvertBench {
  n: number;
  objects: number;
  convertSeconds: number;
  upSeconds: number;
  baselineSeconds: number;
  /** The converted program's first up on the do-nothing plugin: the baseline. */
  nothingSeconds: number;
  convertRequests: number;
  convertWrites: number;
  upWrites: number;
  upRequests: number;
  baselineRequests: number;
  upImports: number;
  baselineImports: number;
  nothingImports: number;
}

const quiet = { onOutput: () => {} };
const seconds = (since: bigint) => Number(process.hrtime.bigint() - since) / 1e9;
const total = (s: EmulatorStats) => s.total;

/** A project `shop` with N records in one zone and one object of each other kind, pulled as futrou.json. */
async function project(emu: RunningEmulator, n: number) {
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

export async function benchConvert(n: number): Promise<ConvertBench> {
  const tmp = scratch("bench-convert");
  const emu = await startEmulator({ generation: "2026-08-30", deployDelayMs: 0, quiet: true });
  const stacks: ProgramStack[] = [];
  try {
    const file = await project(emu, n);

    emu.resetStats();
    let start = process.hrtime.bigint();
    const converted = await convertWithPulumi(emu, file, "yaml", tmp.dir);
    const convertSeconds = seconds(start);
    const convertStats = emu.stats();

    const ps = await convertedStack(emu, converted.out);
    stacks.push(ps);
    emu.resetStats();
    start = process.hrtime.bigint();
    const up = await ps.stack.up(quiet);
    const upSeconds = seconds(start);
    const upStats = emu.stats();

    // The baseline: the same program, the same number of imports, on a plugin that does nothing.
    const nothingDir = join(tmp.dir, "nothing-plugin");
    mkdirSync(nothingDir);
    const nothing = await programStack({
      program: relative(repoRoot, converted.out),
      plugin: nothingPluginDir(nothingDir),
      stackName: "nothing",
    });
    stacks.push(nothing);
    start = process.hrtime.bigint();
    const nothingUp = await nothing.stack.up(quiet);
    const nothingSeconds = seconds(start);

    // The baseline: the engine importing the same objects by id, into an empty program on the same plugin.
    const { resources } = await convertState(join(tmp.dir, "cli-yaml"), {
      FUTROU_API_URL: emu.url,
      FUTROU_API_TOKEN: emu.token,
    } as NodeJS.ProcessEnv);
    const base = await programStack({
      program: "test/languages/programs/yaml-import",
      stackName: "baseline",
      env: { FUTROU_API_URL: emu.url, FUTROU_API_TOKEN: emu.token },
    });
    stacks.push(base);
    emu.resetStats();
    start = process.hrtime.bigint();
    const imported = await base.stack.import({ resources, generateCode: false, protect: false, ...quiet });
    const baselineSeconds = seconds(start);
    const baselineStats = emu.stats();

    return {
      n,
      objects: resources.length,
      convertSeconds,
      upSeconds,
      baselineSeconds,
      nothingSeconds,
      convertRequests: total(convertStats),
      convertWrites: writes(convertStats),
      upWrites: writes(upStats),
      upRequests: total(upStats),
      baselineRequests: total(baselineStats),
      upImports: up.summary.resourceChanges?.import ?? 0,
      baselineImports: imported.summary.resourceChanges?.import ?? 0,
      nothingImports: nothingUp.summary.resourceChanges?.import ?? 0,
    };
  } finally {
    // Both stacks hold the same objects and the emulator goes away: drop their folders (program and backend)
    // without a destroy.
    for (const s of stacks) rmSync(dirname(s.dir), { recursive: true, force: true });
    await emu.close();
    tmp.remove();
  }
}

const START = "<!-- bench-convert:start -->";
const END = "<!-- bench-convert:end -->";

export function section(r: ConvertBench, recorded: string): string {
  const both = r.convertSeconds + r.upSeconds;
  const ratio = both / r.nothingSeconds;
  const importRatio = both / r.baselineSeconds;
  const budget = Math.floor(r.n / 100) + 20;
  return [
    START,
    "## Convert and adopt a Futrou CLI project (`make bench-convert`, bench/convert.ts)",
    "",
    `Recorded ${recorded}. A CLI project (2026-08-30) with N DNS records in one zone plus a project, serverlet, storage, proxy and cron, pulled with the CLI's \`config pull\` (locks included); \`pulumi convert --from futrou --language yaml\` with the API reachable, then the program's first \`pulumi up\` (imports every object). Baselines: the issue's, the same converted program's first \`pulumi up\` on a do-nothing \`futrou\` plugin (bench/nothing-plugin.ts: the same ${r.objects} imports, no API, empty state); and \`pulumi import --file\` of the same ${r.objects} objects by id into an empty YAML program on the real plugin and emulator (no program to evaluate: a smaller state per resource). One run.`,
    "",
    "| N | objects | convert (s) | first up (s) | convert + up (s) | do-nothing up (s) | ratio | engine import (s) | ratio to import | convert requests | budget N/100 + 20 | up requests | engine import requests | writes (convert / up) |",
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|",
    `| ${r.n} | ${r.objects} | ${r.convertSeconds.toFixed(2)} | ${r.upSeconds.toFixed(2)} | ${both.toFixed(2)} | ${r.nothingSeconds.toFixed(2)} | **${ratio.toFixed(2)}** | ${r.baselineSeconds.toFixed(2)} | ${importRatio.toFixed(2)} | ${r.convertRequests} | ${budget} | ${r.upRequests} | ${r.baselineRequests} | ${r.convertWrites} / ${r.upWrites} |`,
    "",
    `Against issue 30's targets: time ${ratio <= 1.2 ? "met" : "missed"} (${ratio.toFixed(2)} × the engine's import of as many do-nothing resources, target ≤ 1.2; ${importRatio.toFixed(2)} × \`pulumi import --file\`); requests ${r.convertRequests <= budget ? "met" : "missed"} (${r.convertRequests}, target ≤ ${budget}); imports: ${r.upImports} by up, ${r.nothingImports} by the do-nothing up, ${r.baselineImports} by \`pulumi import\`.`,
    END,
    "",
  ].join("\n");
}

/** This bench's section of bench/RESULTS.md as it stands ("" when there is none), for `make bench` to keep. */
export function keptSection(): string {
  const old = readFileSync(join(repoRoot, "bench", "RESULTS.md"), "utf8");
  const at = old.indexOf(START);
  const end = old.indexOf(END);
  return at >= 0 && end > at ? `\n${old.slice(at, end + END.length)}\n` : "";
}

/** Puts the section into bench/RESULTS.md in place of an earlier one, else at the end. */
export function writeSection(text: string): void {
  const file = join(repoRoot, "bench", "RESULTS.md");
  const old = readFileSync(file, "utf8");
  const at = old.indexOf(START);
  const end = old.indexOf(END);
  const next =
    at >= 0 && end > at
      ? `${old.slice(0, at)}${text}${old.slice(end + END.length + 1)}`
      : `${old.trimEnd()}\n\n${text}`;
  writeFileSync(file, next);
}

if (require.main === module) {
  const n = Number(process.argv[2] ?? 1000);
  benchConvert(n)
    .then((r) => {
      const text = section(r, new Date().toISOString());
      writeSection(text);
      process.stdout.write(text);
    })
    .catch((err: unknown) => {
      process.stderr.write(
        `bench-convert failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
      );
      process.exit(1);
    });
}
