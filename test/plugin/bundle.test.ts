/**
 * The built plugin (dist/plugin/plugin.js, one esbuild bundle: `make build`; the binary of `make binary` runs
 * the same file) serves every registered kind. The registry names no kind: it finds one's spec by a `require`
 * whose path holds the kind's name (provider/registry.ts), which the bundler reads as a pattern over the
 * kinds' folders. A folder the bundle left out would answer "unknown resource type" here. Starts the bundle
 * with node and asks it over gRPC as the engine would (a Diff names the kind and sends no request); no engine.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as grpc from "@grpc/grpc-js";
import * as provrpc from "@pulumi/pulumi/proto/provider_grpc_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { kinds, specFor } from "../../provider/registry";
import { PLUGIN_TYPE_PREFIX } from "../../provider/spec";
import { PLUGIN_DIR } from "../../scripts/build-plugin";

jest.setTimeout(60_000);

let plugin: ChildProcess;
let client: provrpc.ResourceProviderClient;

beforeAll(async () => {
  const bundle = join(PLUGIN_DIR, "plugin.js");
  if (!existsSync(bundle)) throw new Error("the plugin is not built: run `make build`");
  plugin = spawn(process.execPath, [bundle], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<string>((resolve, reject) => {
    let out = "";
    plugin.stdout?.on("data", (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes("\n")) resolve(out.split("\n")[0] as string);
    });
    plugin.on("exit", (code) => reject(new Error(`plugin.js exited (${code}) before printing its port`)));
  });
  client = new provrpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
});
afterAll(() => {
  client?.close();
  plugin?.kill();
});

/** A Diff of an unchanged object of the type: the plugin's answer, or its error. */
function diff(type: string): Promise<{ error: grpc.ServiceError | null; changes?: number }> {
  const req = new provproto.DiffRequest()
    .setId("x")
    .setType(type)
    .setUrn(`urn:pulumi:test::bundle::${type}::x`)
    .setOlds(Struct.fromJavaScript({}))
    .setNews(Struct.fromJavaScript({}));
  return new Promise((resolve) => client.diff(req, (error, res) => resolve({ error, changes: res?.getChanges() })));
}

test.each(kinds())("the bundle serves %s", async (kind) => {
  const { error, changes } = await diff(`${PLUGIN_TYPE_PREFIX}${specFor(kind).typeName}`);
  expect(error?.details).toBeUndefined();
  expect(changes).toBe(provproto.DiffResponse.DiffChanges.DIFF_NONE);
});

test("a type no kind has is unknown to it", async () => {
  const { error } = await diff(`${PLUGIN_TYPE_PREFIX}Nothing`);
  expect(error?.details).toContain('unknown resource type "futrou:index:Nothing"');
});
