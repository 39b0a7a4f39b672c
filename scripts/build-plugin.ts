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
 *
 * And the converter plugin folder, dist/converter/ (`pulumi convert --from futrou`):
 *
 *   pulumi-converter-futrou  the same launcher, which runs converter.js when named so
 *   converter.js             the converter (provider/adapters/convert/main.ts) and everything it needs, one file
 *
 * found on PATH or installed with `pulumi plugin install converter futrou <version> --file dist/converter`.
 */
import { chmodSync, copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build, type Plugin } from "esbuild";
import { COLLECTIONS } from "../provider/api/contract";
import { packageSchema } from "../provider/schema";
import { extractDocs } from "./docs";
import { repoRoot } from "./program-dir";

export const PLUGIN_DIR = join(repoRoot, "dist", "plugin");
export const LAUNCHER = "pulumi-resource-futrou";
export const CONVERTER_DIR = join(repoRoot, "dist", "converter");
export const CONVERTER_LAUNCHER = "pulumi-converter-futrou";

/** The schema exactly as the plugin serves it. */
export function schemaText(): string {
  const { version } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
  return `${JSON.stringify(packageSchema({ docs: extractDocs(join(repoRoot, "sdk")), version }), null, 2)}\n`;
}

/**
 * The registry finds a kind's spec by a `require` whose path holds the kind's name (provider/kinds/load.ts), which
 * a bundle cannot resolve at run time: in the bundle that module is one literal `require` per kind of the
 * contract's `COLLECTIONS`, each run on first use, so the bundle holds every kind and names none by hand.
 */
const EVERY_KIND: Plugin = {
  name: "futrou-every-kind",
  setup(b) {
    b.onLoad({ filter: /[\\/]provider[\\/]kinds[\\/]load\.ts$/ }, () => {
      const cases = Object.keys(COLLECTIONS).map(
        (kind) => `    case ${JSON.stringify(kind)}:\n      return require(${JSON.stringify(`./${kind}/spec`)});\n`,
      );
      return {
        loader: "ts",
        resolveDir: join(repoRoot, "provider", "kinds"),
        contents:
          "export function loadSpecModule(kind: string): unknown {\n  switch (kind) {\n" +
          `${cases.join("")}  }\n  throw new Error(\`futrou: no kind \${kind} in this bundle\`);\n}\n`,
      };
    });
  },
};

/** One plugin folder: the entry bundled into `bundle`, and the launcher under the plugin's name. */
async function pluginFolder(dir: string, entry: string, bundle: string, launcher: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await build({
    entryPoints: [entry],
    outfile: join(dir, bundle),
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    minifyWhitespace: true,
    legalComments: "linked",
    logLevel: "warning",
    plugins: [EVERY_KIND],
  });
  copyFileSync(join(repoRoot, "provider", "adapters", "plugin", LAUNCHER), join(dir, launcher));
  chmodSync(join(dir, launcher), 0o755);
}

async function main(): Promise<void> {
  mkdirSync(PLUGIN_DIR, { recursive: true });
  writeFileSync(join(PLUGIN_DIR, "schema.json"), schemaText());
  await pluginFolder(PLUGIN_DIR, join(repoRoot, "provider", "adapters", "plugin", "main.ts"), "plugin.js", LAUNCHER);
  await pluginFolder(
    CONVERTER_DIR,
    join(repoRoot, "provider", "adapters", "convert", "main.ts"),
    "converter.js",
    CONVERTER_LAUNCHER,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
