/**
 * What every SDK class does in its constructor: turn typed Args and options into the property bag and
 * options of a `pulumi.CustomResource`, served by the dynamic-provider host or, with `futrou:mode: plugin`
 * (sdk/mode.ts), by the futrou provider plugin. Internal: no public signature names anything from here
 * (see types.ts).
 *
 * On the plugin the engine itself imports, applies `customTimeouts` and `replaceOnChanges`, auto-names
 * (through the plugin's check) and knows which inputs are secret: the resource is registered as
 * `futrou:index:<Type>` with the program's inputs and options only, aliased from its dynamic type.
 *
 * The serialized provider (`__provider`) is a one-line module that loads this package's provider at run
 * time, so state holds no closure, no client and no token. Options the dynamic-provider host cannot see
 * travel as hidden inputs: `import` as `__import` (the engine cannot import dynamic resources,
 * pulumi/pulumi#16175), `customTimeouts` as `__timeouts`, the auto-name as `__autoName`, the stack as
 * `__stack` (the create journal's identity), and which inputs the program made secret as `__secrets` (the
 * host unwraps secrets before the provider sees them).
 */
import * as pulumi from "@pulumi/pulumi";
import type { Kind } from "../provider/api/contract";
import { type AutonamingConfig, identityName, type NameContext } from "../provider/naming";
import { parsePath } from "../provider/paths";
import {
  HIDDEN,
  idFault,
  isHidden,
  outputNames,
  PLUGIN_TYPE_PREFIX,
  type ResourceSpec,
  replacesDeleteFirst,
  TYPE_PREFIX,
} from "../provider/spec";
import { UNKNOWN, validateInputs } from "../provider/validate";
import { sdkMode } from "./mode";
import { timeoutsMs } from "./timeouts";

/** Resolved by the dynamic-provider host from the program's directory, like any installed package. */
export const PROVIDER_MODULE = "pulumi-futrou/dist/provider";

/**
 * The module string the host runs: `requireFromString(props.__provider).handler()`. It is stored twice with
 * every resource (inputs and outputs), and the engine writes the whole state at every step of a run, so
 * each character costs two bytes per resource in every checkpoint: at 1,000 resources the message this
 * string once carried for a missing package (124 more characters) took about 10 % of the engine's CPU in a
 * create (bench/RESULTS.md, "Issue 38 at N = 1000"). Without it the host reports Node's own error, which
 * names the package: `Cannot find module 'pulumi-futrou/dist/provider'` (docs/troubleshooting.md says what
 * to do). Single quotes: a double quote is two bytes in the state's JSON. States written with an earlier
 * string keep working: the host loads each resource's own (the same module and `providerFor`), and diff
 * compares no hidden input.
 */
export function providerModule(kind: Kind): string {
  return `exports.handler=()=>require('${PROVIDER_MODULE}').providerFor('${kind}')`;
}

/**
 * Pulumi's Node.js SDK captures four stack traces for every property of every resource it registers
 * (`transferProperties` → `debuggablePromise`), kept only for its promise-leak report. Under ts-node, the
 * default for TypeScript programs, each capture maps ten frames through source maps: a large share of a
 * no-change `up` (bench/RESULTS.md, "Debug stack traces while resources register").
 * Our constructors therefore capture no frames while they call `super()`: `withoutDebugStacks` suspends
 * them once the arguments are ready and `restoreDebugStacks` (in the constructor's `finally`) puts the
 * limit back. Each kind's class (made by sdk/kindClass.ts) does this in its own constructor rather than in a
 * shared base class because Pulumi takes a resource's source position a fixed number of frames up
 * (`Resource.stackTrace(4)`): one more constructor in between would make every resource appear declared
 * inside this package.
 *
 * Unaffected: the resource's source position and stack trace recorded in the state (Pulumi's
 * `Resource.callsites` raises the limit itself). Kept as they were when `PULUMI_DEBUG_PROMISE_LEAKS` is
 * set, for whoever debugs a leak. Lost: the frames of an error thrown synchronously inside Pulumi's
 * constructor (its message stays); our own input errors are thrown before the suspension.
 */
