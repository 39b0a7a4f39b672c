/**
 * The plugin installed into Pulumi's plugin cache, as docs/installation-configuration.md says
 * (`pulumi plugin install resource futrou <version> --file dist/plugin`), in a private PULUMI_HOME:
 * `pulumi plugin ls` lists it, `pulumi about` of a program using it lists futrou among the program's
 * plugins, and a Pulumi YAML program whose Pulumi.yaml names no plugin folder (and with no plugin on PATH)
 * runs on that cached copy: up creates, destroy deletes.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LocalWorkspace } from "@pulumi/pulumi/automation";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { PLUGIN_DIR, type ProgramStack, programStack, repoRoot } from "../e2e/engine";
import { requireBuilt, run } from "../languages/lifecycle";
import { upAndDestroy } from "./one-project";

jest.setTimeout(600_000);

const version = (JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")) as { version: string }).version;

describe("the futrou plugin from Pulumi's plugin cache", () => {
  let emulator: RunningEmulator;
  let ps: ProgramStack;
  let home: string;
  /** The environment of a `pulumi` command in the program's directory, with the private PULUMI_HOME. */
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    requireBuilt();
    emulator = await startEmulator({ deployDelayMs: 50, quiet: true });
    home = mkdtempSync(join(tmpdir(), "futrou-pulumi-home-"));
    ps = await programStack({
      program: "plugin-cache",
      env: { PULUMI_HOME: home, FUTROU_API_URL: emulator.url },
      config: { "futrou:apiToken": { value: emulator.token, secret: true } },
    });
    env = { ...process.env, ...(ps.stack.workspace as LocalWorkspace).envVars };
  });
  afterAll(async () => {
    await ps?.dispose();
    await emulator?.close();
    if (home) rmSync(home, { recursive: true, force: true });
  });

  it("`pulumi plugin install … --file dist/plugin` puts it in the cache, and `pulumi plugin ls` lists it", async () => {
    await run("pulumi", ["plugin", "install", "resource", "futrou", version, "--file", PLUGIN_DIR], { env });
    const listed = JSON.parse(await run("pulumi", ["plugin", "ls", "--json"], { env })) as {
      name: string;
      kind: string;
      version: string;
    }[];
    expect(listed.map(({ name, kind, version }) => ({ name, kind, version }))).toEqual([
      { name: "futrou", kind: "resource", version },
    ]);
  });

  it("`pulumi about` lists futrou among the program's plugins", async () => {
    const about = JSON.parse(
      await run("pulumi", ["about", "--json", "--stack", ps.stack.name], { cwd: ps.dir, env }),
    ) as { plugins: { name: string; kind: string }[] };
    expect(about.plugins).toContainEqual(expect.objectContaining({ name: "futrou", kind: "resource" }));
  });

  it("a program that names no plugin folder runs on the cached copy: up creates, destroy deletes", async () => {
    await upAndDestroy(ps.stack, emulator);
  });
});
