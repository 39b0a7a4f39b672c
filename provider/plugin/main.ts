/**
 * Entry of the `futrou` provider plugin (bundled by the build into dist/plugin/plugin.js, started by the
 * `pulumi-resource-futrou` launcher beside it). The engine starts it with its own address as the argument
 * and reads the port it listens on from the first line of stdout.
 */
// First: an old Node.js gets a message naming the version it needs.
import "../nodeVersion";
import { watchEngine } from "../engine";
import { serve, warnThrough } from "./server";

async function main(): Promise<void> {
  const engine = process.argv[2];
  if (engine) warnThrough(engine);
  const { port } = await serve();
  // Exits when the engine is gone; confirms the creates it returned when the engine closes it (engine.ts).
  watchEngine();
  process.stdout.write(`${port}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`futrou plugin: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
