/**
 * A stand-in for the Pulumi engine and its dynamic-provider host, driving the real provider of one kind
 * exactly as they call it (cmd/dynamic-provider in @pulumi/pulumi): check(old inputs, program),
 * diff(id, old outputs, checked inputs), create/update/read/delete, with `__provider` added to every
 * output as the host does. Results are phrased as what a user of `pulumi` would see.
 */
import { isDeepStrictEqual } from "node:util";
import type { dynamic } from "@pulumi/pulumi";
import type { Kind } from "../../provider/api/contract";
import { makeProvider } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import type { Props } from "./wire";

/** The host's key for the serialized provider; the SDK puts it on every resource's inputs. */
export const PROVIDER_KEY = "__provider";
const SERIALIZED = "exports.handler = require('pulumi-futrou/dist/provider').providerFor";

/** What the engine keeps in the state per resource. */
export interface Resource {
  id: string;
  inputs: Props;
  outputs: Props;
}

export interface Settings {
  apiUrl: string;
  apiToken?: string;
  pollIntervalMs?: number;
  readyTimeoutSeconds?: number;
}

/**
 * A fresh token per engine: the provider caches per (URL, token) what it learnt (the token's workspaces),
 * and each test serves its own account.
 */
let tokens = 0;
const freshToken = () => `ctk_contract-${String(++tokens).padStart(4, "0")}abcdef0123456789`;

const visible = (p: Props): string[] => Object.keys(p).filter((k) => !k.startsWith("__"));

/** `{a: 1, b: null}` ≡ `{a: 1}`: how a user reads two values in a diff. */
function strip(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(strip);
  if (typeof v !== "object" || v === null) return v;
  return Object.fromEntries(
    Object.entries(v)
      .filter(([, x]) => x !== undefined && x !== null)
      .map(([k, x]) => [k, strip(x)]),
  );
}
export const looselyEqual = (a: unknown, b: unknown): boolean =>
  ((a === undefined || a === null) && (b === undefined || b === null)) || isDeepStrictEqual(strip(a), strip(b));

export const show = (v: unknown): string => (v === undefined ? "absent" : JSON.stringify(v));

export class Engine {
  readonly provider: dynamic.ResourceProvider;

  constructor(readonly kind: Kind) {
    this.provider = makeProvider(specFor(kind));
  }

  /** The host's configure call with the stack config `futrou:*`. */
  async configure(settings: Settings): Promise<this> {
    const values: Record<string, string | undefined> = {
      "futrou:apiUrl": settings.apiUrl,
      "futrou:apiToken": settings.apiToken ?? freshToken(),
      "futrou:pollIntervalMs": String(settings.pollIntervalMs ?? 1),
      "futrou:readyTimeoutSeconds": String(settings.readyTimeoutSeconds ?? 3),
    };
    const get = (key: string) => values[key];
    const require = (key: string) => {
      const v = values[key];
      if (v === undefined) throw new Error(`missing required configuration key ${key}`);
      return v;
    };
    await this.provider.configure?.({ config: { get, require } } as dynamic.ConfigureRequest);
    return this;
  }

  /** `pulumi preview`'s check; the failures as the user would see them. */
  async check(olds: Props, program: Props): Promise<{ inputs: Props; failures: dynamic.CheckFailure[] }> {
    const news = { ...program, [PROVIDER_KEY]: SERIALIZED };
    const result = (await this.provider.check?.(olds, news)) ?? { inputs: news };
    return { inputs: { ...(result.inputs ?? news), [PROVIDER_KEY]: SERIALIZED }, failures: result.failures ?? [] };
  }

  /** A check that must pass; throws what `pulumi preview` would print otherwise. */
  async checked(olds: Props, program: Props): Promise<Props> {
    const { inputs, failures } = await this.check(olds, program);
    if (failures.length > 0) {
      const list = failures.map((f) => `${f.property}: ${f.reason}`).join("; ");
      throw new Error(`\`pulumi preview\` would fail for ${this.kind} ${show(program)}: ${list}`);
    }
    return inputs;
  }

  /** First `pulumi up`: check, create. */
  async create(program: Props): Promise<Resource> {
    const inputs = await this.checked({}, program);
    const { id, outs } = await this.provider.create(inputs);
    return { id, inputs, outputs: { ...(outs as Props), [PROVIDER_KEY]: SERIALIZED } };
  }

  /** A later `pulumi up`: check against the state's inputs, diff against its outputs. */
  async plan(state: Resource, program: Props): Promise<{ inputs: Props; diff: dynamic.DiffResult }> {
    const inputs = await this.checked(state.inputs, program);
    const diff = (await this.provider.diff?.(state.id, state.outputs, inputs)) ?? { changes: false };
    return { inputs, diff };
  }

  /**
   * What a user would read in `pulumi up`'s plan for `program` on `state`: "no changes", or which step and
   * which fields (program value vs state value) make it.
   */
  async says(state: Resource, program: Props, when: string): Promise<string> {
    const { inputs, diff } = await this.plan(state, program);
    if (diff.changes === false) return "no changes";
    const differing = visible(inputs).filter((k) => !looselyEqual(inputs[k], state.outputs[k]));
    const fields = differing.length
      ? differing.map((k) => `${k} differs (program ${show(inputs[k])}, state ${show(state.outputs[k])})`).join("; ")
      : "no field named (changes reported anyway)";
    const step = diff.replaces?.length ? `replace (because of ${diff.replaces.join(", ")})` : "update";
    return `${when} would ${step} ${this.kind}: ${fields}`;
  }

  /** `pulumi refresh`: the host's read; undefined when the provider says the object is gone. */
  async refresh(state: Resource): Promise<Resource | undefined> {
    const result = await this.provider.read?.(state.id, state.outputs);
    if (!result) return state;
    if (!result.id) return undefined;
    return {
      id: result.id,
      inputs: result.inputs ? { ...(result.inputs as Props), [PROVIDER_KEY]: SERIALIZED } : state.inputs,
      outputs: { ...(result.props as Props), [PROVIDER_KEY]: SERIALIZED },
    };
  }

  /** `pulumi up`'s update step with already checked inputs. */
  async update(state: Resource, inputs: Props): Promise<Resource> {
    const result = await this.provider.update?.(state.id, state.outputs, inputs);
    return { id: state.id, inputs, outputs: { ...((result?.outs ?? {}) as Props), [PROVIDER_KEY]: SERIALIZED } };
  }

  async delete(state: Resource): Promise<void> {
    await this.provider.delete?.(state.id, state.outputs);
  }
}
