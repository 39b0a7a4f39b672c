/**
 * `make demo`: the webapp through the real Pulumi engine against the embedded Futrou emulator, in both modes:
 * first examples/webapp (TypeScript on the dynamic providers), then examples/yaml (Pulumi YAML on the futrou
 * provider plugin). Each: up → an out-of-band change (a serverlet's image edited, a DNS record deleted,
 * straight through the API) → `pulumi refresh` catches both → `pulumi up` repairs them → `pulumi destroy`.
 * The output is the engine's own.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../emulator";
import { FutrouClient } from "../provider/api/client";
import { DnsRecord, DnsZone, Serverlet } from "../provider/kinds";
import { programDir, repoRoot } from "./program-dir";

const STACK = "demo";

function headline(text: string): void {
  const line = "━".repeat(Math.min(100, text.length + 4));
  process.stdout.write(`\n\x1b[1;36m${line}\n  ${text}\n${line}\x1b[0m\n\n`);
}

/**
 * One example through the whole story: up, an out-of-band change (a serverlet's image edited, the `www`
 * DNS record deleted), refresh, repair, a clean preview, destroy.
 */
async function story(mode: string, example: string, emulator: RunningEmulator, step: { n: number }): Promise<void> {
  const program = programDir(join(repoRoot, "examples", example));
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: program.backendUrl,
    PULUMI_CONFIG_PASSPHRASE: "futrou-demo",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    FUTROU_API_URL: emulator.url,
  };
  const banner = (text: string) => headline(`${++step.n}. ${text} (${mode}: examples/${example})`);
  // The token goes in as a secret stack config value, as a user would set it; never on a command line
  // that is echoed, never in plain text in state.
  // Asynchronous on purpose: the emulator answers from this process's event loop while pulumi runs.
  const pulumi = (args: string[], input?: string): Promise<void> => {
    const shown = args.includes("--secret") ? [...args, "<from stdin>"] : args;
    process.stdout.write(`\x1b[2m$ pulumi ${shown.join(" ")}\x1b[0m\n`);
    const child = spawn("pulumi", args, {
      cwd: program.dir,
      env,
      stdio: [input === undefined ? "ignore" : "pipe", "inherit", "inherit"],
    });
    if (input !== undefined) child.stdin?.end(input);
    return new Promise((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", (code, signal) =>
        code === 0 ? resolve() : reject(new Error(`pulumi ${args[0]} failed (exit ${code ?? signal})`)),
      );
    });
  };

  try {
    await pulumi(["stack", "init", STACK, "--non-interactive"]);
    await pulumi(["config", "set", "--secret", "futrou:apiToken"], emulator.token);
    await pulumi(["config", "set", "--secret", "dbPassword"], "correct-horse-battery-staple");
    // A colleague with a Futrou user of their own, made a developer on the project by the YAML stack.
    await pulumi(["config", "set", "colleagueUserId", emulator.createWorkspace({ name: "colleague" }).userId]);

    banner("pulumi up — create the webapp stack");
    await pulumi(["up", "--yes", "--non-interactive"]);

    banner("Out-of-band changes, straight through the API");
    const client = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
    const [app] = await client.list("/serverlets", Serverlet, { search: "app-" });
    if (!app) throw new Error("the demo's serverlet was not found in the emulator");
    await client.patch(`/serverlets/${app.id}`, { image: `${app.image}-hotfix` }, Serverlet);
    process.stdout.write(`serverlet ${app.name}: image changed to ${app.image}-hotfix\n`);
    const zones = await client.list("/dns", DnsZone);
    for (const zone of zones) {
      const records = await client.list(`/dns/${zone.id}/records`, DnsRecord);
      const www = records.find((r) => r.name === "www");
      if (www) {
        await client.delete(`/dns/${zone.id}/records/${www.id}`);
        process.stdout.write(`DNS record www (${www.type} ${www.value}) deleted\n`);
      }
    }

    banner("pulumi refresh — drift is detected");
    await pulumi(["refresh", "--yes", "--non-interactive", "--diff"]);

    banner("pulumi up — the program's values are restored");
    await pulumi(["up", "--yes", "--non-interactive", "--diff"]);

    banner("pulumi preview — nothing left to change");
    await pulumi(["preview", "--non-interactive", "--expect-no-changes"]);

    banner("pulumi destroy");
    await pulumi(["destroy", "--yes", "--non-interactive"]);
    await pulumi(["stack", "rm", STACK, "--yes", "--non-interactive"]);
  } finally {
    program.remove();
  }
}

async function main(): Promise<void> {
  headline("Starting the Futrou API emulator (127.0.0.1)");
  const emulator = await startEmulator({ deployDelayMs: 1500 });
  process.stdout.write(`emulator: ${emulator.url}\n`);
  const step = { n: 0 };
  try {
    headline("Mode 1: dynamic providers — a TypeScript program on the pulumi-futrou SDK (no plugin to install)");
    await story("dynamic providers", "webapp", emulator, step);
    headline(
      "Mode 2: the futrou provider plugin — the same stack in Pulumi YAML (plugin from dist/plugin, `plugins.providers` in Pulumi.yaml)",
    );
    await story("provider plugin", "yaml", emulator, step);
    const stats = emulator.stats();
    headline(`Done: the emulator answered ${stats.total} API requests`);
  } finally {
    await emulator.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
