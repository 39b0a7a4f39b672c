/**
 * Shared setup for the provider tests: an emulator, providers configured against it, and a tiny stand-in
 * for the engine's steps (check → diff → create/update/replace/delete) with no Pulumi engine.
 */
import type { dynamic } from "@pulumi/pulumi";
import { z } from "zod";
import { type Generation, type RunningEmulator, startEmulator } from "../../emulator";
import { unwrap } from "../../provider/adapters/plugin/wire";
import { FutrouClient } from "../../provider/api/client";
import { COLLECTIONS, type Kind, PLAN_COLLECTIONS } from "../../provider/api/contract";
import { Plan, Region } from "../../provider/api/models";
import type { ConfigSource } from "../../provider/config";
import { providerFor } from "../../provider/index";
import type { Context } from "../../provider/kinds/cases";
import { makeProvider } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { HIDDEN, isHidden, type Props } from "../../provider/spec";
import { providerModule } from "../../sdk/resource";

export type { Props };

/** What the engine keeps per resource. */
export interface State {
  id: string;
  inputs: Props;
  outputs: Props;
}

export const configOf = (values: Record<string, string>): ConfigSource => ({ get: (k) => values[k] });

export interface Harness {
  emulator: RunningEmulator;
  provider: (kind: Kind) => Provider;
  /** A client of the emulator, for what happens outside Pulumi. */
  api: FutrouClient;
}

/** Which adapter's kit a harness drives: the dynamic-provider host's (the default) or the provider plugin's. */
export type Mode = "dynamic" | "plugin";

/**
 * The plugin's kit for a kind (provider/adapters/plugin/kits.ts makes it so), with its answers as the plugin's
 * engine hands them back to the next call: plain values (it stores sealed ones encrypted).
 */
function pluginKit(kind: Kind): dynamic.ResourceProvider {
  const kit = makeProvider(specFor(kind), { acceptsSecrets: true });
  const plain = <T extends { inputs?: unknown; outs?: unknown; props?: unknown }>(r: T): T => ({
    ...r,
    ...(r.inputs === undefined ? {} : { inputs: unwrap(r.inputs).value }),
    ...(r.outs === undefined ? {} : { outs: unwrap(r.outs).value }),
    ...(r.props === undefined ? {} : { props: unwrap(r.props).value }),
  });
  return {
    configure: (req) => kit.configure(req),
    check: async (olds, news) => plain(await kit.check(olds, news)),
    diff: (id, olds, news) => kit.diff(id, olds, news),
    create: async (inputs) => plain(await kit.create(inputs)),
    read: async (id, props) => plain(await kit.read(id, props)),
    update: async (id, olds, news) => plain(await kit.update(id, olds, news)),
    delete: (id, props) => kit.delete(id, props),
  };
}

/** An emulator answering in `generation`'s shapes (default: the emulator's default, 2026-08-02). */
export async function startHarness(generation?: Generation, mode: Mode = "dynamic"): Promise<Harness> {
  const emulator = await startEmulator({ deployDelayMs: 30, quiet: true, generation });
  const config = configOf({
    "futrou:apiUrl": emulator.url,
    "futrou:apiToken": emulator.token,
    "futrou:pollIntervalMs": "10",
    "futrou:readyTimeoutSeconds": "10",
  });
  const configured = new Map<Kind, Provider>();
  return {
    emulator,
    api: new FutrouClient({ baseUrl: emulator.url, token: emulator.token }),
    provider: (kind) => {
      let p = configured.get(kind);
      if (!p) {
        p = new Provider(kind, mode === "plugin" ? pluginKit(kind) : providerFor(kind), mode);
        configured.set(kind, p);
        void p.raw.configure?.({ config: config as dynamic.Config });
      }
      return p;
    },
  };
}

/**
 * What a kind's lifecycle example (provider/kinds/<kind>/cases.ts) takes: parents and other objects made
 * straight through the emulator's API (with the workspace, as the official CLI's creates are), plans, regions.
 */
export async function lifecycleContext(emulator: RunningEmulator): Promise<Context> {
  const api = new FutrouClient({ baseUrl: emulator.url, token: emulator.token });
  const post = async (path: string, body: Props) =>
    (await api.create(path, { workspaceId: emulator.workspaceId, ...body }, z.looseObject({ id: z.string() }))).id;
  const plans = Object.fromEntries(
    await Promise.all(
      Object.entries(PLAN_COLLECTIONS).map(async ([k, path]) => [k, await api.list(path, Plan)] as const),
    ),
  );
  const regions = await api.list("/regions", Region);
  return {
    workspaceId: emulator.workspaceId,
    otherWorkspaceId: emulator.createWorkspace({ name: "other" }).workspaceId,
    projectId: await post(COLLECTIONS.project, { name: "fixture" }),
    zones: [
      await post(COLLECTIONS.dnsZone, { domain: "records-one.example.com" }),
      await post(COLLECTIONS.dnsZone, { domain: "records-two.example.com" }),
    ],
    volumeId: await post(COLLECTIONS.volume, { name: "fixture-volume" }),
    storageId: await post(COLLECTIONS.storage, { name: "fixture-storage" }),
    users: [emulator.createWorkspace().userId, emulator.createWorkspace().userId],
    plan: (k) => plans[k]?.find((p) => p.name === "standard")?.id as string,
    region: (name) => regions.find((r) => r.name === name)?.id as string,
  };
}

