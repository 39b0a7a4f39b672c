/**
 * `make demo`: the webapp example through the real Pulumi engine against the embedded Futrou emulator.
 * up → an out-of-band change (a serverlet's image edited, a DNS record deleted, straight through the API)
 * → `pulumi refresh` catches both → `pulumi up` repairs them → `pulumi destroy`. The output is the engine's own.
 */
import { spawn } from "node:child_process";
import { join } from "node:path";
import { startEmulator } from "../emulator";
import { FutrouClient } from "../provider/api/client";
import { DnsRecord, DnsZone, Serverlet } from "../provider/api/models";
import { programDir, repoRoot } from "./program-dir";

const STACK = "demo";

function banner(text: string): void {
  const line = "━".repeat(Math.min(100, text.length + 4));
  process.stdout.write(`\n\x1b[1;36m${line}\n  ${text}\n${line}\x1b[0m\n\n`);
}

async function main(): Promise<void> {
  banner("Starting the Futrou API emulator (127.0.0.1)");
  const emulator = await startEmulator({ deployDelayMs: 1500 });
  process.stdout.write(`emulator: ${emulator.url}\n`);
  const program = programDir(join(repoRoot, "examples", "webapp"));
  const env = {
    ...process.env,
    PULUMI_BACKEND_URL: program.backendUrl,
    PULUMI_CONFIG_PASSPHRASE: "futrou-demo",
    PULUMI_SKIP_UPDATE_CHECK: "true",
    FUTROU_API_URL: emulator.url,
  };
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

    banner("1. pulumi up — create the webapp stack");
    await pulumi(["up", "--yes", "--non-interactive"]);

    banner("2. Out-of-band changes, straight through the API");
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

    banner("3. pulumi refresh — drift is detected");
    await pulumi(["refresh", "--yes", "--non-interactive", "--diff"]);

    banner("4. pulumi up — the program's values are restored");
    await pulumi(["up", "--yes", "--non-interactive", "--diff"]);

    banner("5. pulumi preview — nothing left to change");
    await pulumi(["preview", "--non-interactive", "--expect-no-changes"]);

    banner("6. pulumi destroy");
    await pulumi(["destroy", "--yes", "--non-interactive"]);
    await pulumi(["stack", "rm", STACK, "--yes", "--non-interactive"]);

    const stats = emulator.stats();
    banner(`Done: the emulator answered ${stats.total} API requests`);
  } finally {
    program.remove();
    await emulator.close();
  }
}

main().catch((err: unknown) => {
  process.stderr.write(`demo failed: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