let suspendedLimit: number | undefined;

/** Returns `args` unchanged, with debug stack traces suspended until `restoreDebugStacks`. */
export function withoutDebugStacks<T>(args: T): T {
  if (!process.env.PULUMI_DEBUG_PROMISE_LEAKS) {
    suspendedLimit ??= Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
  }
  return args;
}

/** Called in every resource constructor's `finally`, after `super(...withoutDebugStacks(resourceArgs(...)))`. */
export function restoreDebugStacks(): void {
  if (suspendedLimit === undefined) return;
  Error.stackTraceLimit = suspendedLimit;
  suspendedLimit = undefined;
}

const MODES = ["default", "verbatim", "disabled"];
let autonamingCache: { config: AutonamingConfig | undefined } | undefined;

/** `pulumi:autonaming` from the stack (or project) config, read once per program. */
function autonamingConfig(): AutonamingConfig | undefined {
  if (!autonamingCache) {
    const config = new pulumi.Config("pulumi").getObject<AutonamingConfig>("autonaming");
    const levels = [
      config,
      ...Object.values(config?.providers ?? {}).flatMap((p) => [p, ...Object.values(p.resources ?? {})]),
    ];
    for (const level of levels) {
      if (level?.mode !== undefined && !MODES.includes(level.mode)) {
        throw new Error(`pulumi:autonaming: mode "${level.mode}" is not one of ${MODES.join(", ")}`);
      }
      if (level?.mode !== undefined && level.pattern !== undefined) {
        throw new Error("pulumi:autonaming: set either mode or pattern, not both");
      }
    }
    autonamingCache = { config };
  }
  return autonamingCache.config;
}

/** Forget the cached `pulumi:autonaming` (tests change the config between programs). */
export function resetAutonamingCache(): void {
  autonamingCache = undefined;
}

/** The parents' `type::name`, innermost first (Pulumi keeps them as internal fields of Resource). */
function parentChain(parent: pulumi.Resource | undefined): string[] {
  const chain: string[] = [];
  for (let r: unknown = parent; r instanceof pulumi.Resource; r = Reflect.get(r, "__parentResource")) {
    chain.push(`${String(Reflect.get(r, "__pulumiType"))}::${String(Reflect.get(r, "__name"))}`);
  }
  return chain;
}

/** The organization, or DIY backends' fixed "organization" where the runtime does not know it. */
function organization(): string {
  try {
    return pulumi.getOrganization();
  } catch {
    return "organization";
  }
}

/** Whether a stack config key (`<namespace>:<name>`) holds a secret (the runtime knows; its helper is internal). */
function isConfigSecret(fullKey: string): boolean {
  const known: unknown = Reflect.get(pulumi.runtime, "isConfigSecret");
  return typeof known === "function" && known(fullKey) === true;
}

