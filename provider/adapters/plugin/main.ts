/**
 * Entry of the `futrou` provider plugin (bundled by the build into dist/plugin/plugin.js, started by the
 * `pulumi-resource-futrou` launcher beside it, or the single executable of `make binary`). The engine starts
 * it with its own address as the argument and reads the port it listens on from the first line of stdout.
 *
 * When it cannot work (a Node.js older than the provider needs, a failure while starting) it still prints a
 * port, and answers every call with the reason (./unavailable): the engine shows that line as the error.
 */
import { watchEngine } from "../../engine";
import { nodeVersionProblem } from "../../nodeRequirement";
import { serveUnavailable } from "./unavailable";

/** The futrou binary, which needs no Node.js. */
const BINARY =
  "install the futrou binary that needs no Node.js: " +
  "pulumi plugin install resource futrou <version> --file pulumi-resource-futrou-v<version>-<os>-<arch>.tar.gz.";

/**
 * What to do about an old Node.js running the plugin: the launcher (`node plugin.js`) honours
 * PULUMI_FUTROU_NODE; as the package folder's source-based plugin (the SDK requires this bundle) the Node.js
 * language host runs the `node` first on PATH.
 */
const REMEDY =
  require.main === module
    ? `Set PULUMI_FUTROU_NODE to a newer node binary, or ${BINARY}`
    : `Put a newer Node.js first on PATH (the Node.js language host runs this plugin folder with it), or ${BINARY}`;

const oneLine = (error: unknown): string =>
  (error instanceof Error ? error.message : String(error)).split("\n")[0] ?? "";

async function main(): Promise<number> {
  const problem = nodeVersionProblem(process.versions.node, process.execPath, REMEDY);
  if (problem) return (await serveUnavailable(`futrou plugin: ${problem}`)).port;
  try {
    // Loaded only on a Node.js that can: the HTTP client (undici) fails at load on an older one.
    const { serve, warnThrough } = await import("./server");
    const engine = process.argv[2];
    if (engine) warnThrough(engine);
    const { port } = await serve();
    // Exits when the engine is gone; confirms the creates it returned when the engine closes it (engine.ts).
    watchEngine();
    return port;
  } catch (error) {
    return (await serveUnavailable(`futrou plugin: could not start: ${oneLine(error)}`)).port;
  }
}

main().then(
  (port) => process.stdout.write(`${port}\n`),
  (error: unknown) => {
    process.stderr.write(`futrou plugin: could not start: ${oneLine(error)}\n`);
    process.exit(1);
  },
);
