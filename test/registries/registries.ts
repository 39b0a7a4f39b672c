/**
 * Package registries on this machine standing in for the public ones, so a test installs a project the way a
 * user does, from what a release publishes and nothing else. Each listens on 127.0.0.1 on a free port, keeps
 * its storage in a scratch folder, and is stopped by its PID:
 *
 * - npm: Verdaccio (a devDependency). `pulumi-futrou` and `@futrou/*` come only from what was published to
 *   it; every other package goes through to npm's configured registry (its uplink).
 * - Python: pypiserver, installed once with pip into a venv in the toolchain cache. `pulumi_futrou` comes
 *   only from what was uploaded; other packages are redirected to pip's usual index (pypiserver's fallback).
 * - Go: a module proxy folder, `GOPROXY=file://<dir>` first, then the usual proxy for other modules.
 * - Plugins: a static HTTP server of release archives, where PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES sends the
 *   engine's download of the schema's pluginDownloadURL.
 *
 * One set per test file, started in beforeAll: `startRegistries` then `publishTo` (what `make publish` does).
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { createServer as createNetServer } from "node:net";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { repoRoot } from "../../scripts/program-dir";
import { publish } from "../../scripts/publish";

/** The pypiserver release the Python index runs (one pinned version, cached with its venv). */
export const PYPISERVER_VERSION = "2.4.2";

export interface Registries {
  /** Verdaccio's URL, e.g. http://127.0.0.1:4873/ */
  npm: string;
  /** An npm user config naming the registry and a token for it: npm_config_userconfig for npm in a test. */
  npmrc: string;
  /** pypiserver's simple index (pip's --index-url) and its upload endpoint. */
  pypi: { index: string; upload: string };
  /** The module proxy folder (GOPROXY=file://…). */
  goproxy: string;
  /** The release archives' server, and what the engine asked it for. */
  plugins: { url: string; asked: string[] };
  /** The environment a user's npm, pip and go get: only these registries for the released packages. */
  env(): NodeJS.ProcessEnv;
  /** Seconds each registry took to start (pypiserver's includes its first install into the cache). */
  startSeconds: Record<string, number>;
  stop(): Promise<void>;
}

/** A port nothing listens on now (the OS's choice on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createNetServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      const port = typeof address === "object" && address ? address.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** Waits until `url` answers 200, or the process exits, or `ms` pass; then throws naming `what`. */
async function ready(what: string, url: string, child: ChildProcess, log: () => string, ms = 60_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${what} exited (${child.exitCode}) before it answered:\n${log()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${what} did not answer ${url} within ${ms / 1000} s:\n${log()}`);
}

function started(command: string, args: string[], env?: NodeJS.ProcessEnv) {
  const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: env ?? process.env });
  let output = "";
  const keep = (d: Buffer) => {
    output = (output + d).slice(-4000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.pid === undefined) return resolve();
      child.once("exit", () => resolve());
      process.kill(child.pid, "SIGTERM");
    });
  return { child, log: () => output, stop };
}

/** npm's configured registry: Verdaccio's uplink for every package the release does not publish. */
const upstreamNpm = (): string => execFileSync("npm", ["config", "get", "registry"], { encoding: "utf8" }).trim();

async function startVerdaccio(dir: string) {
  const port = await freePort();
  const config = join(dir, "config.yaml");
  const own = { access: "$all", publish: "$authenticated" };
  writeFileSync(
    config,
    JSON.stringify({
      storage: join(dir, "storage"),
      auth: { htpasswd: { file: join(dir, "htpasswd"), max_users: 1 } },
      uplinks: { upstream: { url: upstreamNpm(), timeout: "60s" } },
      // The released names have no uplink: a version that was not published here is a 404, as on a fresh registry.
      packages: { "pulumi-futrou": own, "@futrou/*": own, "**": { access: "$all", proxy: "upstream" } },
      log: { type: "stdout", format: "pretty", level: "warn" },
      server: { keepAliveTimeout: 60 },
    }),
  );
  const verdaccio = join(repoRoot, "node_modules", "verdaccio", "bin", "verdaccio");
  const p = started(process.execPath, [verdaccio, "--config", config, "--listen", `127.0.0.1:${port}`]);
  const url = `http://127.0.0.1:${port}/`;
  await ready("verdaccio", `${url}-/ping`, p.child, p.log);
  // The one user, whose token publishes (npm adduser's request).
  const response = await fetch(`${url}-/user/org.couchdb.user:release`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ name: "release", password: "release-password" }),
  });
  const { token } = (await response.json()) as { token?: string };
  if (!token) throw new Error(`verdaccio gave no token (${response.status})`);
  const npmrc = join(dir, "npmrc");
  writeFileSync(npmrc, `registry=${url}\n//127.0.0.1:${port}/:_authToken=${token}\n`, { mode: 0o600 });
  return { url, token, npmrc, stop: p.stop };
}

