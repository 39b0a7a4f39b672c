/**
 * A Futrou CLI project deployed to an emulator the way the official CLI does it (test/emulator/futrou-cli:
 * its commands' request bodies, `config pull` and `deploy`), then converted with `pulumi convert --from
 * futrou` through the converter plugin `make build` writes (dist/converter), found on PATH as a user has it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { RunningEmulator } from "../../emulator";
import {
  ensureToolchainOnPath,
  PASSPHRASE,
  PLUGIN_DIR,
  type ProgramStack,
  programStack,
  repoRoot,
} from "../e2e/engine";
import { CliClient } from "../emulator/futrou-cli/client";
import type { ProjectConfig } from "../emulator/futrou-cli/deployer";

/** Runs a command without blocking the emulator's event loop; its stdout and stderr together, or why it failed. */
export function runAll(
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: opts.cwd, env: opts.env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => {
      output += d;
    });
    child.stderr.on("data", (d: Buffer) => {
      output += d;
    });
    child.on("error", reject);
    child.on("exit", (code, signal) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`${command} ${args.join(" ")} failed (${code ?? signal}):\n${output.slice(-4000)}`)),
    );
  });
}

export const CONVERTER_DIR = join(repoRoot, "dist", "converter");

/** The CLI's session against an emulator (its base URL has no `/v2`). */
export const cliSession = (emu: RunningEmulator) => new CliClient(emu.url.replace(/\/v2$/, ""), emu.token);

/** A scratch folder removed by `remove()`. */
export function scratch(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), `pulumi-futrou-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The environment of a `pulumi` command run by hand: the converter and the provider plugin on PATH. */
export function pulumiEnv(emu: RunningEmulator, home: string, extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  ensureToolchainOnPath();
  return {
    ...process.env,
    PATH: [CONVERTER_DIR, PLUGIN_DIR, process.env.PATH].join(":"),
    PULUMI_HOME: home,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: "true",
    PULUMI_DISABLE_REGISTRY_RESOLVE: "true",
    FUTROU_API_URL: emu.url,
    FUTROU_API_TOKEN: emu.token,
    ...extra,
  };
}

export interface Converted {
  /** The folder `pulumi convert` wrote. */
  out: string;
  /** Its combined output (the converter's warnings are there). */
  output: string;
}

/**
 * Writes `file` as futrou.json into a fresh folder and runs `pulumi convert --from futrou --language
 * <language> --generate-only` there, into `<folder>/out`.
 */
export async function convertWithPulumi(
  emu: RunningEmulator,
  file: ProjectConfig,
  language: string,
  root: string,
  env: Record<string, string> = {},
): Promise<Converted> {
  const source = join(root, `cli-${language}`);
  const out = join(root, `converted-${language}`);
  const home = join(root, "pulumi-home");
  mkdirSync(source, { recursive: true });
  mkdirSync(home, { recursive: true });
  writeFileSync(join(source, "futrou.json"), `${JSON.stringify(file, null, 2)}\n`);
  const args = ["convert", "--from", "futrou", "--language", language, "--out", out, "--generate-only"];
  const output = await runAll("pulumi", [...args, "--name", `converted-${language}`], {
    cwd: source,
    env: pulumiEnv(emu, home, env),
  }).catch((error: Error) => {
    // Pulumi 3.259's convert ends by asking the language host to link generated SDKs (there are none here);
    // pulumi-yaml 1.19.1 has no Link method, so its last step fails after the program is written.
    if (language === "yaml" && error.message.includes("unknown method Link") && existsSync(join(out, "Pulumi.yaml"))) {
      return error.message;
    }
    throw error;
  });
  return { out, output };
}

/** A stack of the converted program on the provider plugin, against the emulator. */
export function convertedStack(emu: RunningEmulator, out: string): Promise<ProgramStack> {
  return programStack({
    program: relative(repoRoot, out),
    plugin: true,
    env: { FUTROU_API_URL: emu.url, FUTROU_API_TOKEN: emu.token, PULUMI_NODEJS_TRANSPILE_ONLY: "true" },
  });
}
