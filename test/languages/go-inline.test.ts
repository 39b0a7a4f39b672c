/**
 * examples/go-inline: a Go program on the Go SDK generated from the plugin's schema, run through the
 * Automation API's inline source (no Go language host: the engine talks to the program's own process).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ensureToolchainOnPath, PASSPHRASE, repoRoot } from "../e2e/engine";
import { type Changes, colleagueOf, DB_PASSWORD, describeLifecycle, PLUGIN_DIR, run } from "./lifecycle";

describeLifecycle("Go through the Automation API's inline source (examples/go-inline)", async (emulator) => {
  ensureToolchainOnPath();
  const scratch = mkdtempSync(join(tmpdir(), "pulumi-futrou-go-"));
  const binary = join(scratch, "go-inline");
  const workdir = join(scratch, "work");
  const backend = join(scratch, "backend");
  mkdirSync(workdir);
  mkdirSync(backend);
  // -trimpath as in scripts/install-pulumi.sh, so the toolchain's compiled sdk/v3 packages are reused.
  await run("go", ["build", "-trimpath", "-o", binary, "."], { cwd: join(repoRoot, "examples", "go-inline") });
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: `file://${backend}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    PULUMI_DIY_BACKEND_GZIP: "false",
    FUTROU_PLUGIN_DIR: PLUGIN_DIR,
    FUTROU_API_URL: emulator.url,
    FUTROU_API_TOKEN: emulator.token,
    DB_PASSWORD,
    COLLEAGUE_USER_ID: colleagueOf(emulator),
  };
  const op = async (name: string): Promise<{ changes: Changes; outputs?: Record<string, unknown> }> =>
    JSON.parse(await run(binary, ["-workdir", workdir, name], { env }));
  return {
    up: async () => {
      const { changes, outputs } = await op("up");
      return { changes, outputs: outputs ?? {} };
    },
    refresh: async () => (await op("refresh")).changes,
    destroy: async () => (await op("destroy")).changes,
    stateAtRest: async () => readFileSync(join(backend, ".pulumi", "stacks", "futrou-go-inline", "dev.json"), "utf8"),
    dispose: async () => {
      try {
        await op("destroy");
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    },
  };
});
