/**
 * Projects run the way their users run them: the `pulumi` CLI in the project's folder (`pulumi install`,
 * `pulumi up`, `pulumi refresh`, `pulumi import`, …), which starts the project's language host (our Go and
 * Python hosts for `runtime: go` and `runtime: python`). Each project is a scratch copy with its own local
 * backend and PULUMI_HOME, against the emulator.
 *
 * Clone routes, until the registries stand in for the public ones: a copied project's relative paths into
 * this clone's dist/ (the plugin folder, the generated Go and Python SDKs) are made absolute; a Python project
 * uses the clone's shared virtualenv (dist/python-venv: `pulumi install` creates it once and refreshes it,
 * pip's own cache keeps the downloads), so one test run installs the `pulumi` package once.
 */
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { FutrouClient } from "../../provider/api/client";
import { Project } from "../../provider/kinds";
import { ensureToolchainOnPath, repoRoot, writes } from "../e2e/engine";
import {
  type Changes,
  colleagueOf,
  DB_PASSWORD,
  type LanguageStack,
  PACKAGE_VERSION,
  PLUGIN_DIR,
  requireBuilt,
  run,
  scratchPulumiEnv,
} from "./lifecycle";

/** The clone's virtualenv for Python projects in tests (`pulumi install` fills it from requirements.txt). */
export const PYTHON_VENV = join(repoRoot, "dist", "python-venv");

export interface CliProject {
  /** The project's folder. */
  dir: string;
  /** Runs `pulumi <args>` in the project (non-interactive); resolves with its stdout. */
  pulumi(args: string[]): Promise<string>;
  /** The resource changes of the stack's last update (`pulumi stack history`). */
  lastChanges(): Promise<Changes>;
  /** Removes the scratch folder (the stack's state with it). */
  remove(): void;
}

/** Each text file under dir, recursively (no venv, no module cache). */
function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (name === "venv" || name === "__pycache__") return [];
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/**
 * A scratch copy of the project in source (a folder of this repository) or of the given files, with the
 * clone's relative paths made absolute and, for Python, the shared virtualenv; a stack `dev` selected.
 */