/**
 * The harness of a whole test file: started before its first test, closed after its last (also when a test
 * fails). Its fields are read inside the tests, once `beforeAll` has filled them in.
 */
export function useHarness(generation?: Generation): Harness {
  const harness = {} as Harness;
  beforeAll(async () => {
    Object.assign(harness, await startHarness(generation));
  });
  afterAll(() => harness.emulator?.close());
  return harness;
}

/** One kind's provider, driven the way the engine drives it. */
export class Provider {
  constructor(
    readonly kind: Kind,
    readonly raw: dynamic.ResourceProvider,
    readonly mode: Mode = "dynamic",
  ) {}

  /** What the SDK adds to every input bag: the provider module, on dynamic providers only. */
  private get module(): Props {
    return this.mode === "dynamic" ? { [HIDDEN.provider]: providerModule(this.kind) } : {};
  }

  get spec() {
    return specFor(this.kind);
  }

  /** Old inputs as the engine keeps them for a dynamic resource: with the provider module the SDK sent. */
  stored(olds: Props): Props {
    return { ...this.module, ...olds };
  }

  /** check that must pass; returns the checked inputs (with the provider module the SDK always sends). */
  async check(olds: Props, news: Props): Promise<Props> {
    const result = await this.raw.check!(olds, { ...this.module, ...news });
    expect(result.failures ?? []).toEqual([]);
    return result.inputs as Props;
  }

  /** The program's args as the SDK sends them: `__logicalName` when the kind auto-names and name is omitted. */
  news(logical: string, args: Props): Props {
    const autoName = this.spec.autoName;
    return autoName && args[autoName] === undefined ? { ...args, [HIDDEN.name]: logical } : { ...args };
  }

  async create(logical: string, args: Props): Promise<State> {
    const inputs = await this.check({}, this.news(logical, args));
    const { id, outs } = await this.raw.create(inputs);
    return { id, inputs, outputs: outs as Props };
  }

  /** `pulumi up` with new args: no-op, update, or replacement (create-before-delete unless told otherwise). */
  async up(
    state: State,
    logical: string,
    args: Props,
  ): Promise<{ state: State; diff: dynamic.DiffResult; step: "same" | "update" | "replace" }> {
    const news = this.news(logical, args);
    let inputs = await this.check(state.inputs, news);
    const diff = await this.raw.diff!(state.id, state.outputs, inputs);
    if (!diff.changes) return { state, diff, step: "same" };
    if (!diff.replaces?.length) {
      const { outs } = await this.raw.update!(state.id, state.outputs, inputs);
      return { state: { id: state.id, inputs, outputs: outs as Props }, diff, step: "update" };
    }
    // The engine checks again without olds before any replacement ("recompute the default values").
    inputs = await this.check({}, news);
    if (diff.deleteBeforeReplace) await this.raw.delete!(state.id, state.outputs);
    const { id, outs } = await this.raw.create(inputs);
    if (!diff.deleteBeforeReplace) await this.raw.delete!(state.id, state.outputs);
    return { state: { id, inputs, outputs: outs as Props }, diff, step: "replace" };
  }

  async read(state: State): Promise<dynamic.ReadResult> {
    return this.raw.read!(state.id, state.outputs);
  }

  async diff(state: State, inputs: Props): Promise<dynamic.DiffResult> {
    return this.raw.diff!(state.id, state.outputs, inputs);
  }

  async delete(state: State): Promise<void> {
    await this.raw.delete!(state.id, state.outputs);
  }
}

/** The visible inputs (what the program wrote, after check), for re-use as args. */
export const argsOf = (inputs: Props): Props =>
  Object.fromEntries(Object.entries(inputs).filter(([k]) => !isHidden(k)));

/** Outputs without the fields the API changes on its own (and the hidden inputs they carry). */
export function stable(kind: Kind, outputs: Props): Props {
  const volatile = specFor(kind).volatile;
  return Object.fromEntries(Object.entries(outputs).filter(([k]) => !volatile.includes(k) && !isHidden(k)));
}
