/**
 * The `pulumi new` templates in templates/<language>, used as a user does, from a path: each makes a project
 * that works against the emulator. TypeScript (the dynamic providers) and Pulumi YAML (the plugin, installed
 * into a private plugin cache by the installation page's command) go through `pulumi new` → `up` →
 * `destroy`; the YAML stack is destroyed after the npm package was removed from the project. Go builds and
 * vets against the generated Go SDK (dist/sdks/go); Python byte-compiles. `pulumi new` loads the template's
 * language host even with `--generate-only`, and the offline toolchain builds no Go or Python host, so for
 * those two the test makes the project as `pulumi new` does (the files copied, `${PROJECT}` and
 * `${DESCRIPTION}` replaced, the `template:` section dropped).
 */
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { ensureToolchainOnPath, repoRoot } from "../e2e/engine";
import { PACKAGE_VERSION, requireBuilt, run, SDKS_DIR, scratchPulumiEnv, unknownPythonNames } from "./lifecycle";

jest.setTimeout(600_000);

const TEMPLATES = join(repoRoot, "templates");

/** A scratch folder with its own local file backend and PULUMI_HOME, and the environment of `pulumi` there. */
function scratch(emulator?: RunningEmulator) {
  const root = mkdtempSync(join(tmpdir(), "futrou-template-"));
  const env = scratchPulumiEnv(
    root,
    emulator ? { FUTROU_API_URL: emulator.url, FUTROU_API_TOKEN: emulator.token } : {},
  );
  return { root, env, remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** `pulumi new <clone>/templates/<language>` into dir, taking every default (the token: empty). */
async function pulumiNew(language: string, dir: string, env: NodeJS.ProcessEnv, extra: string[] = []) {
  await run(
    "pulumi",
    ["new", join(TEMPLATES, language), "--yes", "--name", `futrou-${language}`, "--dir", dir, ...extra],
    { env },
  );
}

/**
 * The project `pulumi new <template> --name <name> --generate-only` makes, for a language whose host is not
 * built here: each file with `${PROJECT}` and `${DESCRIPTION}` replaced, Pulumi.yaml without `template:`.
 */
function renderTemplate(language: string, dir: string): void {
  cpSync(join(TEMPLATES, language), dir, { recursive: true });
  for (const file of readdirSync(dir)) {
    const path = join(dir, file);
    let text = readFileSync(path, "utf8")
      // biome-ignore lint/suspicious/noTemplateCurlyInString: pulumi new's placeholder, replaced as it does
      .replaceAll("${PROJECT}", `futrou-${language}`)
      // biome-ignore lint/suspicious/noTemplateCurlyInString: pulumi new's placeholder, replaced as it does
      .replaceAll("${DESCRIPTION}", "A Futrou program");
    if (file === "Pulumi.yaml") text = text.replace(/^template:\n(?: .*\n|\n)*/m, "");
    writeFileSync(path, text);
  }
}

const outputs = async (dir: string, env: NodeJS.ProcessEnv) =>
  JSON.parse(await run("pulumi", ["stack", "output", "--json", "--show-secrets"], { cwd: dir, env })) as Record<
    string,
    string
  >;

describe("pulumi new templates, from a path", () => {
  let emulator: RunningEmulator;
  const cleanups: (() => void)[] = [];

  beforeAll(async () => {
    ensureToolchainOnPath();
    requireBuilt();
    emulator = await startEmulator({ deployDelayMs: 50, quiet: true });
  });
  afterAll(async () => {
    for (const cleanup of cleanups) cleanup();
    await emulator?.close();
  });

  it("typescript: `pulumi new` makes a project that goes up against the emulator and is destroyed", async () => {
    // The token and URL from the stack config, as the README's quick start sets them, not the environment.
    const s = scratch();
    cleanups.push(s.remove);
    const dir = join(s.root, "program");
    await pulumiNew("typescript", dir, s.env, ["--stack", "dev"]);
    await run("pulumi", ["config", "set", "futrou:apiToken", "--secret"], {
      cwd: dir,
      env: s.env,
      input: emulator.token,
    });
    await run("pulumi", ["config", "set", "futrou:apiUrl", emulator.url], { cwd: dir, env: s.env });
    expect(await run("pulumi", ["config", "get", "futrou:apiToken"], { cwd: dir, env: s.env })).toBe(
      `${emulator.token}\n`,
    );
    expect(readFileSync(join(dir, "Pulumi.dev.yaml"), "utf8")).not.toContain(emulator.token);
    expect(readFileSync(join(dir, "package.json"), "utf8")).toContain('"name": "futrou-typescript"');
    // What `npm install` gives a user's project: @pulumi/pulumi and pulumi-futrou (this repo's, linked).
    symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");

    await run("pulumi", ["up", "--yes", "--skip-preview"], { cwd: dir, env: s.env });
    const out = await outputs(dir, s.env);
    expect(out.serverletState).toBe("running");
    expect(emulator.inventory().project.map((p) => p.name)).toContain(out.projectName);
    expect(emulator.inventory().serverlet.map((p) => p.name)).toContain(out.serverletName);

    await run("pulumi", ["destroy", "--yes", "--skip-preview"], { cwd: dir, env: s.env });
    expect(emulator.inventory().project.map((p) => p.name)).not.toContain(out.projectName);
    expect(emulator.inventory().serverlet.map((p) => p.name)).not.toContain(out.serverletName);
  });

  it("the README's quick start shows the TypeScript template's program as it is", () => {
    const readme = readFileSync(join(repoRoot, "README.md"), "utf8");
    const program = readFileSync(join(TEMPLATES, "typescript", "index.ts"), "utf8");
    expect(readme).toContain(`\`\`\`ts\n${program}\`\`\``);
  });

  it("yaml: the plugin installed into the cache from the npm package, `pulumi new`, up, and destroy with the package removed", async () => {
    const s = scratch(emulator);
    cleanups.push(s.remove);
    const dir = join(s.root, "program");
    // The project's folder with the npm package installed (this repo's, linked), as `npm install` leaves it.
    mkdirSync(dir);
    symlinkSync(join(repoRoot, "node_modules"), join(dir, "node_modules"), "dir");
    // docs/installation-configuration.md: the plugin into Pulumi's plugin cache from the installed package,
    // before `pulumi new`, which installs the plugins a YAML program needs (else from the download URL).
    await run(
      "sh",
      [
        "-c",
        `pulumi plugin install resource futrou ${PACKAGE_VERSION} --file "$(pwd)/node_modules/pulumi-futrou/dist/plugin"`,
      ],
      { cwd: dir, env: s.env },
    );
    await pulumiNew("yaml", dir, s.env, ["--stack", "dev", "--config", "image=nginx:1.27-alpine", "--force"]);

    await run("pulumi", ["up", "--yes", "--skip-preview"], { cwd: dir, env: s.env });
    const out = await outputs(dir, s.env);
    expect(out.serverletState).toBe("running");
    const serverlet = emulator.inventory().serverlet.find((x) => x.name === out.serverletName);
    expect(serverlet?.image).toBe("nginx:1.27-alpine");

    // The state names no path inside node_modules: removing the package does not stop destroy.
    unlinkSync(join(dir, "node_modules"));
    await run("pulumi", ["destroy", "--yes", "--skip-preview"], { cwd: dir, env: s.env });
    expect(emulator.inventory().project.map((p) => p.name)).not.toContain(out.projectName);
    expect(emulator.inventory().serverlet.map((p) => p.name)).not.toContain(out.serverletName);
  });

  it("go: `pulumi new` makes a module that builds and vets against the generated Go SDK", async () => {
    const s = scratch();
    cleanups.push(s.remove);
    const dir = join(s.root, "program");
    renderTemplate("go", dir);
    expect(readFileSync(join(dir, "Pulumi.yaml"), "utf8")).toMatch(/^name: futrou-go\n(?:.*\n)*runtime: go\n$/);
    const sdk = join(SDKS_DIR, "go");
    const module = /^module (\S+)$/m.exec(readFileSync(join(sdk, "go.mod"), "utf8"))?.[1];
    expect(readFileSync(join(dir, "go.mod"), "utf8")).toContain(`\t${module} v`);
    const goEnv = { ...s.env, GOFLAGS: "-mod=mod" };
    await run("go", ["mod", "edit", "-replace", `${module}=${sdk}`], { cwd: dir, env: goEnv });
    await run("go", ["build", "-trimpath", "./..."], { cwd: dir, env: goEnv });
    await run("go", ["vet", "./..."], { cwd: dir, env: goEnv });
  });

  it("python: `pulumi new` makes a program that byte-compiles and uses names the generated SDK has", async () => {
    const s = scratch();
    cleanups.push(s.remove);
    const dir = join(s.root, "program");
    renderTemplate("python", dir);
    await run("python3", ["-m", "py_compile", "__main__.py"], { cwd: dir });
    // py_compile checks syntax only: the classes and keyword arguments the program uses must be the SDK's.
    const program = readFileSync(join(dir, "__main__.py"), "utf8");
    expect(program).toMatch(/futrou\.Serverlet\(/);
    expect(unknownPythonNames(program)).toEqual([]);
  });
});
