/**
 * Where the bench's state bytes per resource go: creates the bench mix at N (default 10) on the dynamic
 * providers and on the plugin, exports each stack, and attributes every byte of the Futrou resources'
 * entries to the field it is in (`urn`, `inputs.__provider`, `outputs.__secrets`, …), averaged per resource
 * and per kind. bench/run.ts divides the same export, whole, by the number of Futrou resources; the rest of
 * the export (the stack, providers, manifest) is shown apart. Exact: no timing.
 *
 *   node dist/bench/state-bytes.js                 # N = 10, both modes, a table per mode
 *   STATE_BYTES_N=100 STATE_BYTES_JSON=out.json node dist/bench/state-bytes.js   # also the raw figures
 *   STATE_BYTES_EXPORT=/tmp/sb node dist/bench/state-bytes.js   # also each stack's export: /tmp/sb-<program>.json
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { startEmulator } from "../emulator";
import { programDir, repoRoot } from "../scripts/program-dir";
import { type BenchProgram, benchConfig } from "./mix-config";

const N = Number(process.env.STATE_BYTES_N ?? 10);

/** Bytes of `"key":value,` in the export's JSON (as JSON.stringify writes it, no spaces). */
const entryBytes = (key: string, value: unknown): number => JSON.stringify({ [key]: value }).length - 2 + 1;

type Resource = Record<string, unknown> & { type: string; inputs?: object; outputs?: object };

export interface Attribution {
  program: BenchProgram;
  n: number;
  resources: number;
  /** JSON.stringify(export).length / resources: bench/run.ts's figure. */
  perResource: number;
  /** Bytes per Futrou resource by field (`inputs.<key>` and `outputs.<key>` per key), averaged. */
  byField: Record<string, number>;
  /** The export outside the Futrou resources' entries, per Futrou resource. */
  restPerResource: number;
}

export function attribute(program: BenchProgram, n: number, exported: unknown): Attribution {
  const deployment = (exported as { deployment: { resources?: Resource[] } }).deployment;
  const ours = (deployment.resources ?? []).filter(
    (r) => r.type.startsWith("pulumi-nodejs:dynamic") || r.type.startsWith("futrou:index:"),
  );
  const byField: Record<string, number> = {};
  const add = (key: string, bytes: number) => {
    byField[key] = (byField[key] ?? 0) + bytes / Math.max(1, ours.length);
  };
  let inResources = 0;
  for (const r of ours) {
    inResources += JSON.stringify(r).length + 1;
    for (const [key, value] of Object.entries(r)) {
      if ((key === "inputs" || key === "outputs") && value && typeof value === "object") {
        // `"inputs":{},`: its key and braces; each entry inside counts its own comma, but the last has none.
        add(`${key} {}`, entryBytes(key, {}) - (Object.keys(value).length > 0 ? 1 : 0));
        for (const [k, v] of Object.entries(value)) add(`${key}.${k}`, entryBytes(k, v));
      } else add(key, entryBytes(key, value));
    }
    add("{} of the entry", 2);
  }
  const total = JSON.stringify(exported).length;
  return {
    program,
    n,
    resources: ours.length,
    perResource: total / Math.max(1, ours.length),
    byField,
    restPerResource: (total - inResources) / Math.max(1, ours.length),
  };
}

async function stateOf(program: BenchProgram, n: number): Promise<unknown> {
  const emulator = await startEmulator({ deployDelayMs: 0, quiet: true });
  const work = programDir(join(repoRoot, "bench", "programs", "mix"));
  const stack = await LocalWorkspace.createStack(
    { stackName: "bench", workDir: work.dir },
    {
      envVars: {
        PULUMI_BACKEND_URL: work.backendUrl,
        PULUMI_CONFIG_PASSPHRASE: "bench",
        PULUMI_SKIP_UPDATE_CHECK: "true",
        PULUMI_DIY_BACKEND_GZIP: "false",
        FUTROU_API_URL: emulator.url,
        FUTROU_API_TOKEN: emulator.token,
      },
    },
  );
  try {
    await stack.setAllConfig(benchConfig(program, n));
    await stack.up({ onOutput: () => {} });
    return await stack.exportStack();
  } finally {
    await stack.destroy({ onOutput: () => {} }).catch(() => {});
    await stack.workspace.removeStack(stack.name).catch(() => {});
    work.remove();
    await emulator.close();
  }
}

function table(a: Attribution): string {
  const rows = Object.entries(a.byField).sort((x, y) => y[1] - x[1]);
  return [
    `${a.program}, N = ${a.n}: ${a.resources} resources, ${a.perResource.toFixed(0)} bytes of the export per resource ` +
      `(${(a.perResource - a.restPerResource).toFixed(0)} in the resources' own entries, ${a.restPerResource.toFixed(0)} the rest)`,
    "",
    "| field | bytes per resource |",
    "|---|---|",
    ...rows.map(([k, v]) => `| ${k} | ${v.toFixed(1)} |`),
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const out: Attribution[] = [];
  for (const program of ["mix", "plugin"] as const) {
    const exported = await stateOf(program, N);
    if (process.env.STATE_BYTES_EXPORT)
      writeFileSync(`${process.env.STATE_BYTES_EXPORT}-${program}.json`, JSON.stringify(exported, null, 1));
    const a = attribute(program, N, exported);
    out.push(a);
    process.stdout.write(`${table(a)}\n`);
  }
  if (process.env.STATE_BYTES_JSON) writeFileSync(process.env.STATE_BYTES_JSON, JSON.stringify(out, null, 2));
}

if (require.main === module) {
  main().catch((err: unknown) => {
    process.stderr.write(`state-bytes failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
