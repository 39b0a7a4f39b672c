/**
 * Runs Pulumi programs with the real engine through the Automation API: local file backend, a test
 * passphrase, no update checks, nothing beyond loopback. Each stack gets its own copy of the program in a
 * temporary directory (with node_modules linked to the repo's, so `@pulumi/pulumi` and `pulumi-futrou`
 * resolve as in a user's project) and its own backend directory, so tests never share state.
 */
import { appendFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { LocalWorkspace, type Stack } from "@pulumi/pulumi/automation";
import type { EmulatorStats } from "../../emulator";
import { programDir, repoRoot } from "../../scripts/program-dir";

export { repoRoot };
export const PASSPHRASE = "pulumi-futrou-tests";

/** Puts node@22 and the pinned Pulumi toolchain first on PATH, as the Makefile does, when jest runs alone. */
export function ensureToolchainOnPath(): void {
  const version = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).devDependencies["@pulumi/pulumi"];
  const cache = process.env.PULUMI_FUTROU_CACHE ?? join(process.env.HOME ?? tmpdir(), ".cache", "pulumi-futrou");
  const dirs = [join(repoRoot, "node_modules", ".bin"), join(cache, version, "bin")];
  const path = process.env.PATH ?? "";
  const missing = dirs.filter((d) => !path.split(delimiter).includes(d));
  if (missing.length > 0) process.env.PATH = [...missing, path].join(delimiter);
  if (!existsSync(join(cache, version, "bin", "pulumi"))) {
    throw new Error(`the Pulumi ${version} toolchain is not built: run \`make install\` (scripts/install-pulumi.sh)`);
  }
}

export interface ProgramStack {
  stack: Stack;
  /** The program's working copy. */
  dir: string;
  /**
   * The state file exactly as stored at rest. (The Automation API's exportStack() decrypts secrets, so it
   * cannot show what an attacker with the state file would see.)
   */
  stateAtRest(): Promise<string>;
  /** Removes the stack, its backend and the working copy (after destroying what is left). */
  dispose(): Promise<void>;
}

export interface ProgramOptions {
  /** A folder name under test/e2e/programs, or a path relative to the repo (e.g. "examples/webapp"). */
  program: string;
  /** Stack configuration; `secret: true` stores it encrypted like `pulumi config set --secret`. */
  config?: Record<string, { value: string; secret?: boolean }>;
  /** Extra environment for the engine and every process it starts. */
  env?: Record<string, string>;
  stackName?: string;
  /**
   * Run the program's `futrou:` resources on the provider plugin: Pulumi.yaml gets
   * `plugins.providers: [{ name: futrou, path: <this folder> }]` (default: the build's dist/plugin).
   */
  plugin?: boolean | string;
}

/** The plugin folder `make build` writes (launcher, bundle, schema). */
export const PLUGIN_DIR = join(repoRoot, "dist", "plugin");

export async function programStack(opts: ProgramOptions): Promise<ProgramStack> {
  ensureToolchainOnPath();
  const source = existsSync(join(repoRoot, opts.program))
    ? join(repoRoot, opts.program)
    : join(repoRoot, "test", "e2e", "programs", opts.program);
  const { dir, backendUrl, stateFile, remove } = programDir(source);
  if (opts.plugin) {
    const path = typeof opts.plugin === "string" ? opts.plugin : PLUGIN_DIR;
    appendFileSync(join(dir, "Pulumi.yaml"), `plugins:\n  providers:\n    - name: futrou\n      path: ${path}\n`);
  }
  const envVars: Record<string, string> = {
    PULUMI_BACKEND_URL: backendUrl,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DIY_BACKEND_GZIP: "false",
    ...opts.env,
  };
  const stack = await LocalWorkspace.createStack({ stackName: opts.stackName ?? "test", workDir: dir }, { envVars });
  if (opts.config) await stack.setAllConfig(opts.config);

  return {
    stack,
    dir,
    async stateAtRest() {
      const project = (await stack.workspace.projectSettings()).name;
      return readFileSync(stateFile(project, stack.name), "utf8");
    },
    async dispose() {
      try {
        await stack.destroy({ onOutput: () => {} });
        await stack.workspace.removeStack(stack.name);
      } finally {
        remove();
      }
    },
  };
}

/** Edits the working copy's index.ts as a user edits their program; fails if `from` is not there. */
export function editProgram(ps: ProgramStack, from: string, to: string): void {
  const file = join(ps.dir, "index.ts");
  const text = readFileSync(file, "utf8");
  if (!text.includes(from)) throw new Error(`the program has no "${from}" to change`);
  writeFileSync(file, text.replace(from, to));
}

/** API writes (POST, PATCH, PUT, DELETE) in a stats snapshot of the emulator. */
export function writes(stats: EmulatorStats): number {
  return ["POST", "PATCH", "PUT", "DELETE"].reduce((n, m) => n + (stats.byMethod[m] ?? 0), 0);
}

/** One resource of the `table` program (test/e2e/programs/table): kind, logical name, args and options. */
export interface TableEntry {
  kind: string;
  name: string;
  args: Record<string, unknown>;
  opts?: Record<string, unknown>;
  secret?: string[];
}

export interface TableStack extends ProgramStack {
  /** Sets the resources the program declares from the next operation on. */
  use(resources: TableEntry[]): Promise<void>;
}

/** A stack of the `table` program against an emulator (token and URL from the environment). */
export async function tableStack(
  emulator: { url: string; token: string },
  stackName: string,
  resources: TableEntry[] = [],
  /** Store the list as secret config (the engine copies config into the state): for tests of secret values. */
  opts: { secretConfig?: boolean } = {},
): Promise<TableStack> {
  const config = (list: TableEntry[]) => ({ value: JSON.stringify(list), secret: opts.secretConfig === true });
  const ps = await programStack({
    program: "table",
    stackName,
    // The program is type-checked by `make lint` (tsconfig.programs.json); here it only needs to run.
    env: { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
    config: { resources: config(resources) },
  });
  return { ...ps, use: (next) => ps.stack.setConfig("resources", config(next)) };
}
