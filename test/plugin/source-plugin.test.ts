/**
 * The package folder as a source-based plugin (PulumiPlugin.yaml, `runtime: nodejs`), as Pulumi uses a folder
 * with no `pulumi-resource-futrou` in it: the Node.js language host runs `@pulumi/pulumi/cmd/run-plugin
 * <folder>`, which requires the package's `main` (the SDK), and the SDK, required that way, starts the
 * provider. From a clone and from the npm package installed in a project (`npm pack`, then `npm install` of
 * the tarball):
 *
 * - `pulumi package get-schema <folder>` prints the plugin's schema;
 * - a YAML program with `plugins.providers: [{name: futrou, path: <package root>}]` goes up and is destroyed;
 * - `pulumi about` lists futrou with its version, for that YAML program (whose resources name the version) and
 *   for a TypeScript program on the generated SDK (our language host reports the resource packages a program
 *   depends on, from their package.json `pulumi` block).
 * - `pulumi package add <clone | installed package>` in a TypeScript project generates the SDK (our language host's GeneratePackage,
 *   sdkgen) and links it (Link: compiled, a `file:` dependency in package.json, node_modules), and records
 *   the folder under `packages:`; the program goes up on it and is destroyed.
 * - `pulumi package add <clone | installed package>` in a YAML project records the folder under `packages:`
 *   (the YAML host's GeneratePackage writes only a lock file naming futrou and its version; its Link has
 *   nothing to do); the program goes up on it and is destroyed, and `pulumi about` names futrou and its version.
 * A program that `require`s the SDK is not a plugin: it gets the SDK's exports and no server.
 */
import { execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { LocalWorkspace } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { ensureToolchainOnPath, PASSPHRASE, programStack, repoRoot } from "../e2e/engine";
import { run } from "../languages/lifecycle";
import { destroyDeletesIt, upCreatesTheProject } from "./one-project";

jest.setTimeout(600_000);

const { version } = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string };
const builtSchema = () => JSON.parse(readFileSync(join(repoRoot, "dist", "plugin", "schema.json"), "utf8"));

/** `pulumi about --json`'s plugins of the program in `dir`, as name@version. */
async function aboutPlugins(dir: string, stack: string, env: NodeJS.ProcessEnv): Promise<string[]> {
  const about = JSON.parse(await run("pulumi", ["about", "--json", "--stack", stack], { cwd: dir, env })) as {
    plugins: { name: string; version?: string }[];
  };
  return about.plugins.map((p) => `${p.name}@${p.version ?? "unknown"}`);
}

