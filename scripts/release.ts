/**
 * `make release`: everything a release publishes, in dist/release/ (after `make build sdks`):
 *
 *   pulumi-resource-futrou-v<version>-<os>-<arch>.tar.gz   the provider binary per platform, in the names the
 *                                                         engine downloads through the schema's pluginDownloadURL
 *   pulumi-converter-futrou-v<version>-<os>-<arch>.tar.gz the converter plugin (`pulumi convert --from futrou`), its
 *                                                         Node.js launcher folder (dist/converter), for each POSIX
 *                                                         platform, in the names `pulumi plugin install converter` asks
 *   pulumi-futrou-<version>.tgz                           npm: dynamic providers, SDK, plugin folder, emulator
 *   futrou-pulumi-<version>.tgz                           npm: the SDK generated from the schema (@futrou/pulumi)
 *   pulumi-futrou-sdk-go-v<version>.tar.gz                the Go SDK as the tree to commit at sdk/ and tag
 *                                                         sdk/v<version>: module github.com/futrou/pulumi-futrou/sdk
 *                                                         (sdk/go.mod), package …/sdk/go/futrou (sdk/go/futrou/)
 *   goproxy/github.com/futrou/pulumi-futrou/sdk/@v/       the same module in the module proxy's layout (list,
 *                                                         v<version>.info, .mod, .zip), what `go mod download`
 *                                                         reads from GOPROXY=file://…/goproxy
 *   pulumi_futrou-<version>.tar.gz, …-py3-none-any.whl    the Python SDK, built by setuptools' PEP 517 backend
 *   checksums.txt                                         sha256 of each file above
 *
 * macOS is built (dist/bin/darwin-amd64) but not archived: injecting the blob breaks the Node binary's Apple
 * signature, and re-signing needs Apple's codesign, which this build does not have.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN_DIR, binaryName, buildBinary, TARGETS, type Target } from "./build-binary";
import { repoRoot } from "./program-dir";

export const RELEASE_DIR = join(repoRoot, "dist", "release");
/**
 * The Go SDK's module path (dist/sdks/go/go.mod) and its folder in the module proxy's layout: the repository's
 * sdk/ folder, tagged sdk/v<version>, as Pulumi's providers publish theirs. Its package is GO_PACKAGE.
 */
export const GO_MODULE = "github.com/futrou/pulumi-futrou/sdk";
/** The import path of the Go SDK's package, in GO_MODULE's folder go/futrou (dist/sdks/go/go/futrou). */
export const GO_PACKAGE = `${GO_MODULE}/go/futrou`;
/** The git tag a release publishes the Go module at: the module's folder in the repository, then the version. */
export const goTag = (v = version()): string => `sdk/v${v}`;
export const GOPROXY_DIR = join(RELEASE_DIR, "goproxy");
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

/**
 * The Go module at tag v<version> in the module proxy's layout under `proxy` (the files `go mod download`
 * reads from GOPROXY=file://<proxy>): `@v/list`, `.info`, `.mod` and the `.zip` whose entries sit under
 * `<module>@v<version>/`, as golang.org/x/mod/zip writes them.
 */
export function goProxyModule(sdk: string, proxy: string, v = version()): string {
  const tag = `v${v}`;
  const module = /^module (\S+)$/m.exec(readFileSync(join(sdk, "go.mod"), "utf8"))?.[1];
  if (module !== GO_MODULE) throw new Error(`${sdk}/go.mod names module ${module}, not ${GO_MODULE}`);
  const at = join(proxy, ...GO_MODULE.split("/"), "@v");
  mkdirSync(at, { recursive: true });
  writeFileSync(join(at, "list"), `${tag}\n`);
  writeFileSync(join(at, `${tag}.info`), JSON.stringify({ Version: tag, Time: new Date().toISOString() }));
  copyFileSync(join(sdk, "go.mod"), join(at, `${tag}.mod`));
  const zip = [
    "import os, sys, zipfile",
    "sdk, out, prefix = sys.argv[1:4]",
    "with zipfile.ZipFile(out, 'w', zipfile.ZIP_DEFLATED) as z:",
    "    for root, dirs, files in os.walk(sdk):",
    "        dirs.sort()",
    "        for f in sorted(files):",
    "            p = os.path.join(root, f)",
    "            z.write(p, prefix + os.path.relpath(p, sdk))",
  ].join("\n");
  execFileSync(python(), ["-c", zip, sdk, join(at, `${tag}.zip`), `${GO_MODULE}@${tag}/`]);
  return at;
}

