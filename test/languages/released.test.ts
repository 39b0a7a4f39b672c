/**
 * The `pulumi new` templates as a user runs them who has only what a release publishes: the release is
 * written (scripts/release.ts, with this machine's plugin archive) and published (scripts/publish.ts, what
 * `make publish` runs) to registries on this machine standing in for the public ones (test/registries), and
 * nothing in the user's project names a path to this clone. Per template: `pulumi new templates/<lang>`, the
 * language's own install against those registries, `pulumi up`, a no-change `up`, `pulumi destroy`, against
 * the emulator:
 *
 * - TypeScript on `pulumi-futrou` (dynamic providers), then on the generated `@futrou/pulumi` (the engine
 *   downloads the plugin through the SDK's pluginDownloadURL);
 * - YAML, the plugin downloaded by the engine through the resources' pluginDownloadURL, from a local server
 *   of the release archives (PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES).
 *
 * - Python (`pip install -r requirements.txt` in the template's venv) and Go (`go mod tidy`), on the same
 *   registries: released-python-go.ts.
 * - `pulumi convert --from futrou --language typescript|python|go` with the released converter, the program's
 *   install from the same registries, and an up that adopts every deployed object with no API write:
 *   released-convert.ts.
 *
 * And the templates name only packages, versions and URLs the release publishes.
 */
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { PLUGIN_DOWNLOAD_URL } from "../../provider/schema";
import { binaryPath, hostTarget, type Target } from "../../scripts/build-binary";
import { releaseFiles } from "../../scripts/publish";
import {
  archive,
  archiveName,
  converterArchive,
  GO_MODULE,
  GO_PACKAGE,
  version,
  writePackages,
} from "../../scripts/release";
import { ensureToolchainOnPath, repoRoot } from "../e2e/engine";
import { publishTo, type Registries, startRegistries } from "../registries/registries";
import { requireBuilt, run, scratchPulumiEnv } from "./lifecycle";
import { convertedPrograms } from "./released-convert";
import { pythonAndGoTemplates, type User } from "./released-python-go";

jest.setTimeout(900_000);

const TEMPLATES = join(repoRoot, "templates");
const target = hostTarget() as Target;
/** What one command took, in seconds, per template: printed at the end for the closing note. */
const timings: string[] = [];

