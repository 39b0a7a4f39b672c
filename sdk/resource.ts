/**
 * What every SDK class does in its constructor: turn typed Args and options into the property bag and
 * options of a `pulumi.CustomResource` served by the dynamic-provider host.
 *
 * The serialized provider (`__provider`) is a one-line module that loads this package's provider at run
 * time, so state holds no closure, no client and no token. `import` is intercepted (the engine cannot
 * import dynamic resources, pulumi/pulumi#16175) and passed as the hidden input `__import`.
 */
import * as pulumi from "@pulumi/pulumi";
import type { Kind } from "../provider/api/contract";
import { HIDDEN, isHidden, outputNames, type ResourceSpec, TYPE_PREFIX } from "../provider/spec";

/** Resolved by the dynamic-provider host from the program's directory, like any installed package. */
export const PROVIDER_MODULE = "pulumi-futrou/dist/provider";

/**
 * The module string the host runs: `requireFromString(props.__provider).handler()`. It is stored with
 * every resource (inputs and outputs), so it is kept to one short line.
 */
export function providerModule(kind: Kind): string {
  return `exports.handler=()=>require(${JSON.stringify(PROVIDER_MODULE)}).providerFor(${JSON.stringify(kind)})`;
}

/** The outputs of a resource: each Args property as the API returns it (the Args JSDoc carries over). */
export type OutputsOf<Args, Model> = {
  readonly [K in keyof Args]-?: pulumi.Output<
    K extends keyof Model ? Model[K] : Exclude<pulumi.Unwrap<Args[K]>, undefined>
  >;
};

/** Set by the API on every kind that has them. */
export interface Timestamps {
  /** When the object was created (ISO 8601, set by the API). */
  readonly createdAt: pulumi.Output<string>;
  /** When the object last changed (ISO 8601, set by the API). */
  readonly updatedAt: pulumi.Output<string>;
}

/**
 * Pulumi's Node.js SDK captures four stack traces for every property of every resource it registers
 * (`transferProperties` → `debuggablePromise`), kept only for its promise-leak report. Under ts-node, the
 * default for TypeScript programs, each capture maps ten frames through source maps: ~0.1 ms apiece,
 * ~6 ms for a serverlet's 20 properties, about a quarter of a no-change `up` of 300 resources.
 * Our constructors therefore capture no frames while they call `super()`: `withoutDebugStacks` suspends
 * them once the arguments are ready and `restoreDebugStacks` (in the constructor's `finally`) puts the
 * limit back. Each class does this in its own constructor rather than in a shared base class because
 * Pulumi takes a resource's source position a fixed number of frames up (`Resource.stackTrace(4)`): one
 * more constructor in between would make every resource appear declared inside this package.
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

/** `super(...)` arguments for a Futrou resource class. */
export function resourceArgs(
  spec: ResourceSpec,
  name: string,
  args: object,
  opts: pulumi.CustomResourceOptions = {},
): [string, string, pulumi.Inputs, pulumi.CustomResourceOptions] {
  const given = args as Record<string, unknown>;
  const reserved = Object.keys(given).filter(isHidden);
  if (reserved.length > 0) {
    throw new Error(`futrou:${spec.typeName} "${name}": ${reserved.join(", ")} is reserved and cannot be set`);
  }
  const inputs: pulumi.Inputs = Object.fromEntries(outputNames(spec).map((k) => [k, undefined]));
  for (const [k, v] of Object.entries(given)) {
    if (v !== undefined) inputs[k] = spec.secrets.includes(k) ? pulumi.secret(v) : v;
  }
  if (spec.autoName && given[spec.autoName] === undefined) inputs[HIDDEN.name] = name;
  const { import: importId, ...rest } = opts;
  if (importId !== undefined) inputs[HIDDEN.import] = importId;
  inputs[HIDDEN.provider] = providerModule(spec.kind);
  const secretOutputs = [...new Set([...(rest.additionalSecretOutputs ?? []), ...spec.secrets])];
  return [
    `${TYPE_PREFIX}${spec.typeName}`,
    name,
    inputs,
    secretOutputs.length > 0 ? { ...rest, additionalSecretOutputs: secretOutputs } : rest,
  ];
}