function nameContext(type: string, shortType: string, name: string, parent: pulumi.Resource | undefined): NameContext {
  const project = pulumi.getProject();
  return {
    organization: organization(),
    project,
    stack: pulumi.getStack(),
    type,
    shortType,
    parents: parentChain(parent),
    logicalName: name,
    config: (key) => {
      const at = key.indexOf(":");
      const [namespace, name] = at < 0 ? [project, key] : [key.slice(0, at), key.slice(at + 1)];
      // A name is stored and printed in plain text: nothing in it may come from a secret.
      if (isConfigSecret(`${namespace}:${name}`)) {
        throw new Error(
          `pulumi:autonaming: \${config.${key}} is a secret, and an auto-name is stored and printed in plain text; ` +
            "use a config value that is not secret, or give the resource a name",
        );
      }
      return new pulumi.Config(namespace).get(name);
    },
  };
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && [Object.prototype, null].includes(Object.getPrototypeOf(v));

/** Whether an input is a secret Output, or a plain array or object holding one (`env: { K: secret }`). */
async function holdsSecret(v: unknown): Promise<boolean> {
  if (pulumi.Output.isInstance(v)) return pulumi.isSecret(v);
  const inner = Array.isArray(v) ? v : isPlainObject(v) ? Object.values(v) : [];
  return (await Promise.all(inner.map(holdsSecret))).some(Boolean);
}

/**
 * The top-level inputs the program gave as secrets, sorted (`__secrets`): the dynamic-provider host hands
 * the provider plain values, so this list is how the provider knows what to keep out of every message,
 * log and file (provider/secrets.ts). Names only; undefined (no input at all) when there are none.
 */
async function secretInputs(given: Record<string, unknown>): Promise<string[] | undefined> {
  const names = Object.keys(given).sort();
  const secret = await Promise.all(names.map((k) => holdsSecret(given[k])));
  const marked = names.filter((_, i) => secret[i]);
  return marked.length > 0 ? marked : undefined;
}

/** The short type (`futrou:Volume`) of a full type token, for `pulumi:autonaming` resource keys. */
const shortTypeOf = (type: string): string =>
  type.startsWith(TYPE_PREFIX) ? `futrou:${type.slice(TYPE_PREFIX.length)}` : type;

/**
 * The identity an auto-name is drawn from: the resource's original one when `aliases` says where it came from.
 * An auto-name belongs to the resource, not to its current logical name: after a rename with an alias, the
 * engine's checks with no old inputs (`pulumi up --replace`) must still suggest the name it has. The first
 * alias that fully describes the old identity is used: `{ name?, type?, stack?, project?, parent? }` with
 * plain values (a `parent` resource, not a URN), or a URN string whose parent types are the current ones.
 */
function originalIdentity(ctx: NameContext, aliases: pulumi.CustomResourceOptions["aliases"]): NameContext {
  for (const alias of aliases ?? []) {
    if (typeof alias === "string") {
      const parts = alias.split("::");
      const [head, project, qualified, ...rest] = parts;
      const stack = head?.startsWith("urn:pulumi:") ? head.slice("urn:pulumi:".length) : undefined;
      const types = qualified?.split("$") ?? [];
      const type = types.pop();
      const currentParentTypes = ctx.parents.map((p) => p.slice(0, p.indexOf("::"))).reverse();
      const sameParents =
        types.length === currentParentTypes.length && types.every((t, i) => t === currentParentTypes[i]);
      if (stack && project && type && rest.length > 0 && sameParents) {
        return { ...ctx, stack, project, type, shortType: shortTypeOf(type), logicalName: rest.join("::") };
      }
      continue;
    }
    if (alias === null || typeof alias !== "object" || pulumi.Output.isInstance(alias) || alias instanceof Promise)
      continue;
    const a = alias as pulumi.Alias;
    const plain = (v: unknown): v is string | undefined => v === undefined || typeof v === "string";
    if (!plain(a.name) || !plain(a.type) || !plain(a.stack) || !plain(a.project)) continue;
    let parents = ctx.parents;
    if ("parent" in a && a.parent === undefined) parents = [];
    else if ("parent" in a) {
      if (!(a.parent instanceof pulumi.Resource)) continue;
      // The stack itself (`rootStackResource`) is no parent in a name's identity, as for top-level resources.
      parents = Reflect.get(a.parent, "__pulumiType") === "pulumi:pulumi:Stack" ? [] : parentChain(a.parent);
    }
    const type = a.type ?? ctx.type;
    return {
      ...ctx,
      stack: a.stack ?? ctx.stack,
      project: a.project ?? ctx.project,
      type,
      shortType: shortTypeOf(type),
      parents,
      logicalName: a.name ?? ctx.logicalName,
    };
  }
  return ctx;
}

/** Set by `resourceArgs` for a resource it refused, read by `announceImport` right after `super()`. */
let rejected = false;

/** A value the program already knows: no Output, Promise or resource anywhere inside. */
function known(v: unknown): boolean {
  if (v === null || v === undefined || ["string", "number", "boolean"].includes(typeof v)) return true;
  if (Array.isArray(v)) return v.every(known);
  return isPlainObject(v) && Object.values(v).every(known);
}

/**
 * The problems of the inputs the program already knows, checked as the provider's check would (the same
 * function), or undefined. Values not known yet (Outputs, secrets the provider masks) are left to check,
 * which stays the authority (for other languages too). One line per problem, each naming the resource.
 */
function knownProblems(spec: ResourceSpec, label: string, given: Record<string, unknown>): pulumi.RunError | undefined {
  const secret = new Set([
    ...spec.secrets,
    // Secret when the flag is true, or not known yet.
    ...Object.entries(spec.secretWhen ?? {}).flatMap(([k, flag]) =>
      given[flag] === true || !known(given[flag]) ? [k] : [],
    ),
  ]);
  const shown = Object.fromEntries(
    Object.entries(given)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, known(v) && !secret.has(k) ? v : UNKNOWN]),
  );
  const { failures } = validateInputs(spec, shown);
  if (failures.length === 0) return undefined;
  // A nested failure's reason starts with its path (`ports[0].port: …`); a top-level one gets the name.
  const nested = (f: { property: string; reason: string }) =>
    f.reason.startsWith(`${f.property}.`) || f.reason.startsWith(`${f.property}[`);
  const lines = failures.map((f) =>
    f.property === "" || nested(f) ? `${label}: ${f.reason}` : `${label}: ${f.property}: ${f.reason}`,
  );
  return new pulumi.RunError(lines.join("\n"));
}

