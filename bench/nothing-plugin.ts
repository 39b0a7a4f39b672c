/**
 * A do-nothing `futrou` provider plugin, for bench/convert.ts's baseline: "the engine's time to import the
 * same number of do-nothing resources" (issue 30, point 4). It serves the real plugin's schema (so the same
 * converted program runs on it unchanged) and answers every resource call from the request alone: Check
 * echoes the inputs, Diff finds nothing, Read finds the id it is given (with no properties), no API request.
 * What a `pulumi up` of the program costs on it is the engine's own cost of importing those resources: the
 * language host's evaluation, the steps, the checkpoints.
 *
 * Given a file of answers (`reads`: id → the inputs and outputs a Read returns, taken from a real stack's
 * state), Read answers from it instead: the same do-nothing resources, carrying the state the real objects
 * carry, so the engine's cost of storing that state (checkpointed after every step) is in the baseline too.
 *
 *   nothingPluginDir(dir)          writes a plugin folder (its launcher) into dir, for `plugins: providers:`
 *   nothingPluginDir(dir, reads)   the same, whose Read answers from the file `reads`
 */
import { chmodSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type * as grpc from "@grpc/grpc-js";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { type JavaScriptValue, Struct } from "google-protobuf/google/protobuf/struct_pb";
import { listen } from "../provider/adapters/plugin/listen";
import { unary } from "../provider/adapters/plugin/rpc";
import { LAUNCHER, PLUGIN_DIR } from "../scripts/build-plugin";
import { repoRoot } from "../scripts/program-dir";

const DiffNone = provproto.DiffResponse.DiffChanges.DIFF_NONE;

/** What Read answers for an id, from a real stack's state. */
type Properties = Record<string, JavaScriptValue>;
export type RecordedReads = Record<string, { inputs: Properties; outputs: Properties }>;

const READS_ENV = "FUTROU_NOTHING_READS";

function service(schema: string, reads: RecordedReads): grpc.UntypedServiceImplementation {
  const version = (JSON.parse(schema) as { version: string }).version;
  return {
    getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(version)),
    getSchema: unary(async () => new provproto.GetSchemaResponse().setSchema(schema)),
    checkConfig: unary(async (req: provproto.CheckRequest) => new provproto.CheckResponse().setInputs(req.getNews())),
    diffConfig: unary(async () => new provproto.DiffResponse().setChanges(DiffNone)),
    configure: unary(async () => new provproto.ConfigureResponse().setAcceptsecrets(true).setSupportspreview(false)),
    check: unary(async (req: provproto.CheckRequest) => new provproto.CheckResponse().setInputs(req.getNews())),
    diff: unary(async () => new provproto.DiffResponse().setChanges(DiffNone)),
    read: unary(async (req: provproto.ReadRequest) => {
      const recorded = reads[req.getId()];
      return new provproto.ReadResponse()
        .setId(req.getId())
        .setProperties(recorded ? Struct.fromJavaScript(recorded.outputs) : (req.getProperties() ?? new Struct()))
        .setInputs(recorded ? Struct.fromJavaScript(recorded.inputs) : (req.getInputs() ?? new Struct()));
    }),
    cancel: unary(async () => new Empty()),
  };
}

/** A plugin folder in `dir` that the engine starts as the `futrou` provider: this file built, on this Node.js. */
export function nothingPluginDir(dir: string, reads?: string): string {
  const launcher = join(dir, LAUNCHER);
  // The compiled file (`make build`), also when this module runs from its source (jest).
  const main = join(repoRoot, "dist", "bench", "nothing-plugin.js");
  const env = reads ? `${READS_ENV}="${reads}" ` : "";
  writeFileSync(launcher, `#!/bin/sh\n${env}exec "${process.execPath}" "${main}" "$@"\n`);
  chmodSync(launcher, 0o755);
  return dir;
}

if (require.main === module) {
  // Started by the engine with its address; prints the port. The engine ends it when the operation is done.
  const readsFile = process.env[READS_ENV];
  const reads: RecordedReads = readsFile ? JSON.parse(readFileSync(readsFile, "utf8")) : {};
  listen(service(readFileSync(join(PLUGIN_DIR, "schema.json"), "utf8"), reads)).then(
    ({ port }) => process.stdout.write(`${port}\n`),
    (error: unknown) => {
      process.stderr.write(`nothing plugin: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(1);
    },
  );
}
