/**
 * `make release`: everything a release publishes, in dist/release/ (after `make build sdks`):
 *
 *   pulumi-resource-futrou-v<version>-<os>-<arch>.tar.gz   the provider binary per platform, in the names the
 *                                                         engine downloads through the schema's pluginDownloadURL
 *   pulumi-futrou-<version>.tgz                           npm: dynamic providers, SDK, plugin folder, emulator
 *   futrou-pulumi-<version>.tgz                           npm: the SDK generated from the schema (@futrou/pulumi)
 *   pulumi-futrou-sdk-go-v<version>.tar.gz                the Go SDK as the tree to commit at sdk/go and tag
 *                                                         sdk/go/v<version> (module github.com/futrou/pulumi-futrou/sdk/go)
 *   pulumi_futrou-<version>.tar.gz, …-py3-none-any.whl    the Python SDK, built by setuptools' PEP 517 backend
 *   checksums.txt                                         sha256 of each file above
 *
 * macOS is built (dist/bin/darwin-amd64) but not archived: injecting the blob breaks the Node binary's Apple
 * signature, and re-signing needs Apple's codesign, which this build does not have.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BIN_DIR, binaryName, buildBinary, TARGETS, type Target } from "./build-binary";
import { repoRoot } from "./program-dir";

export const RELEASE_DIR = join(repoRoot, "dist", "release");
const SDKS_DIR = join(repoRoot, "dist", "sdks");

/** Targets whose binary runs as built (see the header for macOS). */
export const ARCHIVED: readonly Target[] = TARGETS.filter((t) => !t.startsWith("darwin-"));

export const version = (): string =>
  (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

/** The asset name the engine asks a plugin download URL for (sdk/go/common/workspace/plugins.go). */
export const archiveName = (target: Target, v = version()): string => `pulumi-resource-futrou-v${v}-${target}.tar.gz`;

/** The binary of `target` (dist/bin) with the LICENSE, archived at the top level as the engine unpacks it. */
export function archive(target: Target, out = RELEASE_DIR): string {
  const file = join(out, archiveName(target));
  execFileSync("tar", ["-czf", file, "-C", join(BIN_DIR, target), binaryName(target), "-C", repoRoot, "LICENSE"]);
  return file;
}

/** Debian's python3 has setuptools and wheel (python3-setuptools, python3-wheel); another may lack wheel. */
function python(): string {
  return existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

async function main(): Promise<void> {
  for (const needed of [join(repoRoot, "dist", "plugin", "plugin.js"), join(SDKS_DIR, "nodejs", "bin", "index.js")]) {
    if (!existsSync(needed)) throw new Error(`${needed} is missing: run \`make build sdks\` first`);
  }
  rmSync(RELEASE_DIR, { recursive: true, force: true });
  mkdirSync(RELEASE_DIR, { recursive: true });

  for (const target of TARGETS) {
    await buildBinary(target);
    if (ARCHIVED.includes(target)) archive(target);
  }

  const npmPack = (dir: string) =>
    execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", RELEASE_DIR], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
  npmPack(repoRoot);
  npmPack(join(SDKS_DIR, "nodejs", "bin"));

  execFileSync("tar", [
    "-czf",
    join(RELEASE_DIR, `pulumi-futrou-sdk-go-v${version()}.tar.gz`),
    "--transform",
    "s,^go,sdk/go,",
    "-C",
    SDKS_DIR,
    "go",
  ]);

  const backend = `from setuptools import build_meta as b; b.build_sdist(${JSON.stringify(RELEASE_DIR)}); b.build_wheel(${JSON.stringify(RELEASE_DIR)})`;
  execFileSync(python(), ["-c", backend], { cwd: join(SDKS_DIR, "python"), stdio: ["ignore", "ignore", "inherit"] });
  for (const left of ["build", "pulumi_futrou.egg-info"])
    rmSync(join(SDKS_DIR, "python", left), { recursive: true, force: true });

  const files = readdirSync(RELEASE_DIR).sort();
  const sums = files.map(
    (f) =>
      `${createHash("sha256")
        .update(readFileSync(join(RELEASE_DIR, f)))
        .digest("hex")}  ${f}`,
  );
  writeFileSync(join(RELEASE_DIR, "checksums.txt"), `${sums.join("\n")}\n`);
  for (const f of files) {
    const kb = readFileSync(join(RELEASE_DIR, f)).length / 1e3;
    console.log(`${f.padEnd(56)} ${(kb < 1000 ? `${kb.toFixed(0)} kB` : `${(kb / 1e3).toFixed(1)} MB`).padStart(9)}`);
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`release: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