describe("the package folder as a source-based plugin (PulumiPlugin.yaml)", () => {
  let scratch: string;
  /** The npm package as installed in a user's project. */
  let installed: string;
  let emulator: RunningEmulator;

  beforeAll(async () => {
    ensureToolchainOnPath();
    scratch = mkdtempSync(join(tmpdir(), "futrou-source-plugin-"));
    emulator = await startEmulator({ deployDelayMs: 50, quiet: true });
    const tarball = join(
      scratch,
      execFileSync("npm", ["pack", "--ignore-scripts", "--silent", "--pack-destination", scratch], {
        cwd: repoRoot,
        encoding: "utf8",
      }).trim(),
    );
    const project = join(scratch, "project");
    mkdirSync(join(project, "node_modules"), { recursive: true });
    writeFileSync(join(project, "package.json"), JSON.stringify({ name: "user-project", private: true }));
    execFileSync(
      "npm",
      ["install", "--prefer-offline", "--no-audit", "--no-fund", "--legacy-peer-deps", "--loglevel=error", tarball],
      { cwd: project, stdio: "ignore" },
    );
    // @pulumi/pulumi is the project's own (a peer dependency): the one the repo has.
    symlinkSync(join(repoRoot, "node_modules", "@pulumi"), join(project, "node_modules", "@pulumi"), "dir");
    installed = join(project, "node_modules", "pulumi-futrou");
  });
  afterAll(async () => {
    await emulator?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  /** A user's project environment: a local backend of its own, the passphrase, the emulator as the API. */
  const projectEnv = (): Record<string, string> => ({
    PULUMI_BACKEND_URL: `file://${mkdtempSync(join(scratch, "backend-"))}`,
    PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
    PULUMI_SKIP_UPDATE_CHECK: "true",
    FUTROU_API_URL: emulator.url,
  });

  /** Stack `test` of the project in `dir` with the emulator's token: up creates the project, destroy deletes it. */
  async function upAndDestroyIn(dir: string, envVars: Record<string, string>, between?: () => Promise<void>) {
    const stack = await LocalWorkspace.createStack({ stackName: "test", workDir: dir }, { envVars });
    await stack.setConfig("futrou:apiToken", { value: emulator.token, secret: true });
    try {
      await upCreatesTheProject(stack, emulator);
      await between?.();
      await destroyDeletesIt(stack, emulator);
    } finally {
      await stack.workspace.removeStack("test");
    }
  }

  it("a program's require of the SDK gets its exports and starts no server", () => {
    const out = execFileSync(
      process.execPath,
      ["-e", "const f = require('pulumi-futrou'); console.log(typeof f.Serverlet); setTimeout(() => {}, 0)"],
      { cwd: installed, encoding: "utf8", timeout: 60_000 },
    );
    expect(out).toBe("function\n");
  });

  it.each([
    ["a clone", () => repoRoot],
    ["the installed npm package", () => installed],
  ])("pulumi package get-schema <%s> prints the plugin's schema", async (_, folder) => {
    const served = await run("pulumi", ["package", "get-schema", folder()], { cwd: scratch });
    expect(JSON.parse(served)).toEqual(builtSchema());
  });

  it("a YAML program with plugins.providers at the installed package's root goes up and is destroyed; pulumi about names futrou and the version its resources ask for", async () => {
    // The YAML host knows a version only from the program (a resource's `options.version`).
    const ps = await programStack({
      program: "plugin-download",
      plugin: installed,
      env: { FUTROU_API_URL: emulator.url },
      config: { "futrou:apiToken": { value: emulator.token, secret: true } },
    });
    try {
      const program = join(ps.dir, "Pulumi.yaml");
      writeFileSync(program, readFileSync(program, "utf8").replace("version: 0.1.0", `version: ${version}`));
      await upCreatesTheProject(ps.stack, emulator);
      const env = { ...process.env, ...(ps.stack.workspace as LocalWorkspace).envVars };
      expect(await aboutPlugins(ps.dir, ps.stack.name, env)).toContain(`futrou@${version}`);
      await destroyDeletesIt(ps.stack, emulator);
    } finally {
      await ps.dispose();
    }
  });

  it("a YAML program with `packages: {futrou: <clone>}` (what `pulumi package add` records) goes up and is destroyed", async () => {
    const ps = await programStack({
      program: "plugin-cache",
      env: { FUTROU_API_URL: emulator.url },
      config: { "futrou:apiToken": { value: emulator.token, secret: true } },
    });
    try {
      appendFileSync(join(ps.dir, "Pulumi.yaml"), `packages:\n  futrou: ${repoRoot}\n`);
      await upCreatesTheProject(ps.stack, emulator);
      await destroyDeletesIt(ps.stack, emulator);
    } finally {
      await ps.dispose();
    }
  });

  it("pulumi about of a TypeScript program on the generated SDK names futrou and its version", async () => {
    const ps = await programStack({ program: "examples/webapp-plugin" });
    try {
      const env = { ...process.env, ...(ps.stack.workspace as LocalWorkspace).envVars };
      expect(await aboutPlugins(ps.dir, ps.stack.name, env)).toContain(`futrou@${version}`);
    } finally {
      await ps.dispose();
    }
  });

  it.each([
    ["a clone", "clone", () => repoRoot],
    ["the installed npm package", "npm", () => installed],
  ])(
    "pulumi package add <%s> in a TypeScript project: the SDK is generated and linked, the program goes up and is destroyed",
    async (_, tag, folder) => {
      const project = join(scratch, `ts-project-${tag}`);
      mkdirSync(join(project, "node_modules", "@pulumi"), { recursive: true });
      // What `npm install` gives a Pulumi TypeScript project: @pulumi/pulumi and TypeScript.
      symlinkSync(
        join(repoRoot, "node_modules", "@pulumi", "pulumi"),
        join(project, "node_modules", "@pulumi", "pulumi"),
      );
      symlinkSync(join(repoRoot, "node_modules", "typescript"), join(project, "node_modules", "typescript"));
      symlinkSync(join(repoRoot, "node_modules", "@types"), join(project, "node_modules", "@types"));
      writeFileSync(join(project, "Pulumi.yaml"), "name: ts-package-add\nruntime: nodejs\n");
      writeFileSync(
        join(project, "package.json"),
        JSON.stringify({
          name: "ts-package-add",
          private: true,
          main: "index.ts",
          dependencies: { "@pulumi/pulumi": "^3.259.0" },
        }),
      );
      writeFileSync(
        join(project, "index.ts"),
        [
          'import * as futrou from "@futrou/pulumi";',
          'const shop = new futrou.Project("shop", { displayName: "Shop" });',
          "export const projectName = shop.name;",
          "",
        ].join("\n"),
      );
      const envVars = projectEnv();
      const added = await run("pulumi", ["package", "add", folder()], {
        cwd: project,
        env: { ...process.env, ...envVars },
      });
      expect(added).toContain('import * as futrou from "@futrou/pulumi";');
      const manifest = JSON.parse(readFileSync(join(project, "package.json"), "utf8"));
      expect(manifest.dependencies["@futrou/pulumi"]).toBe("file:sdks/futrou/bin");
      expect(readFileSync(join(project, "Pulumi.yaml"), "utf8")).toContain(`futrou: ${folder()}`);
      await upAndDestroyIn(project, envVars);
    },
  );

  it.each([
    ["a clone", "clone", () => repoRoot],
    ["the installed npm package", "npm", () => installed],
  ])(
    "pulumi package add <%s> in a YAML project records the package; the program goes up on it and is destroyed, and pulumi about names futrou and its version",
    async (_, tag, folder) => {
      const project = join(scratch, `yaml-project-${tag}`);
      mkdirSync(project);
      // The one-project program that names no plugin: futrou comes from what `package add` records.
      const program = readFileSync(join(repoRoot, "test", "e2e", "programs", "plugin-cache", "Pulumi.yaml"), "utf8");
      writeFileSync(join(project, "Pulumi.yaml"), program.replace(/^description: .*\n/m, ""));
      const envVars = projectEnv();
      const env = { ...process.env, ...envVars };
      await run("pulumi", ["package", "add", folder()], { cwd: project, env });
      expect(readFileSync(join(project, "Pulumi.yaml"), "utf8")).toContain(`\npackages:\n  futrou: ${folder()}\n`);
      // YAML has no SDK: what the YAML host generates is a lock file with the package's name and version.
      const lock = readFileSync(join(project, "sdks", "futrou", `futrou-${version}.yaml`), "utf8");
      expect(lock).toContain("name: futrou\n");
      expect(lock).toContain(`version: ${version}\n`);
      await upAndDestroyIn(project, envVars, async () => {
        expect(await aboutPlugins(project, "test", env)).toContain(`futrou@${version}`);
      });
    },
  );
});