/** `super(...)` arguments for a Futrou resource class (also for `Foo.get`, which passes `opts.id`). */
export function resourceArgs(
  spec: ResourceSpec,
  name: string,
  args: object | undefined,
  opts: pulumi.CustomResourceOptions = {},
): [string, string, pulumi.Inputs, pulumi.CustomResourceOptions] {
  const onPlugin = sdkMode() === "plugin";
  const dynamicType = `${TYPE_PREFIX}${spec.typeName}`;
  const type = onPlugin ? `${PLUGIN_TYPE_PREFIX}${spec.typeName}` : dynamicType;
  const label = `futrou:${spec.typeName} "${name}"`;
  rejected = false; // per construction, whatever the last one did (a `super()` that threw included)
  const given = (args ?? {}) as Record<string, unknown>;
  const reserved = Object.keys(given).filter(isHidden);
  if (reserved.length > 0) throw new Error(`${label}: ${reserved.join(", ")} is reserved and cannot be set`);
  const inputs: pulumi.Inputs = Object.fromEntries(outputNames(spec).map((k) => [k, undefined]));
  for (const [k, v] of Object.entries(given)) {
    if (v !== undefined) inputs[k] = spec.secrets.includes(k) ? pulumi.secret(v) : v;
  }
  // Secret when a flag says so (a variable's value when `isSecret`); the engine makes the output secret too.
  for (const [k, flag] of Object.entries(spec.secretWhen ?? {})) {
    const v = given[k];
    const on = given[flag];
    if (v === undefined || on === undefined || on === false) continue;
    inputs[k] =
      on === true
        ? pulumi.secret(v)
        : pulumi.all([v, on]).apply(([value, secret]) => (secret === true ? pulumi.secret(value) : value));
  }
  // Before the kind's own secrets are wrapped above: the names the program itself made secret. (The plugin
  // sees which inputs arrive secret and records them itself.)
  if (!onPlugin) inputs[HIDDEN.secrets] = secretInputs(given);
  const { import: importId, ...others } = opts;
  const rest: pulumi.CustomResourceOptions = others;
  // The engine imports plugin resources itself (the dynamic-provider host cannot: the SDK adopts in create).
  if (onPlugin && importId !== undefined) rest.import = importId;
  // On the plugin, a stack made on the dynamic providers moves without a change. On the dynamic providers,
  // the alias the other way makes a stack that moved to the plugin meet the kit's refusal (kit.ts check)
  // instead of a plan that creates every object anew and deletes the old ones.
  rest.aliases = [...(opts.aliases ?? []), { type: onPlugin ? dynamicType : `${PLUGIN_TYPE_PREFIX}${spec.typeName}` }];
  // `Foo.get` reads an existing object: the engine's Read gets these props, nothing is checked or created.
  if (opts.id === undefined) {
    if (spec.autoName && given[spec.autoName] === undefined && !onPlugin) {
      const current = nameContext(type, `futrou:${spec.typeName}`, name, opts.parent);
      const named = identityName(autonamingConfig(), originalIdentity(current, opts.aliases));
      if ("disabled" in named) {
        throw new Error(`${label}: ${spec.autoName} is required (pulumi:autonaming mode is "disabled")`);
      }
      inputs[HIDDEN.autoName] = named.name;
    }
    const timeouts = timeoutsMs(opts.customTimeouts, label);
    if (timeouts && !onPlugin) inputs[HIDDEN.timeouts] = timeouts;
    if (importId !== undefined && !onPlugin) inputs[HIDDEN.import] = importId;
    // The host is told no stack; the create journal needs it (the plugin reads it from the URN).
    if (!onPlugin) inputs[HIDDEN.stack] = pulumi.getStack();
    if (rest.replaceOnChanges !== undefined && rest.replaceOnChanges.length > 0) {
      for (const path of rest.replaceOnChanges) {
        try {
          parsePath(path);
        } catch (error) {
          throw new Error(`${label}: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (!onPlugin) inputs[HIDDEN.replaceOnChanges] = [...rest.replaceOnChanges];
    }
    // `pulumi up --replace` asks the provider nothing: only this option makes it delete first.
    if (replacesDeleteFirst(spec) && rest.deleteBeforeReplace === undefined) rest.deleteBeforeReplace = true;
    // On the plugin the auto-name comes from its check: not known here.
    const named = inputs[HIDDEN.autoName] ?? (onPlugin ? UNKNOWN : undefined);
    const invalid = knownProblems(spec, label, {
      ...given,
      ...(spec.autoName ? { [spec.autoName]: given[spec.autoName] ?? named } : {}),
    });
    // An import id that is not one of the kind's ids would make the import read another path.
    const importFault = typeof importId === "string" && importId !== "" ? idFault(spec, importId) : undefined;
    const problems = [
      ...(importFault ? [`${label}: import: ${importFault}`] : []),
      ...(invalid ? [invalid.message] : []),
    ];
    // Never registered, so the engine never checks it: the program fails with one line per problem, and
    // every invalid resource of the program is reported in the same run.
    if (problems.length > 0) {
      const never = Promise.reject<pulumi.Resource>(new pulumi.RunError(problems.join("\n")));
      never.catch(() => {}); // reported by the runtime when it registers; not an "unhandled rejection" before
      rest.dependsOn = never;
      rejected = true;
    }
  }
  if (!onPlugin) inputs[HIDDEN.provider] = providerModule(spec.kind);
  const secretOutputs = [...new Set([...(rest.additionalSecretOutputs ?? []), ...spec.secrets])];
  return [type, name, inputs, secretOutputs.length > 0 ? { ...rest, additionalSecretOutputs: secretOutputs } : rest];
}

/**
 * After registration: a resource with the `import` option says so in the preview, whose plan line reads
 * `+ create` (the engine cannot import dynamic resources; the SDK adopts the object in create instead).
 */
export function announceImport(
  resource: pulumi.CustomResource,
  spec: ResourceSpec,
  opts?: pulumi.CustomResourceOptions,
): void {
  if (rejected) {
    // Its outputs fail with the registration. Consumers attach to them late (stack outputs at the end of the
    // program), which Node reports as "PromiseRejectionHandledWarning": the error itself is reported once.
    rejected = false;
    for (const v of Object.values(resource)) {
      if (!pulumi.Output.isInstance(v)) continue;
      for (const inner of ["isKnown", "isSecret"])
        (Reflect.get(v, inner) as Promise<unknown> | undefined)?.catch(() => {});
    }
  }
  // On the plugin the engine shows an import as `= import` itself.
  if (opts?.import === undefined || opts.id !== undefined || !pulumi.runtime.isDryRun() || sdkMode() === "plugin")
    return;
  void pulumi.log.info(
    `imports existing ${spec.typeName} ${JSON.stringify(opts.import)} (shown as "create": nothing new is created; ` +
      "the import is refused if the program differs from it). Remove the import option once it is applied.",
    resource,
  );
}
