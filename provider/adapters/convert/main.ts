/**
 * Entry of the `futrou` converter plugin (bundled by the build into dist/converter/converter.js, started by
 * the `pulumi-converter-futrou` launcher beside it). The engine starts it and reads the port it listens on
 * from the first line of stdout; it closes the plugin when the conversion is done.
 */
import { nodeVersionProblem } from "../../nodeRequirement";

const REMEDY = "Set PULUMI_FUTROU_NODE to a newer node binary.";

async function main(): Promise<number> {
  const problem = nodeVersionProblem(process.versions.node, process.execPath, REMEDY);
  if (problem) throw new Error(problem);
  const { serve } = await import("./server");
  return (await serve()).port;
}

main().then(
  (port) => process.stdout.write(`${port}\n`),
  (error: unknown) => {
    process.stderr.write(
      `futrou converter: could not start: ${(error instanceof Error ? error.message : String(error)).split("\n")[0]}\n`,
    );
    process.exit(1);
  },
);
