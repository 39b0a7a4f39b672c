/**
 * The provider as one executable that needs no Node.js (`make binary`, dist/bin/<os>-<arch>), the way a user
 * of a YAML, Go or Python program gets it, on a machine with no `node` on PATH (PATH holds only the Pulumi
 * toolchain) and an empty PULUMI_HOME:
 *
 * - it serves the schema (`pulumi package get-schema <binary>`);
 * - `pulumi plugin install resource futrou <version> --file <release archive>` installs it, and a YAML program
 *   that names no plugin runs on it: up creates, destroy deletes;
 * - a YAML program whose resources name the schema's pluginDownloadURL gets it downloaded by the engine, from
 *   a local server standing in for the GitHub release (PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES), then goes up and
 *   is destroyed.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { PLUGIN_DOWNLOAD_URL } from "../../provider/schema";
import { binaryPath, hostTarget, type Target } from "../../scripts/build-binary";
import { archive, archiveName, version } from "../../scripts/release";
import { ensureToolchainOnPath, programStack } from "../e2e/engine";
import { run } from "../languages/lifecycle";
import { startPluginServer } from "../registries/registries";
import { upAndDestroy } from "./one-project";

jest.setTimeout(600_000);

const target = hostTarget() as Target;
/** The Pulumi toolchain's folder alone: no `node` there. */
const toolchainBin = (): string => {
  ensureToolchainOnPath();
  const dir = (process.env.PATH ?? "").split(":").find((d) => existsSync(join(d, "pulumi-language-yaml")));
  if (!dir) throw new Error("pulumi-language-yaml is not on PATH: run `make install`");
  return dir;
};

describe("the provider binary, on a machine with no Node.js", () => {
  let emulator: RunningEmulator;
  let scratch: string;
  let path: string;

  beforeAll(async () => {
    if (!existsSync(binaryPath(target))) throw new Error("the provider binary is not built: run `make binary`");
    path = toolchainBin();
    scratch = mkdtempSync(join(tmpdir(), "futrou-binary-"));
    emulator = await startEmulator({ deployDelayMs: 50, quiet: true });
  });
  afterAll(async () => {
    await emulator?.close();
    if (scratch) rmSync(scratch, { recursive: true, force: true });
  });

  /** A fresh PULUMI_HOME and a stack of `program` that runs with PATH = the toolchain only. */
  async function stack(program: string, env: Record<string, string> = {}) {
    const home = mkdtempSync(join(scratch, "home-"));
    const ps = await programStack({
      program,
      env: { PATH: path, PULUMI_HOME: home, FUTROU_API_URL: emulator.url, ...env },
      config: { "futrou:apiToken": { value: emulator.token, secret: true } },
    });
    const cli = { ...process.env, PATH: path, PULUMI_HOME: home };
    return { ps, home, cli };
  }

  it("serves the package schema (pulumi package get-schema <binary>)", async () => {
    const served = await run(`${path}/pulumi`, ["package", "get-schema", binaryPath(target)], {
      env: { ...process.env, PATH: path },
    });
    const built = JSON.parse(readFileSync(join(__dirname, "..", "..", "dist", "plugin", "schema.json"), "utf8"));
    expect(JSON.parse(served)).toEqual(built);
  });

  it(`installs from its release archive (--file ${archiveName(target, "<v>")}): a YAML program goes up and is destroyed`, async () => {
    const file = archive(target, scratch);
    const { ps, cli } = await stack("plugin-cache");
    try {
      await run(`${path}/pulumi`, ["plugin", "install", "resource", "futrou", version(), "--file", file], {
        env: cli,
      });
      const listed = JSON.parse(await run(`${path}/pulumi`, ["plugin", "ls", "--json"], { env: cli })) as {
        name: string;
        version: string;
      }[];
      expect(listed.map(({ name, version }) => ({ name, version }))).toEqual([{ name: "futrou", version: version() }]);
      await upAndDestroy(ps.stack, emulator);
    } finally {
      await ps.dispose();
    }
  });

  describe("downloaded by the engine through the schema's pluginDownloadURL", () => {
    let server: Awaited<ReturnType<typeof startPluginServer>>;

    beforeAll(async () => {
      const releases = mkdtempSync(join(scratch, "release-"));
      archive(target, releases);
      server = await startPluginServer(releases);
    });
    afterAll(() => server?.stop());

    it("a YAML program with an empty PULUMI_HOME downloads it, goes up and is destroyed", async () => {
      const { ps, home } = await stack("plugin-download", {
        PULUMI_PLUGIN_DOWNLOAD_URL_OVERRIDES: `^${PLUGIN_DOWNLOAD_URL}$=${server.url}`,
      });
      try {
        const program = join(ps.dir, "Pulumi.yaml");
        writeFileSync(program, readFileSync(program, "utf8").replace("version: 0.1.0", `version: ${version()}`));
        await upAndDestroy(ps.stack, emulator);
        expect(server.asked).toContain(`/${archiveName(target)}`);
        expect(existsSync(join(home, "plugins", `resource-futrou-v${version()}`))).toBe(true);
      } finally {
        await ps.dispose();
      }
    });
  });
});
