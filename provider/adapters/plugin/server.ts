/**
 * The `futrou` provider plugin: Pulumi's ResourceProvider gRPC service as a thin adapter over the kit
 * (kit.ts), the same one the TypeScript SDK's dynamic providers run. A type token `futrou:index:<Type>`
 * names a registered spec; every request is turned into the kit call the dynamic-provider host would make,
 * and the answer back into the engine's terms. What only the plugin adds:
 *
 * - settings per provider process from `Configure` (an explicit provider's own inputs), then the stack's
 *   `futrou:*` config (`PULUMI_CONFIG`), then the environment, as provider/config.ts resolves them;
 * - secrets arrive unwrapped and leave wrapped (spec.secrets and what the program marked, `__secrets`);
 * - auto-names from the engine's autonaming options, else from the resource's URN (preview = up);
 * - a DetailedDiff per changed input, so previews name each field and `replaceOnChanges` works;
 * - the request's timeout in place of the `__timeouts` hidden input;
 * - `Read` without properties (`pulumi import`), invokes for the lookups, and the package schema.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as sea from "node:sea";
import * as grpc from "@grpc/grpc-js";
import * as engrpc from "@pulumi/pulumi/proto/engine_grpc_pb";
import * as engproto from "@pulumi/pulumi/proto/engine_pb";
import * as plugproto from "@pulumi/pulumi/proto/plugin_pb";
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import * as statusproto from "@pulumi/pulumi/proto/status_pb";
import { Any } from "google-protobuf/google/protobuf/any_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { autoName as identityName, toSlug } from "../../../sdk/naming";
import type { Kind } from "../../api/contract";
import { withinDeadline } from "../../api/deadline";
import {
  type ConfigSource,
  clientFor,
  requestDeadline,
  resolveSettings,
  SDK_MODE_KEY,
  versionedBaseUrl,
} from "../../config";
import { setWarningSink } from "../../engineLog";
import { isKind, specFor } from "../../index";
import { type KitProvider, makeProvider, ResourceInitError, UNKNOWN } from "../../kit";
import { LOOKUPS, type LookupName } from "../../lookups";
import { declaredSecrets } from "../../secrets";
import { HIDDEN, PLUGIN_TYPE_PREFIX, type Props } from "../../spec";
import { listen } from "./listen";
import { fromWire, toWire } from "./wire";

export const PACKAGE = "futrou";
/** `futrou:index:<Type>`: the type tokens of resources and functions. */
export const TOKEN_PREFIX = PLUGIN_TYPE_PREFIX;

/** The provider settings: schema config names, and the secret one. */
export const SETTINGS = [
  "apiToken",
  "apiUrl",
  "workspaceId",
  "readyTimeoutSeconds",
  "pollIntervalMs",
  "requestDeadlineSeconds",
] as const;
type Setting = (typeof SETTINGS)[number];
const SECRET_SETTINGS: readonly string[] = ["apiToken"];
/** Keys the engine itself adds to a provider's inputs, and the TypeScript SDK's own `futrou:mode` (sdk/mode.ts). */
const IGNORED_KEYS = ["version", "pluginDownloadURL", SDK_MODE_KEY, SDK_MODE_KEY.slice(`${PACKAGE}:`.length)];

// ---------------------------------------------------------------------------------------------------
// Small helpers

type Callback<T> = (error: grpc.ServiceError | null, value?: T | null, trailer?: grpc.Metadata) => void;

/** A unary handler from an async function; an error becomes the gRPC status the engine prints. */
function unary<Req, Res>(fn: (req: Req) => Promise<Res>) {
  return (call: grpc.ServerUnaryCall<Req, Res>, callback: Callback<Res>) => {
    fn(call.request).then(
      (res) => callback(null, res),
      (error: unknown) => {
        const e = toServiceError(error);
        callback(e, null, e.metadata);
      },
    );
  };
}

/**
 * The engine's form of an error: a ResourceInitError (the object exists but did not become ready) carries
 * ErrorResourceInitFailed, so the engine records the resource instead of losing it.
 */
