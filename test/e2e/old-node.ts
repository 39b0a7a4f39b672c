/**
 * A Node.js older than the package needs, for the tests of what a user on an old Node.js reads. The machine's
 * own when it is old (Debian's /usr/bin/node is 20 on these machines); otherwise Node.js 20 from the npm
 * registry (`node-<platform>-<arch>`, the package that carries the binary, as node@22 in our devDependencies
 * does), installed once beside the Pulumi toolchain. So the tests run the same on a machine without one.
 */
import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { atLeast } from "../../provider/nodeRequirement";

/** The Node.js 20 release the fallback installs: the one Debian ships on these machines. */
export const OLD_NODE_VERSION = "20.20.2";

function versionOf(node: string): string | undefined {
  const r = spawnSync(node, ["--version"], { encoding: "utf8" });
  return r.status === 0 ? r.stdout.trim() : undefined;
}

/** Node.js 20 from the npm registry in `dir` (installed there if it is not yet), as the path of its binary. */
export function installOldNode(dir: string): string {
  const name = `node-${process.platform}-${process.arch}`;
  const node = join(dir, "node_modules", name, "bin", "node");
  if (versionOf(node) !== `v${OLD_NODE_VERSION}`) {
    mkdirSync(dir, { recursive: true });
    execFileSync(
      "npm",
      [
        "install",
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        "--loglevel=error",
        "--prefix",
        dir,
        `${name}@${OLD_NODE_VERSION}`,
      ],
      { stdio: "ignore", timeout: 300_000 },
    );
  }
  return realpathSync(node);
}

/**
 * The path (symlinks resolved, as `process.execPath` reports it) of a Node.js older than the package needs:
 * /usr/bin/node or /usr/local/bin/node when one is old, else the npm registry's Node.js 20.
 */
export function oldNode(): string {
  const system = ["/usr/bin/node", "/usr/local/bin/node"].find((n) => {
    if (!existsSync(n)) return false;
    const version = versionOf(n);
    return version !== undefined && !atLeast(version);
  });
  if (system) return realpathSync(system);
  const cache = process.env.PULUMI_FUTROU_CACHE ?? join(process.env.HOME ?? tmpdir(), ".cache", "pulumi-futrou");
  return installOldNode(join(cache, `node-${OLD_NODE_VERSION}`));
}
