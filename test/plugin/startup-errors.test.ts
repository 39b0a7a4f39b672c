/**
 * When the plugin cannot start, the user reads one line that says what was found and what to do, with no
 * stack trace, and not under the engine's "exited prematurely … This is *always* a bug" block:
 *
 * - on a Node.js older than it needs (the launcher route), plugin.js still starts and answers every call with
 *   that line (provider/adapters/plugin/unavailable.ts), which the engine shows as the error itself;
 * - with no Node.js at all, or without its plugin.js, the launcher prints the line and exits;
 * - the binary of `make binary` needs no Node.js (test/plugin/binary.test.ts).
 */
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { serveUnavailable } from "../../provider/adapters/plugin/unavailable";
import { MIN_NODE_VERSION } from "../../provider/nodeRequirement";
import { ensureToolchainOnPath, PASSPHRASE, PLUGIN_DIR, repoRoot } from "../e2e/engine";
import { oldNode } from "../e2e/old-node";
import { run } from "../languages/lifecycle";

jest.setTimeout(300_000);

const LAUNCHER = "pulumi-resource-futrou";

describe("start-up errors a user can act on", () => {
  let scratch: string;
  /** A copy of the plugin folder outside any node_modules, so the launcher finds only the node on PATH. */
  let plugin: string;
  /** A PATH directory with what the launcher runs (sh, dirname, readlink), and no node. */
  let tools: string;

  beforeAll(() => {
    ensureToolchainOnPath();
    scratch = mkdtempSync(join(tmpdir(), "futrou-startup-"));
    plugin = join(scratch, "plugin");
    cpSync(PLUGIN_DIR, plugin, { recursive: true });
    tools = join(scratch, "tools");
    mkdirSync(tools);
    for (const tool of ["sh", "dirname", "readlink"]) {
      symlinkSync(execFileSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).trim(), join(tools, tool));
    }
  });
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("a plugin that cannot work completes the handshake, answers every other call with its reason, and acknowledges cancel", async () => {
    const reason = "futrou plugin: needs Node.js 22.19.0 or newer, but this is Node.js 20.20.2 (/usr/bin/node).";
    const { port, server } = await serveUnavailable(reason);
    const client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
    try {
      // A refused handshake reads to Pulumi's plugin loader as a plugin that "did not come alive".
      const handshake = await new Promise<grpc.ServiceError | null>((resolve) =>
        client.handshake(new provproto.ProviderHandshakeRequest(), (err) => resolve(err)),
      );
      expect(handshake).toBeNull();
      const schema = await new Promise<grpc.ServiceError | null>((resolve) =>
        client.getSchema(new provproto.GetSchemaRequest(), (err) => resolve(err)),
      );
      expect(schema?.details).toBe(reason);
      const configure = await new Promise<grpc.ServiceError | null>((resolve) =>
        client.configure(new provproto.ConfigureRequest(), (err) => resolve(err)),
      );
      expect(configure?.details).toBe(reason);
      const cancel = await new Promise<grpc.ServiceError | null>((resolve) =>
        client.cancel(new Empty(), (err) => resolve(err)),
      );
      expect(cancel).toBeNull();
    } finally {
      client.close();
      // In this process, not a plugin's: nothing else ends it (jest would wait for it after the run).
      server.forceShutdown();
    }
  });

  /** `pulumi preview` of a YAML project whose futrou plugin is the folder `path`, with an old Node.js first on PATH. */
  async function oldNodePreview(path: string) {
    const old = oldNode();
    const bin = mkdtempSync(join(scratch, "old-node-bin-"));
    symlinkSync(old, join(bin, "node"));
    const program = mkdtempSync(join(scratch, "program-"));
    writeFileSync(
      join(program, "Pulumi.yaml"),
      [
        "name: old-node",
        "runtime: yaml",
        "plugins:",
        "  providers:",
        "    - name: futrou",
        `      path: ${path}`,
        "resources:",
        "  shop:",
        "    type: futrou:index:Project",
        "    properties:",
        "      displayName: Shop",
        "",
      ].join("\n"),
    );
    const toolchain = (process.env.PATH ?? "").split(":").filter((d) => d.includes("pulumi-futrou"));
    const env = {
      ...process.env,
      PATH: [...toolchain.filter((d) => !d.includes("node_modules")), bin, tools].join(":"),
      PULUMI_BACKEND_URL: `file://${mkdtempSync(join(scratch, "backend-"))}`,
      PULUMI_CONFIG_PASSPHRASE: PASSPHRASE,
      PULUMI_HOME: mkdtempSync(join(scratch, "home-")),
    };
    await run("pulumi", ["stack", "init", "test"], { cwd: program, env });
    const preview = spawnSync("pulumi", ["preview", "--non-interactive"], { cwd: program, env, encoding: "utf8" });
    const version = execFileSync(old, ["--version"], { encoding: "utf8" }).trim().slice(1);
    return { status: preview.status, output: preview.stdout + preview.stderr, found: `Node.js ${version} (${old})` };
  }

  it("on an old Node.js, a YAML preview fails with the plugin's one line (the version found, what to do), not the engine's 'always a bug' block", async () => {
    const { status, output, found } = await oldNodePreview(plugin);
    expect(status).not.toBe(0);
    expect(output).toContain(
      `futrou plugin: pulumi-futrou needs Node.js ${MIN_NODE_VERSION} or newer, but this is ${found}. ` +
        "Set PULUMI_FUTROU_NODE to a newer node binary, or install the futrou binary that needs no Node.js",
    );
    expect(output).not.toContain("always* a bug");
    expect(output).not.toMatch(/^\s+at /m);
  });

  it("on an old Node.js, the package folder as a source-based plugin (PulumiPlugin.yaml) also fails with that one line", async () => {
    // The Node.js language host runs `@pulumi/pulumi/cmd/run-plugin <clone>` with the node first on PATH; the
    // SDK it requires starts the plugin's server, which answers with the reason, instead of throwing at load.
    const { status, output, found } = await oldNodePreview(repoRoot);
    expect(status).not.toBe(0);
    expect(output).toContain(
      `futrou plugin: pulumi-futrou needs Node.js ${MIN_NODE_VERSION} or newer, but this is ${found}. ` +
        "Put a newer Node.js first on PATH (the Node.js language host runs this plugin folder with it), or install " +
        "the futrou binary that needs no Node.js",
    );
    expect(output).not.toContain("always* a bug");
    expect(output).not.toContain("exited prematurely");
  });

  it("with no Node.js at all, the launcher says so in one line: what it looked for and what to do", () => {
    const r = spawnSync(join(plugin, LAUNCHER), ["127.0.0.1:1"], { env: { PATH: tools }, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr.trim().split("\n")).toEqual([
      "pulumi-resource-futrou: needs Node.js 22.19 or newer; found: none. Install one, or set PULUMI_FUTROU_NODE" +
        " to its node binary, or install the futrou binary that needs no Node.js: pulumi plugin install resource" +
        " futrou <version> --file pulumi-resource-futrou-v<version>-<os>-<arch>.tar.gz.",
    ]);
  });

  it("without its plugin.js, the launcher names the missing file and how to get it back", () => {
    const broken = join(scratch, "broken");
    cpSync(plugin, broken, { recursive: true });
    rmSync(join(broken, "plugin.js"));
    const r = spawnSync(join(broken, LAUNCHER), ["127.0.0.1:1"], { env: { PATH: tools }, encoding: "utf8" });
    expect(r.status).toBe(1);
    expect(r.stderr.trim().split("\n")).toEqual([
      `pulumi-resource-futrou: ${broken}/plugin.js is missing: rebuild the plugin folder (make build) or reinstall the package.`,
    ]);
  });
});