function toServiceError(error: unknown): grpc.ServiceError {
  const message = error instanceof Error ? error.message : String(error);
  const metadata = new grpc.Metadata();
  if (error instanceof ResourceInitError) {
    const detail = new provproto.ErrorResourceInitFailed();
    detail.setId(error.id);
    detail.setProperties(toWire(error.properties)); // sealed by the kit
    detail.setReasonsList(error.reasons);
    const any = new Any();
    any.pack(detail.serializeBinary(), "pulumirpc.ErrorResourceInitFailed");
    const status = new statusproto.Status();
    status.setCode(grpc.status.UNKNOWN);
    status.setMessage(message);
    status.addDetails(any);
    metadata.add("grpc-status-details-bin", Buffer.from(status.serializeBinary()));
  }
  return Object.assign(new Error(message), { code: grpc.status.UNKNOWN, details: message, metadata });
}

/** `urn:pulumi:<stack>::<project>::<parent types$type>::<name>` */
function parseUrn(urn: string): { stack: string; project: string; types: string[]; name: string } {
  const [head = "", project = "", qualified = "", ...rest] = urn.split("::");
  return { stack: head.replace(/^urn:pulumi:/, ""), project, types: qualified.split("$"), name: rest.join("::") };
}

/** The kind a type token names, or a clear error. */
function kindOf(type: string): Kind {
  const typeName = type.startsWith(TOKEN_PREFIX) ? type.slice(TOKEN_PREFIX.length) : "";
  const kind = typeName.charAt(0).toLowerCase() + typeName.slice(1);
  if (!isKind(kind) || specFor(kind).typeName !== typeName) {
    throw new Error(`futrou: unknown resource type "${type}"`);
  }
  return kind;
}

const typeOf = (req: { getType(): string; getUrn(): string }): string =>
  req.getType() || (parseUrn(req.getUrn()).types.at(-1) ?? "");

/** The kit's timeouts hidden input for one operation, from the request's timeout (seconds). */
function withTimeout(props: Props, op: "create" | "update" | "delete", seconds: number): Props {
  return seconds > 0 ? { ...props, [HIDDEN.timeouts]: { [op]: seconds * 1000 } } : props;
}

/** The request's timeout applies to that request only: it is not state. */
function withoutTimeouts(props: Props): Props {
  const { [HIDDEN.timeouts]: _, ...rest } = props;
  return rest;
}

// ---------------------------------------------------------------------------------------------------
// Provider settings

/** A settings value as text (numbers from typed config), or undefined when unknown until apply. */
function settingText(v: unknown): string | undefined {
  if (v === undefined || v === null || v === UNKNOWN) return undefined;
  return typeof v === "string" ? v : String(v);
}

/** A provider's inputs by setting name (`apiToken`, also accepted as `futrou:apiToken`). */
function settingsOf(props: Props): Partial<Record<Setting, unknown>> {
  const out: Partial<Record<Setting, unknown>> = {};
  for (const key of SETTINGS) {
    const v = props[key] ?? props[`${PACKAGE}:${key}`];
    if (v !== undefined && v !== null) out[key] = v;
  }
  return out;
}

/** The stack's `futrou:*` config, as the engine gives it to every provider process (namespace stripped). */
function stackConfig(): Props {
  try {
    const parsed = JSON.parse(process.env.PULUMI_CONFIG ?? "{}") as unknown;
    return parsed !== null && typeof parsed === "object" ? (parsed as Props) : {};
  } catch {
    return {};
  }
}

/** The provider's own inputs first, then the stack's config; provider/config.ts adds the environment. */
function configSource(args: Props): ConfigSource {
  const own = settingsOf(args);
  const stack = settingsOf(stackConfig());
  return {
    get: (key) => {
      const name = key.replace(/^futrou:/, "") as Setting;
      return settingText(own[name]) ?? settingText(stack[name]);
    },
  };
}

