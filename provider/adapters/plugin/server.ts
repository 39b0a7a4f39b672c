/**
 * The `futrou` provider plugin: Pulumi's ResourceProvider gRPC service as a thin adapter over the kit
 * (provider/kit/), the same one the TypeScript SDK's dynamic providers run. A type token
 * `futrou:index:<Type>` names a registered spec. One method per RPC, in groups:
 * - schema and plugin info (here), from the schema.json the build writes;
 * - provider settings: CheckConfig, DiffConfig (settings.ts) and Configure (here, over `PluginKits`);
 * - the lookups: Invoke (here, provider/lookups.ts);
 * - the resources: Check, Diff, Create, Read, Update, Delete (resources.ts);
 * - the resource methods, the kinds' actions: Call (methods.ts).
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as sea from "node:sea";
import * as grpc from "@grpc/grpc-js";
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { clientFor, requestDeadline, resolveSettings } from "../../config";
import { setWarningSink } from "../../engineLog";
import { LOOKUPS, type LookupName } from "../../lookups";
import type { Props } from "../../spec";
import { PluginKits } from "./kits";
import { listen } from "./listen";
import { methodRpcs } from "./methods";
import { resourceRpcs } from "./resources";
import { TOKEN_PREFIX, unary } from "./rpc";
import { configRpcs, configSource, configureArgs } from "./settings";
import { fromWire, toWire } from "./wire";

export { PACKAGE, TOKEN_PREFIX } from "./rpc";
export { SETTINGS } from "./settings";

export interface ServerOptions {
  /** Where schema.json is (the build writes it next to the bundled plugin, and into the binary). */
  schemaPath?: string;
}

/** The schema.json the build put beside the bundle; the single-executable binary carries it as an asset. */
function readDefaultSchema(): string {
  if (sea.isSea()) return sea.getAsset("schema.json", "utf8");
  const candidates = [join(__dirname, "schema.json"), join(__dirname, "..", "..", "..", "plugin", "schema.json")];
  return readFileSync(candidates.find((p) => existsSync(p)) ?? (candidates[0] as string), "utf8");
}

export function resourceProviderService(options: ServerOptions = {}): grpc.UntypedServiceImplementation {
  let schemaText: string | undefined;
  const schema = (): string => {
    schemaText ??= options.schemaPath ? readFileSync(options.schemaPath, "utf8") : readDefaultSchema();
    return schemaText;
  };
  const version = (): string => (JSON.parse(schema()) as { version: string }).version;
  const kits = new PluginKits();

  return {
    // No Handshake: the engine then takes the capabilities from Configure's answer, where `supportsPreview` is
    // false, so it never calls Create or Update during a preview (a handshake implies provider previews).

    getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(version())),

    getSchema: unary(async (req: provproto.GetSchemaRequest) => {
      if (req.getSubpackageName()) throw new Error(`futrou: no subpackage "${req.getSubpackageName()}"`);
      return new provproto.GetSchemaResponse().setSchema(schema());
    }),

    ...configRpcs,

    configure: unary(async (req: provproto.ConfigureRequest) => {
      await kits.configure(configSource(configureArgs(req)));
      const res = new provproto.ConfigureResponse();
      res.setAcceptsecrets(true);
      res.setSupportspreview(false);
      res.setAcceptresources(false);
      res.setAcceptoutputs(false);
      res.setSupportsAutonamingConfiguration(true);
      return res;
    }),

    /** The lookups (`futrou:index:getRegions`, …): bad arguments come back as failures naming the argument. */
    invoke: unary(async (req: provproto.InvokeRequest) => {
      const tok = req.getTok();
      const name = tok.startsWith(TOKEN_PREFIX) ? tok.slice(TOKEN_PREFIX.length) : "";
      if (!Object.hasOwn(LOOKUPS, name)) throw new Error(`futrou: unknown function "${tok}"`);
      const lookup = LOOKUPS[name as LookupName];
      const args = fromWire(req.getArgs()).props;
      const res = new provproto.InvokeResponse();
      const parsed = lookup.args.safeParse(args);
      if (!parsed.success) {
        res.setFailuresList(
          parsed.error.issues.map((i) =>
            new provproto.CheckFailure().setProperty(i.path.map(String).join(".") || "(args)").setReason(i.message),
          ),
        );
        return res;
      }
      const settings = resolveSettings(kits.source);
      const result = await lookup.run(
        clientFor(settings).within(requestDeadline(settings)),
        parsed.data as Props,
        settings,
      );
      res.setReturn(toWire(Array.isArray(result) ? { [lookup.list ?? "items"]: result } : result));
      return res;
    }),

    ...resourceRpcs(kits),

    /** Resource methods (`futrou:index:<Type>/<action>`): the kinds' actions. */
    ...methodRpcs(kits),

    /** Nothing to stop: every request is bounded by the client's retries and the readiness timeout. */
    cancel: unary(async () => new Empty()),

    /** `PULUMI_DEBUG_PROVIDERS`: the engine attaches to a running plugin. */
    attach: unary(async () => new Empty()),
  };
}

/** The kit's warnings (engineLog.ts) go to the engine's Log, printed as `warning:` in the run's diagnostics. */
export function warnThrough(engineAddress: string): void {
  const engine = new engrpc.EngineClient(engineAddress, grpc.credentials.createInsecure());
  setWarningSink(
    ({ message, status, urn }) =>
      new Promise((resolve, reject) => {
        const req = new engproto.LogRequest();
        req.setSeverity(status ? engproto.LogSeverity.INFO : engproto.LogSeverity.WARNING);
        req.setMessage(message);
        req.setUrn(urn ?? "");
        req.setEphemeral(status === true);
        engine.log(req, (error) => (error ? reject(error) : resolve()));
      }),
  );
}

/** Starts the service on 127.0.0.1 (an ephemeral port); resolves with the port. */
export function serve(options: ServerOptions = {}): Promise<{ port: number; server: grpc.Server }> {
  return listen(resourceProviderService(options));
}
