/**
 * Builds the provider plugin as one executable per platform that needs no Node.js:
 * dist/bin/<os>-<arch>/pulumi-resource-futrou (.exe on Windows), with Node's single executable applications.
 *
 *   node dist/scripts/build-binary.js                  this machine's platform (what `make binary` and the tests use)
 *   node dist/scripts/build-binary.js linux-arm64 …    the named targets (`make release` names them all)
 *
 * Each binary is that platform's Node.js (the npm package `node-<os>-<arch>` of exactly this Node's version:
 * the blob is only readable by the Node that wrote it) with dist/plugin/plugin.js and schema.json injected by
 * postject. The host's own target also carries V8's code cache (faster start); a cross-built one cannot.
 */
import { execFileSync } from "node:child_process";
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { inject } from "postject";
import { LAUNCHER, PLUGIN_DIR } from "./build-plugin";
import { repoRoot } from "./program-dir";

/** Pulumi's names (the engine downloads `pulumi-resource-futrou-v<version>-<os>-<arch>.tar.gz`). */
export const TARGETS = ["linux-amd64", "linux-arm64", "windows-amd64", "darwin-amd64"] as const;
export type Target = (typeof TARGETS)[number];

export const BIN_DIR = join(repoRoot, "dist", "bin");

/** The fuse Node's SEA support looks for (node/src/node_sea.cc). */
const SEA_FUSE = "NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2";

const isTarget = (name: string): name is Target => (TARGETS as readonly string[]).includes(name);

/** The target this machine runs, if it is one we build. */
export function hostTarget(): Target | undefined {
  const os = process.platform === "win32" ? "windows" : process.platform;
  const arch = { x64: "amd64", arm64: "arm64" }[process.arch as string];
  const name = `${os}-${arch}`;
  return isTarget(name) ? name : undefined;
}

export function binaryName(target: Target): string {
  return target.startsWith("windows-") ? `${LAUNCHER}.exe` : LAUNCHER;
}

export function binaryPath(target: Target): string {
  return join(BIN_DIR, target, binaryName(target));
}

/**
 * The Node.js executable of a target, at this Node's version: the running one for the host's target, else
 * unpacked from the npm package `node-<os>-<arch>` (fetched once with `npm pack`, kept in the cache).
 */
function nodeBinary(target: Target): string {
  if (target === hostTarget()) return process.execPath;
  const [os, arch] = target.split("-") as [string, string];
  const pkg = `node-${os === "windows" ? "win" : os}-${arch === "amd64" ? "x64" : arch}`;
  const version = process.versions.node;
  const cache = join(
    process.env.PULUMI_FUTROU_CACHE ?? join(homedir(), ".cache", "pulumi-futrou"),
    "node",
    version,
    pkg,
  );
  const inPackage = os === "windows" ? "package/bin/node.exe" : "package/bin/node";
  const binary = join(cache, inPackage);
  if (!existsSync(binary)) {
    mkdirSync(cache, { recursive: true });
    execFileSync("npm", ["pack", `${pkg}@${version}`, "--pack-destination", cache, "--silent"], { stdio: "ignore" });
    execFileSync("tar", ["-xzf", join(cache, `${pkg}-${version}.tgz`), "-C", cache, inPackage]);
    rmSync(join(cache, `${pkg}-${version}.tgz`));
  }
  return binary;
}

/** The SEA blob of plugin.js and schema.json, written by this Node (`--experimental-sea-config`). */
function seaBlob(codeCache: boolean): Buffer {
  const work = mkdtempSync(join(tmpdir(), "futrou-sea-"));
  try {
    const config = join(work, "sea-config.json");
    const output = join(work, "sea-prep.blob");
    writeFileSync(
      config,
      JSON.stringify({
        main: join(PLUGIN_DIR, "plugin.js"),
        output,
        disableExperimentalSEAWarning: true,
        useCodeCache: codeCache,
        assets: { "schema.json": join(PLUGIN_DIR, "schema.json") },
      }),
    );
    execFileSync(process.execPath, ["--experimental-sea-config", config], { stdio: "ignore" });
    return readFileSync(output);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export async function buildBinary(target: Target): Promise<string> {
  if (!existsSync(join(PLUGIN_DIR, "plugin.js"))) throw new Error("dist/plugin is not built: run `make build`");
  const out = binaryPath(target);
  mkdirSync(join(BIN_DIR, target), { recursive: true });
  copyFileSync(nodeBinary(target), out);
  chmodSync(out, 0o755);
  await inject(out, "NODE_SEA_BLOB", seaBlob(target === hostTarget()), {
    sentinelFuse: SEA_FUSE,
    ...(target.startsWith("darwin-") ? { machoSegmentName: "NODE_SEA" } : {}),
  });
  return out;
}

async function main(): Promise<void> {
  const named = process.argv.slice(2);
  const unknown = named.filter((t) => !isTarget(t));
  if (unknown.length > 0) throw new Error(`unknown target ${unknown.join(", ")}: choose from ${TARGETS.join(", ")}`);
  const host = hostTarget();
  const targets = named.length > 0 ? (named as Target[]) : host ? [host] : [];
  if (targets.length === 0) throw new Error(`no binary for ${process.platform}-${process.arch}: name a target`);
  for (const target of targets) console.log(await buildBinary(target));
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(`build-binary: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