/** Why a setting's value is not usable, or undefined. */
function settingProblem(key: Setting, value: unknown): string | undefined {
  if (value === UNKNOWN) return undefined;
  const text = settingText(value);
  if (text === undefined || text === "") return undefined;
  if (key === "readyTimeoutSeconds" || key === "pollIntervalMs" || key === "requestDeadlineSeconds") {
    const n = Number(text);
    return Number.isFinite(n) && n > 0 ? undefined : `must be a positive number, got "${text}"`;
  }
  if (key === "apiUrl") {
    try {
      const url = new URL(versionedBaseUrl(text));
      return url.protocol === "http:" || url.protocol === "https:"
        ? undefined
        : `must be an http(s) URL, got "${text}"`;
    } catch {
      return `must be a URL such as https://api.futrou.com, got "${text}"`;
    }
  }
  return typeof value === "string" ? undefined : "must be a string";
}

// ---------------------------------------------------------------------------------------------------
// Auto-names

/**
 * The name for a resource that gives none: the engine's proposal when `pulumi:autonaming` is configured
 * (PROPOSE is made a valid Futrou name, ENFORCE is used as is), else `<name>-<7 characters>` drawn from a
 * hash of the URN, so preview and up (and every run) agree. Undefined when autonaming is disabled.
 */
function autoNameFor(req: provproto.CheckRequest): string | undefined {
  const options = req.getAutonaming();
  const Mode = provproto.CheckRequest.AutonamingOptions.Mode;
  if (options) {
    if (options.getMode() === Mode.DISABLE) return undefined;
    const proposed = options.getProposedName();
    if (options.getMode() === Mode.ENFORCE) return proposed;
    if (proposed !== "") return toSlug(proposed) || undefined;
  }
  const urn = parseUrn(req.getUrn());
  const type = typeOf(req);
  const named = identityName(undefined, {
    organization: "",
    project: urn.project,
    stack: urn.stack,
    type,
    shortType: type,
    parents: urn.types.slice(0, -1),
    logicalName: req.getName() || urn.name,
    config: () => undefined,
  });
  return "name" in named ? named.name : undefined;
}

