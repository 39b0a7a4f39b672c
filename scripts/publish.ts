/**
 * `make publish`: publishes what `make release` wrote in dist/release/ to the registries the environment names.
 *
 *   NPM_REGISTRY         npm registry for `pulumi-futrou` and `@futrou/pulumi` (default: npm's configured one)
 *   NPM_TOKEN            its token, written for this run only into a private npm user config (never printed)
 *   PYPI_REPOSITORY_URL  upload endpoint of a Python index (the legacy upload API that twine and pypiserver
 *                        speak) for the `pulumi_futrou` sdist and wheel; unset: Python is not published
 *   PYPI_TOKEN           its API token (sent as user `__token__`); unset: no authentication
 *   GOPROXY_DIR          a module proxy folder (GOPROXY=file://…) to copy the Go module's proxy files into;
 *                        unset: Go is not published here (a real release publishes the Go module by pushing
 *                        the tag sdk/v<version>, which the release workflow does)
 *
 * Each package is published at the version of package.json, and stops at the first failure with one line
 * naming the package, the registry and the registry's answer.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { appendFileSync, cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { GO_MODULE, goTag, RELEASE_DIR, version } from "./release";

/** The files of one release that each registry receives, by name (as `make release` writes them). */
export function releaseFiles(v = version()) {
  return {
    npm: [`pulumi-futrou-${v}.tgz`, `futrou-pulumi-${v}.tgz`],
    python: [`pulumi_futrou-${v}.tar.gz`, `pulumi_futrou-${v}-py3-none-any.whl`],
  };
}

/** `npm publish <tarball>` to `registry` (npm's own when undefined), with `token` in a user config of its own. */
export function publishNpm(tarballs: string[], registry?: string, token?: string): void {
  const home = mkdtempSync(join(tmpdir(), "futrou-publish-npm-"));
  try {
    const env: NodeJS.ProcessEnv = { ...process.env };
    if (token) {
      const target = registry ?? execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim();
      const userconfig = join(home, ".npmrc");
      // npm matches a token to a registry by the URL without its scheme, ending in a slash.
      writeFileSync(userconfig, `${target.replace(/^https?:/, "").replace(/\/?$/, "/")}:_authToken=${token}\n`, {
        mode: 0o600,
      });
      env.npm_config_userconfig = userconfig;
    }
    for (const tarball of tarballs) {
      const args = ["publish", tarball, "--access", "public", "--ignore-scripts"];
      if (registry) args.push("--registry", registry);
      try {
        execFileSync("npm", args, { env, stdio: ["ignore", "ignore", "pipe"] });
      } catch (error) {
        const stderr = String((error as { stderr?: Buffer }).stderr ?? "");
        const reason = stderr.split("\n").find((l) => /npm error (?!A complete log)/.test(l)) ?? stderr.trim();
        throw new Error(`${basename(tarball)}: npm publish to ${registry ?? "npm's registry"} failed: ${reason}`);
      }
      console.log(`published ${basename(tarball)} to ${registry ?? "npm's registry"}`);
    }
  } finally {
    rmSync(home, { recursive: true, force: true });
  }
}

/** Uploads a sdist or wheel through the legacy upload API (what twine does), which pypiserver also serves. */
export async function publishPython(files: string[], url: string, token?: string): Promise<void> {
  for (const file of files) {
    const body = readFileSync(file);
    const wheel = file.endsWith(".whl");
    const form = new FormData();
    const fields: Record<string, string> = {
      ":action": "file_upload",
      protocol_version: "1",
      metadata_version: "2.1",
      name: "pulumi_futrou",
      version: version(),
      filetype: wheel ? "bdist_wheel" : "sdist",
      pyversion: wheel ? "py3" : "source",
      sha256_digest: createHash("sha256").update(body).digest("hex"),
    };
    for (const [k, v] of Object.entries(fields)) form.append(k, v);
    form.append("content", new Blob([body]), basename(file));
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Basic ${Buffer.from(`__token__:${token}`).toString("base64")}`;
    const response = await fetch(url, { method: "POST", body: form, headers });
    if (!response.ok) {
      const text = (await response.text()).replace(/\s+/g, " ").slice(0, 200);
      throw new Error(`${basename(file)}: upload to ${url} failed: ${response.status} ${text}`);
    }
    console.log(`published ${basename(file)} to ${url}`);
  }
}

/** Copies the module's proxy files into `dir` (a GOPROXY=file:// folder), keeping versions already there. */
export function publishGo(dir: string, release = RELEASE_DIR, v = version()): void {
  const from = join(release, "goproxy", ...GO_MODULE.split("/"), "@v");
  const to = join(dir, ...GO_MODULE.split("/"), "@v");
  const listed = existsSync(join(to, "list")) ? readFileSync(join(to, "list"), "utf8").split("\n") : [];
  cpSync(from, to, { recursive: true, filter: (src) => basename(src) !== "list" });
  if (!listed.includes(`v${v}`)) appendFileSync(join(to, "list"), `v${v}\n`);
  console.log(`published ${GO_MODULE}@v${v} to ${dir}`);
}

/** Publishes the release in `release` to the registries `env` names (see the header). */
export async function publish(release: string, env: NodeJS.ProcessEnv): Promise<void> {
  const files = releaseFiles();
  const all = [...files.npm, ...files.python].map((f) => join(release, f));
  const missing = all.filter((f) => !existsSync(f));
  if (missing.length > 0)
    throw new Error(`${missing.map((f) => basename(f)).join(", ")} missing: run \`make release\``);
  publishNpm(
    files.npm.map((f) => join(release, f)),
    env.NPM_REGISTRY || undefined,
    env.NPM_TOKEN || undefined,
  );
  if (env.PYPI_REPOSITORY_URL) {
    await publishPython(
      files.python.map((f) => join(release, f)),
      env.PYPI_REPOSITORY_URL,
      env.PYPI_TOKEN || undefined,
    );
  } else console.log("PYPI_REPOSITORY_URL is not set: the Python package is not published");
  if (env.GOPROXY_DIR) publishGo(env.GOPROXY_DIR, release);
  else console.log(`GOPROXY_DIR is not set: the Go module ${GO_MODULE} is published by pushing the tag ${goTag()}`);
}

if (require.main === module) {
  publish(RELEASE_DIR, process.env).catch((error: unknown) => {
    console.error(`publish: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