export async function cliProject(
  source: string | Record<string, string>,
  emulator: RunningEmulator,
): Promise<CliProject> {
  ensureToolchainOnPath();
  const root = mkdtempSync(join(tmpdir(), "futrou-cli-"));
  const dir = join(root, "project");
  mkdirSync(dir);
  if (typeof source === "string") cpSync(join(repoRoot, source), dir, { recursive: true });
  else for (const [name, text] of Object.entries(source)) writeFileSync(join(dir, name), text);
  for (const file of files(dir)) {
    const text = readFileSync(file, "utf8");
    const absolute = text
      .replaceAll(/(?:\.\.\/)+dist\//g, `${join(repoRoot, "dist")}/`)
      .replace(/^(\s+virtualenv:) venv$/m, `$1 ${PYTHON_VENV}`);
    if (absolute !== text) writeFileSync(file, absolute);
  }
  const env = scratchPulumiEnv(root, { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token });
  const pulumi = (args: string[]) => run("pulumi", [...args, "--non-interactive"], { cwd: dir, env });
  // The plugin into the scratch plugin cache, as the installation page says: `pulumi install` then finds the
  // futrou plugin that the SDK names (it downloads what it does not find) instead of downloading it.
  await pulumi(["plugin", "install", "resource", "futrou", PACKAGE_VERSION, "--file", PLUGIN_DIR]);
  await pulumi(["stack", "init", "dev"]);
  return {
    dir,
    pulumi,
    async lastChanges() {
      const history: { resourceChanges?: Changes }[] = JSON.parse(await pulumi(["stack", "history", "--json"]));
      return history[0]?.resourceChanges ?? {};
    },
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The stack of examples/<name> (the webapp) run with the `pulumi` CLI, as describeLifecycle drives it. */
export async function cliWebappStack(example: string, emulator: RunningEmulator): Promise<LanguageStack> {
  const project = await cliProject(example, emulator);
  const { pulumi, lastChanges } = project;
  await pulumi(["install"]);
  await pulumi(["config", "set", "--secret", "dbPassword", DB_PASSWORD]);
  await pulumi(["config", "set", "colleagueUserId", colleagueOf(emulator)]);
  const name = /^name: (\S+)$/m.exec(readFileSync(join(project.dir, "Pulumi.yaml"), "utf8"))?.[1] ?? "";
  return {
    async up() {
      await pulumi(["up", "--yes", "--skip-preview"]);
      const outputs: Record<string, unknown> = JSON.parse(await pulumi(["stack", "output", "--json"]));
      return { changes: await lastChanges(), outputs };
    },
    async refresh() {
      await pulumi(["refresh", "--yes", "--skip-preview"]);
      return lastChanges();
    },
    async destroy() {
      await pulumi(["destroy", "--yes", "--skip-preview"]);
      return lastChanges();
    },
    stateAtRest: async () => readFileSync(join(project.dir, "..", ".pulumi", "stacks", name, "dev.json"), "utf8"),
    async dispose() {
      try {
        await pulumi(["destroy", "--yes", "--skip-preview"]);
      } finally {
        project.remove();
      }
    },
  };
}

/**
 * A describe block's emulator, started before its first test, and the CLI project its test makes: destroyed
 * and removed, and the emulator closed, after its last test (also when one fails).
 */
export function cliScope(): {
  emulator(): RunningEmulator;
  project(source: Record<string, string>): Promise<CliProject>;
} {
  let emulator: RunningEmulator | undefined;
  let project: CliProject | undefined;
  beforeAll(async () => {
    requireBuilt();
    emulator = await startEmulator({ deployDelayMs: 100 });
  });
  afterAll(async () => {
    try {
      await project?.pulumi(["destroy", "--yes", "--skip-preview"]);
    } finally {
      project?.remove();
      await emulator?.close();
    }
  });
  const running = (): RunningEmulator => {
    if (!emulator) throw new Error("the emulator starts in beforeAll");
    return emulator;
  };
  return {
    emulator: running,
    async project(source) {
      project = await cliProject(source, running());
      return project;
    },
  };
}

/**
 * `pulumi import futrou:index:Project shop <id>` in a project of the given files (the program empty): the
 * printed code (checked by expectCode), written over the program file and its dependencies installed, makes
 * the next `up` change and write nothing. Run after the language's lifecycle (the Python project uses the virtualenv it installed).
 */
export function describeImport(
  language: string,
  files: (pluginDir: string) => Record<string, string>,
  programFile: string,
  expectCode: (code: string) => void,
): void {
  describe(`pulumi import in a ${language} project`, () => {
    const scope = cliScope();

    it(`prints ${language} on the generated SDK, which goes up with no change`, async () => {
      const emulator = scope.emulator();
      const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
      const shop = await api.create(
        "/projects",
        { name: "imported-shop", displayName: "Shop", workspaceId: emulator.workspaceId },
        Project,
      );
      const project = await scope.project(files(PLUGIN_DIR));
      await project.pulumi(["install"]);
      const out = join(project.dir, "..", "imported-code");
      await project.pulumi([
        "import",
        "futrou:index:Project",
        "shop",
        shop.id,
        "--yes",
        "--protect=false",
        "--out",
        out,
      ]);
      expect(await project.lastChanges()).toEqual({ create: 1, import: 1 });

      const code = readFileSync(out, "utf8");
      expectCode(code);

      // The program now uses the SDK: the language's install (`go mod tidy` adds it back to go.mod).
      writeFileSync(join(project.dir, programFile), code);
      await project.pulumi(["install"]);
      emulator.resetStats();
      await project.pulumi(["up", "--yes", "--skip-preview"]);
      expect(await project.lastChanges()).toEqual({ same: 2 });
      expect(writes(emulator.stats())).toBe(0);
    }, 900_000);
  });
}