/** POSIX targets, where the converter's `sh` launcher runs (with Node.js ≥ 22.19, as the npm package's). */
export const CONVERTER_TARGETS: readonly Target[] = TARGETS.filter((t) => !t.startsWith("windows-"));

export const converterArchiveName = (target: Target, v = version()): string =>
  `pulumi-converter-futrou-v${v}-${target}.tar.gz`;

/** The converter folder (dist/converter: launcher, bundle) with the LICENSE, at the top level of the archive. */
export function converterArchive(target: Target, out = RELEASE_DIR): string {
  const file = join(out, converterArchiveName(target));
  const dir = join(repoRoot, "dist", "converter");
  execFileSync("tar", ["-czf", file, "-C", dir, ...readdirSync(dir), "-C", repoRoot, "LICENSE"]);
  return file;
}

/** Debian's python3 has setuptools and wheel (python3-setuptools, python3-wheel); another may lack wheel. */
function python(): string {
  return existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
}

/**
 * The packages of a release, into `out`: both npm tarballs, the Go SDK's tree and its module in the proxy's
 * layout (`out`/goproxy), the Python sdist and wheel (built in a copy of dist/sdks/python, so two builds never
 * share a folder). Needs `make build sdks`. The tests write one into a scratch folder with the host's archive.
 */
export function writePackages(out: string): void {
  for (const needed of [join(repoRoot, "dist", "plugin", "plugin.js"), join(SDKS_DIR, "nodejs", "bin", "index.js")]) {
    if (!existsSync(needed)) throw new Error(`${needed} is missing: run \`make build sdks\` first`);
  }
  mkdirSync(out, { recursive: true });
  const npmPack = (dir: string) =>
    execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", out], {
      cwd: dir,
      stdio: ["ignore", "ignore", "inherit"],
    });
  npmPack(repoRoot);
  npmPack(join(SDKS_DIR, "nodejs", "bin"));

  execFileSync("tar", [
    "-czf",
    join(out, `pulumi-futrou-sdk-go-v${version()}.tar.gz`),
    "--transform",
    "s,^go,sdk,",
    "-C",
    SDKS_DIR,
    "go",
  ]);
  goProxyModule(join(SDKS_DIR, "go"), join(out, "goproxy"));

  const scratch = mkdtempSync(join(tmpdir(), "futrou-python-build-"));
  try {
    cpSync(join(SDKS_DIR, "python"), scratch, { recursive: true });
    const backend = `from setuptools import build_meta as b; b.build_sdist(${JSON.stringify(out)}); b.build_wheel(${JSON.stringify(out)})`;
    // setuptools' warnings (the sdist's missing top-level README) are noise here; a failure keeps its stderr.
    execFileSync(python(), ["-c", backend], { cwd: scratch, stdio: ["ignore", "ignore", "pipe"] });
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  rmSync(RELEASE_DIR, { recursive: true, force: true });
  mkdirSync(RELEASE_DIR, { recursive: true });

  for (const target of TARGETS) {
    await buildBinary(target);
    if (ARCHIVED.includes(target)) archive(target);
    if (CONVERTER_TARGETS.includes(target)) converterArchive(target);
  }
  writePackages(RELEASE_DIR);

  const files = readdirSync(RELEASE_DIR)
    .filter((f) => statSync(join(RELEASE_DIR, f)).isFile())
    .sort();
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