/**
 * The Python of a venv in the toolchain cache holding pypiserver, installed once by pip: into a scratch venv
 * that is then renamed (its `bin/python` finds the venv from where it is, so `python -m pypiserver` works
 * after the move; a parallel install that lost the race removes its own).
 */
export function pypiserverPython(): string {
  const cache = process.env.PULUMI_FUTROU_CACHE ?? join(homedir(), ".cache", "pulumi-futrou");
  const venv = join(cache, `pypiserver-${PYPISERVER_VERSION}`);
  const python = join(venv, "bin", "python");
  if (existsSync(python)) return python;
  mkdirSync(cache, { recursive: true });
  const building = mkdtempSync(join(cache, ".pypiserver-"));
  try {
    execFileSync(existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3", ["-m", "venv", building]);
    execFileSync(
      join(building, "bin", "python"),
      ["-m", "pip", "install", "--quiet", `pypiserver==${PYPISERVER_VERSION}`],
      {
        stdio: ["ignore", "ignore", "pipe"],
      },
    );
    if (!existsSync(python)) renameSync(building, venv);
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  return python;
}

async function startPypiserver(dir: string) {
  const python = pypiserverPython();
  const port = await freePort();
  const packages = join(dir, "packages");
  mkdirSync(packages);
  // -a . -P .: no authentication, uploads included (only 127.0.0.1 reaches it).
  const p = started(python, [
    "-m",
    "pypiserver",
    "run",
    "-i",
    "127.0.0.1",
    "-p",
    String(port),
    "-a",
    ".",
    "-P",
    ".",
    packages,
  ]);
  const url = `http://127.0.0.1:${port}/`;
  await ready("pypiserver", `${url}health`, p.child, p.log);
  return { index: `${url}simple/`, upload: url, stop: p.stop };
}

/** A static server of the files in `dir` (the release archives), recording each path asked for. */
export async function startPluginServer(dir: string) {
  const asked: string[] = [];
  const server: Server = createServer((req, res) => {
    asked.push(req.url ?? "");
    const name = (req.url ?? "").replace(/^\/+/, "");
    const file = join(dir, name);
    if (!/^[\w.-]+\.tar\.gz$/.test(name) || !existsSync(file)) {
      res.writeHead(404).end();
      return;
    }
    const body = readFileSync(file);
    // The engine checks the length it was promised, as a release server sends it.
    res.writeHead(200, { "content-type": "application/gzip", "content-length": body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}/`,
    asked,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Starts the four stand-ins, serving plugin archives from `release`; `stop()` ends them and removes their storage. */
export async function startRegistries(release: string): Promise<Registries> {
  const dir = mkdtempSync(join(tmpdir(), "futrou-registries-"));
  const stops: (() => Promise<void>)[] = [];
  const startSeconds: Record<string, number> = {};
  const timed = async <T>(name: string, f: () => Promise<T>): Promise<T> => {
    const t0 = Date.now();
    const result = await f();
    startSeconds[name] = (Date.now() - t0) / 1000;
    return result;
  };
  const stop = async () => {
    for (const s of stops.reverse()) await s();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const npm = await timed("npm", () => startVerdaccio(join(dir, mkdirOf(dir, "npm"))));
    stops.push(npm.stop);
    const pypi = await timed("pypi", () => startPypiserver(join(dir, mkdirOf(dir, "pypi"))));
    stops.push(pypi.stop);
    const plugins = await startPluginServer(release);
    stops.push(plugins.stop);
    const goproxy = join(dir, mkdirOf(dir, "goproxy"));
    const upstreamGo = execFileSync("go", ["env", "GOPROXY"], { encoding: "utf8" }).trim();
    return {
      npm: npm.url,
      npmrc: npm.npmrc,
      pypi: { index: pypi.index, upload: pypi.upload },
      goproxy,
      plugins: { url: plugins.url, asked: plugins.asked },
      startSeconds,
      env: () => ({
        npm_config_userconfig: npm.npmrc,
        npm_config_registry: npm.url,
        PIP_INDEX_URL: pypi.index,
        GOPROXY: `file://${goproxy},${upstreamGo}`,
        GONOSUMDB: "github.com/futrou/pulumi-futrou",
        GOFLAGS: "-mod=mod",
      }),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

function mkdirOf(parent: string, name: string): string {
  mkdirSync(join(parent, name));
  return name;
}

/** `make publish` of the release in `release` to these registries (scripts/publish.ts). */
export async function publishTo(registries: Registries, release: string): Promise<void> {
  const npmToken = /:_authToken=(\S+)/.exec(readFileSync(registries.npmrc, "utf8"))?.[1];
  await publish(release, {
    NPM_REGISTRY: registries.npm,
    NPM_TOKEN: npmToken,
    PYPI_REPOSITORY_URL: registries.pypi.upload,
    GOPROXY_DIR: registries.goproxy,
  });
}
