/**
 * Builds the `futrou` provider plugin folder, dist/plugin/ (run by `make build` and `npm run build` after
 * tsc):
 *
 *   pulumi-resource-futrou   the launcher (POSIX sh): finds a Node.js ≥ 22.19 and runs plugin.js
 *   plugin.js                the plugin and everything it needs (gRPC, protobuf, zod, undici), one file
 *   schema.json              the package schema (provider/schema.ts, descriptions from the SDK's TSDoc)
 *
 * The folder is self-contained and small (the YAML language host measures a plugin's whole folder), so it
 * can be copied anywhere: `pulumi plugin install resource futrou <version> --file dist/plugin`.
 */
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { packageSchema } from "../provider/schema";
import { extractDocs } from "./docs";
import { repoRoot } from "./program-dir";

export const PLUGIN_DIR = join(repoRoot, "dist", "plugin");
export const LAUNCHER = "pulumi-resource-futrou";

/** The schema exactly as the plugin serves it. */
export function schemaText(): string {
  const { version } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
  return `${JSON.stringify(packageSchema({ docs: extractDocs(join(repoRoot, "sdk")), version }), null, 2)}\n`;
}

async function main(): Promise<void> {
  mkdirSync(PLUGIN_DIR, { recursive: true });
  writeFileSync(join(PLUGIN_DIR, "schema.json"), schemaText());
  await build({
    entryPoints: [join(repoRoot, "provider", "adapters", "plugin", "main.ts")],
    outfile: join(PLUGIN_DIR, "plugin.js"),
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    minifyWhitespace: true,
    legalComments: "linked",
    logLevel: "warning",
  });
  copyFileSync(join(repoRoot, "provider", "adapters", "plugin", LAUNCHER), join(PLUGIN_DIR, LAUNCHER));
  chmodSync(join(PLUGIN_DIR, LAUNCHER), 0o755);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