async function timed<T>(label: string, f: () => Promise<T>): Promise<T> {
  const t0 = Date.now();
  const result = await f();
  timings.push(`${label.padEnd(72)} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return result;
}

/** Every file of a template, by name (no folders in the templates). */
const templateFiles = (language: string): Record<string, string> =>
  Object.fromEntries(
    readdirSync(join(TEMPLATES, language)).map((f) => [f, readFileSync(join(TEMPLATES, language, f), "utf8")]),
  );

describe("each template names only what a release publishes, at the released version", () => {
  const v = version();

  it("typescript: package.json asks for the released pulumi-futrou and a TypeScript compiler", () => {
    const manifest = JSON.parse(templateFiles("typescript")["package.json"] ?? "{}") as {
      dependencies: Record<string, string>;
      devDependencies: Record<string, string>;
    };
    expect(manifest.dependencies["pulumi-futrou"]).toBe(`^${v}`);
    expect(Object.keys(manifest.devDependencies)).toContain("typescript");
    expect(releaseFiles().npm).toContain(`pulumi-futrou-${v}.tgz`);
  });

  it("yaml: each resource names the released plugin version and the release's download URL", () => {
    const program = templateFiles("yaml")["Pulumi.yaml"] ?? "";
    const resources = program.match(/^ {4}type: futrou:/gm) ?? [];
    expect(resources.length).toBeGreaterThan(0);
    expect(program.match(new RegExp(`^ {6}version: ${v.replaceAll(".", "\\.")}$`, "gm"))).toHaveLength(
      resources.length,
    );
    expect(program.match(/^ {6}pluginDownloadURL: (\S+)$/gm)).toEqual(
      resources.map(() => `      pluginDownloadURL: ${PLUGIN_DOWNLOAD_URL}`),
    );
  });

  it("go: go.mod requires the Go module at the release tag, and main.go imports its package", () => {
    expect(templateFiles("go")["go.mod"]).toContain(`\t${GO_MODULE} v${v}\n`);
    expect(templateFiles("go")["main.go"]).toContain(`"${GO_PACKAGE}"`);
    expect(GO_PACKAGE.startsWith(`${GO_MODULE}/`)).toBe(true);
  });

  it("python: requirements.txt asks for the released pulumi_futrou", () => {
    expect(templateFiles("python")["requirements.txt"]).toMatch(new RegExp(`^pulumi_futrou>=${v}$`, "m"));
    expect(releaseFiles().python).toContain(`pulumi_futrou-${v}-py3-none-any.whl`);
  });

  it("no template names a path, a replace, a file: dependency or a local registry", () => {
    const named = ["go", "python", "typescript", "yaml"].flatMap((language) =>
      Object.entries(templateFiles(language))
        .filter(([, text]) => /\/path\/to|file:|=>|127\.0\.0\.1|localhost|\.\.\//.test(text))
        .map(([file]) => `templates/${language}/${file}`),
    );
    expect(named).toEqual([]);
  });
});

describe("templates from the registries alone: pulumi new, install, up, no-change up, destroy", () => {
  let emulator: RunningEmulator;
  let registries: Registries;
  let release: string;
  let scratch: string;

  beforeAll(async () => {
    ensureToolchainOnPath();
    requireBuilt();
    if (!existsSync(binaryPath(target))) throw new Error("the provider binary is not built: run `make binary`");
    scratch = mkdtempSync(join(tmpdir(), "futrou-released-"));
    release = join(scratch, "release");
    await timed("make release (host archive, npm, Python, Go packages)", async () => {
      writePackages(release);
      archive(target, release);
      converterArchive(target, release);
    });
    registries = await timed("registries started (Verdaccio, pypiserver, Go proxy folder, archives)", () =>
      startRegistries(release),
    );
    await timed("make publish to them", () => publishTo(registries, release));
    emulator = await startEmulator({ deployDelayMs: 50, quiet: true });
  });
  afterAll(async () => {
    await emulator?.close();
    await registries?.stop();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
    if (registries) {
      const starts = Object.entries(registries.startSeconds).map(([k, s]) => `${k} ${s.toFixed(1)} s`);
      console.log(`registries' start: ${starts.join(", ")}\n${timings.join("\n")}`);
    }
  });

  /** A user's machine: its own PULUMI_HOME and backend, the registries, the emulator, the plugin's release server. */
  function user(name: string) {
    const root = mkdtempSync(join(scratch, `${name}-`));
    const env = scratchPulumiEnv(root, {
      ...(registries.env() as Record<string, string>),
      FUTROU_API_URL: emulator.url,
      FUTROU_API_TOKEN: emulator.token,
      PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${PLUGIN_DOWNLOAD_URL}$=${registries.plugins.url}`,
    });
    return { dir: join(root, "program"), env };
  }

  const pulumi = (label: string, args: string[], u: User) =>
    timed(`${label}: pulumi ${args.join(" ")}`, () => run("pulumi", args, { cwd: u.dir, env: u.env }));

  /** `pulumi new <clone>/templates/<language>` (the template folder is all it reads of the clone). */
  const pulumiNew = (language: string, u: User, label = language) =>
    timed(`${label}: pulumi new templates/${language}`, () =>
      run(
        "pulumi",
        ["new", join(TEMPLATES, language), "--yes", "--name", `shop-${label}`, "--stack", "dev", "--dir", u.dir],
        {
          env: u.env,
        },
      ),
    );

  /** up, a no-change up, destroy: the emulator holds the objects in between, and none after. */
  async function lifecycle(label: string, u: User) {
    await pulumi(label, ["up", "--yes", "--skip-preview"], u);
    const out = JSON.parse(await run("pulumi", ["stack", "output", "--json"], { cwd: u.dir, env: u.env })) as Record<
      string,
      string
    >;
    expect(out.serverletState).toBe("running");
    expect(emulator.inventory().serverlet.map((s) => s.name)).toContain(out.serverletName);
    await pulumi(label, ["up", "--yes", "--skip-preview", "--expect-no-changes"], u);
    await pulumi(label, ["destroy", "--yes", "--skip-preview"], u);
    expect(emulator.inventory().project.map((p) => p.name)).not.toContain(out.projectName);
    expect(emulator.inventory().serverlet.map((s) => s.name)).not.toContain(out.serverletName);
  }

  /**
   * No file of the new project names this clone, and pulumi new replaced every placeholder. (Pulumi.yaml's
   * `pulumi:template:` is where pulumi new records the template it was given, a path here and a URL for a user.)
   */
  function expectNoCloneNoPlaceholder(dir: string) {
    for (const file of readdirSync(dir).filter((f) => !["node_modules", "package-lock.json"].includes(f))) {
      const text = readFileSync(join(dir, file), "utf8").replace(/^ *pulumi:template: .*\n/m, "");
      expect([file, text.includes(repoRoot)]).toEqual([file, false]);
      expect([file, /\$\{(PROJECT|DESCRIPTION)\}/.test(text)]).toEqual([file, false]);
    }
  }

  pythonAndGoTemplates({ user, pulumiNew, lifecycle, timed });

  it("typescript on pulumi-futrou: npm install from the registry, up, no-change up, destroy", async () => {
    const u = user("ts");
    await pulumiNew("typescript", u);
    expectNoCloneNoPlaceholder(u.dir);
    expect(readFileSync(join(u.dir, "README.md"), "utf8")).toMatch(/^# shop-typescript\n/);
    await timed("typescript: npm install", () =>
      run("npm", ["install", "--no-audit", "--no-fund"], { cwd: u.dir, env: u.env }),
    );
    const lock = JSON.parse(readFileSync(join(u.dir, "package-lock.json"), "utf8")) as {
      packages: Record<string, { version: string }>;
    };
    expect(lock.packages["node_modules/pulumi-futrou"]?.version).toBe(version());
    // Installed from the registry, not linked: only the local registry holds pulumi-futrou (it has no uplink).
    expect(lstatSync(join(u.dir, "node_modules", "pulumi-futrou")).isSymbolicLink()).toBe(false);
    // The template's TypeScript compiler, not an unrelated `tsc` package fetched by npx.
    await timed("typescript: npx tsc --noEmit", () =>
      run("npx", ["--no-install", "tsc", "--noEmit"], { cwd: u.dir, env: u.env }),
    );
    await lifecycle("typescript", u);
  });

  it("typescript on @futrou/pulumi: the generated SDK from the registry, the plugin downloaded by the engine", async () => {
    const u = user("ts-sdk");
    await pulumiNew("typescript", u, "typescript-sdk");
    const index = join(u.dir, "index.ts");
    writeFileSync(index, readFileSync(index, "utf8").replace('from "pulumi-futrou"', 'from "@futrou/pulumi"'));
    await timed("typescript-sdk: npm uninstall pulumi-futrou && npm install @futrou/pulumi", async () => {
      await run("npm", ["uninstall", "--no-audit", "--no-fund", "pulumi-futrou"], { cwd: u.dir, env: u.env });
      await run("npm", ["install", "--no-audit", "--no-fund", `@futrou/pulumi@${version()}`], {
        cwd: u.dir,
        env: u.env,
      });
    });
    const asked = registries.plugins.asked.length;
    await lifecycle("typescript-sdk", u);
    expect(registries.plugins.asked.slice(asked)).toContain(`/${archiveName(target)}`);
  });

  it("yaml: the engine downloads the plugin through pluginDownloadURL, up, no-change up, destroy", async () => {
    const u = user("yaml");
    const asked = registries.plugins.asked.length;
    await pulumiNew("yaml", u);
    expectNoCloneNoPlaceholder(u.dir);
    await lifecycle("yaml", u);
    expect(registries.plugins.asked.slice(asked)).toContain(`/${archiveName(target)}`);
  });

  convertedPrograms({ user, pulumiNew, lifecycle, timed }, () => registries.plugins.asked);
});