// ---------------------------------------------------------------------------------------------------
// The service

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

  let source: ConfigSource = configSource({});
  /** The kit's provider per kind, built on first use: secrets come and go sealed (the engine's encoding). */
  const providers = new Map<Kind, KitProvider>();

  /** The kit's provider for a type token, configured with this process's settings. */
  async function kit(type: string) {
    const kind = kindOf(type);
    let provider = providers.get(kind);
    if (!provider) {
      provider = makeProvider(specFor(kind), { acceptsSecrets: true });
      await provider.configure({ config: source });
      providers.set(kind, provider);
    }
    return { spec: specFor(kind), provider };
  }

  const DiffChanges = provproto.DiffResponse.DiffChanges;
  const PropertyKind = provproto.PropertyDiff.Kind;

  return {
    // No Handshake: the engine then takes the capabilities from Configure's answer, where `supportsPreview` is
    // false, so it never calls Create or Update during a preview (a handshake implies provider previews).

    getPluginInfo: unary(async () => new plugproto.PluginInfo().setVersion(version())),

    getSchema: unary(async (req: provproto.GetSchemaRequest) => {
      if (req.getSubpackageName()) throw new Error(`futrou: no subpackage "${req.getSubpackageName()}"`);
      return new provproto.GetSchemaResponse().setSchema(schema());
    }),

    /** Validates the provider's settings before any request; each failure names the setting. */
    checkConfig: unary(async (req: provproto.CheckRequest) => {
      const news = fromWire(req.getNews());
      const res = new provproto.CheckResponse();
      const failures: provproto.CheckFailure[] = [];
      for (const key of Object.keys(news.props)) {
        const name = key.replace(/^futrou:/, "");
        if (IGNORED_KEYS.includes(key)) continue;
        if (!(SETTINGS as readonly string[]).includes(name)) {
          failures.push(
            new provproto.CheckFailure()
              .setProperty(key)
              .setReason(`is not a futrou provider setting (one of ${SETTINGS.join(", ")})`),
          );
          continue;
        }
        const problem = settingProblem(name as Setting, news.props[key]);
        if (problem) failures.push(new provproto.CheckFailure().setProperty(key).setReason(problem));
      }
      res.setInputs(
        toWire(news.props, [...news.secret, ...SECRET_SETTINGS, ...SECRET_SETTINGS.map((k) => `futrou:${k}`)]),
      );
      res.setFailuresList(failures);
      return res;
    }),

    /** A changed token, URL or default updates the provider in place: its resources are never replaced. */
    diffConfig: unary(async (req: provproto.DiffRequest) => {
      const olds = settingsOf(fromWire(req.getOlds()).props);
      const news = settingsOf(fromWire(req.getNews()).props);
      const changed = SETTINGS.filter((k) => settingText(olds[k]) !== settingText(news[k]));
      const res = new provproto.DiffResponse();
      res.setChanges(changed.length > 0 ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
      res.setDiffsList(changed);
      res.setHasdetaileddiff(true);
      for (const k of changed) {
        const kind =
          olds[k] === undefined ? PropertyKind.ADD : news[k] === undefined ? PropertyKind.DELETE : PropertyKind.UPDATE;
        res.getDetaileddiffMap().set(k, new provproto.PropertyDiff().setKind(kind).setInputdiff(true));
      }
      return res;
    }),

    configure: unary(async (req: provproto.ConfigureRequest) => {
      const args = fromWire(req.getArgs()).props;
      for (const [k, v] of req.getVariablesMap().entries()) {
        const name = k.replace(/^futrou:/, "");
        if (args[name] === undefined) args[name] = v;
      }
      source = configSource(args);
      for (const provider of providers.values()) await provider.configure({ config: source });
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
      const settings = resolveSettings(source);
      const result = await withinDeadline(requestDeadline(settings), () =>
        lookup.run(clientFor(settings), parsed.data as Props, settings),
      );
      res.setReturn(toWire(Array.isArray(result) ? { [lookup.list ?? "items"]: result } : result));
      return res;
    }),

    /**
     * The kit's check, with what only the engine knows: which inputs arrived secret (recorded in
     * `__secrets`, so every later step and the kit's messages know) and the auto-name.
     */
    check: unary(async (req: provproto.CheckRequest) => {
      const { spec, provider } = await kit(typeOf(req));
      const olds = fromWire(req.getOlds());
      const news = fromWire(req.getNews());
      const inputs: Props = { ...news.props };
      const marked = [...new Set([...news.secret, ...declaredSecrets(news.props)])].sort();
      if (marked.length > 0) inputs[HIDDEN.secrets] = marked;
      else delete inputs[HIDDEN.secrets];
      const res = new provproto.CheckResponse();
      // A resource auto-named before keeps its name (the kit reads it from the old inputs) and its marker, so
      // every later check knows it too: the engine's autonaming applies to new resources only.
      const marks = [HIDDEN.autoName, HIDDEN.name].filter((k) => olds.props[k] !== undefined);
      if (spec.autoName && inputs[spec.autoName] === undefined && marks.length > 0) {
        for (const k of marks) inputs[k] ??= olds.props[k];
      } else if (spec.autoName && inputs[spec.autoName] === undefined) {
        const name = autoNameFor(req);
        if (name === undefined) {
          res.setFailuresList([
            new provproto.CheckFailure()
              .setProperty(spec.autoName)
              .setReason('is required (pulumi:autonaming mode is "disabled")'),
          ]);
          return res.setInputs(toWire(inputs, [...spec.secrets, ...marked]));
        }
        inputs[HIDDEN.autoName] = name;
      }
      const result = await provider.check(olds.props, inputs);
      res.setInputs(toWire((result.inputs ?? inputs) as Props));
      res.setFailuresList(
        (result.failures ?? []).map((f) => new provproto.CheckFailure().setProperty(f.property).setReason(f.reason)),
      );
      return res;
    }),

    /** The kit's diff, with one DetailedDiff entry per changed input: update, or replace and why. */
    diff: unary(async (req: provproto.DiffRequest) => {
      const { provider } = await kit(typeOf(req));
      const olds = fromWire(req.getOlds()).props;
      const news = fromWire(req.getNews()).props;
      const diff = await provider.diff(req.getId(), olds, news, fromWire(req.getOldInputs()).props);
      const replaces = diff.replaces ?? [];
      const res = new provproto.DiffResponse();
      res.setChanges(diff.changes ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
      res.setReplacesList(replaces);
      res.setDeletebeforereplace(diff.deleteBeforeReplace === true);
      res.setDiffsList(diff.changed);
      res.setHasdetaileddiff(true);
      for (const k of diff.changed) {
        const added = olds[k] === undefined || olds[k] === null;
        const replace = replaces.includes(k);
        const kind = added
          ? replace
            ? PropertyKind.ADD_REPLACE
            : PropertyKind.ADD
          : replace
            ? PropertyKind.UPDATE_REPLACE
            : PropertyKind.UPDATE;
        res.getDetaileddiffMap().set(k, new provproto.PropertyDiff().setKind(kind).setInputdiff(false));
      }
      return res;
    }),

    create: unary(async (req: provproto.CreateRequest) => {
      const { provider } = await kit(typeOf(req));
      const inputs = fromWire(req.getProperties()).props;
      // Never called in a preview (no provider previews), and a preview must not write: the inputs as state.
      if (req.getPreview()) return new provproto.CreateResponse().setProperties(req.getProperties());
      // The create journal's identity holds the stack (provider/create.ts): the URN says it.
      inputs[HIDDEN.stack] = parseUrn(req.getUrn()).stack;
      const { id, outs } = await provider.create(withTimeout(inputs, "create", req.getTimeout()));
      return new provproto.CreateResponse().setId(id).setProperties(toWire(withoutTimeouts(outs as Props)));
    }),

    /**
     * Refresh, `get` and import: one GET. For an import the engine sends neither properties nor inputs: the
     * inputs come back from the object as it is (observed fields), so the next `up` of a matching program
     * changes nothing.
     */
    read: unary(async (req: provproto.ReadRequest) => {
      const { provider } = await kit(typeOf(req));
      const props = fromWire(req.getProperties()).props;
      const oldInputs = fromWire(req.getInputs()).props;
      // States written before outputs carried `__secrets` have it in the inputs only.
      if (props[HIDDEN.secrets] === undefined && oldInputs[HIDDEN.secrets] !== undefined) {
        props[HIDDEN.secrets] = oldInputs[HIDDEN.secrets];
      }
      const result = await provider.read(req.getId(), props);
      const res = new provproto.ReadResponse().setId(result.id ?? "");
      if (!result.id) return res;
      res.setProperties(toWire(withoutTimeouts((result.props ?? {}) as Props)));
      res.setInputs(toWire(withoutTimeouts((result.inputs ?? {}) as Props)));
      return res;
    }),

    update: unary(async (req: provproto.UpdateRequest) => {
      const { provider } = await kit(typeOf(req));
      const olds = fromWire(req.getOlds()).props;
      const news = fromWire(req.getNews()).props;
      if (req.getPreview()) return new provproto.UpdateResponse().setProperties(req.getNews());
      const oldInputs = fromWire(req.getOldInputs()).props;
      const { outs } = await provider.update(
        req.getId(),
        olds,
        withTimeout(news, "update", req.getTimeout()),
        oldInputs,
      );
      return new provproto.UpdateResponse().setProperties(toWire(withoutTimeouts((outs ?? {}) as Props)));
    }),

    delete: unary(async (req: provproto.DeleteRequest) => {
      const { provider } = await kit(typeOf(req));
      const props = fromWire(req.getProperties()).props;
      await provider.delete(req.getId(), withTimeout(props, "delete", req.getTimeout()));
      return new Empty();
    }),

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
    (message) =>
      new Promise((resolve, reject) => {
        const req = new engproto.LogRequest();
        req.setSeverity(engproto.LogSeverity.WARNING);
        req.setMessage(message);
        engine.log(req, (error) => (error ? reject(error) : resolve()));
      }),
  );
}

/** Starts the service on 127.0.0.1 (an ephemeral port); resolves with the port. */
export function serve(options: ServerOptions = {}): Promise<{ port: number; server: grpc.Server }> {
  return listen(resourceProviderService(options));
}
