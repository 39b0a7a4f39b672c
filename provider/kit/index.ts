/**
 * The resource lifecycle, once for every kind: `makeProvider(spec, adapter)` turns a ResourceSpec (spec.ts)
 * into the object both adapters call (provider/adapters/: the dynamic-provider host and the plugin server).
 * Nothing here knows a kind by name, nor a host. The parts:
 * - runtime.ts: `KindRuntime`, one per kind and process: derived key sets, settings, client, memory;
 * - one module per operation, each a function of the runtime and the engine's arguments: check.ts, diff.ts,
 *   create.ts (with import.ts: the `import` option's comparison and adoption), read.ts, update.ts,
 *   delete.ts, ready.ts (readiness), action.ts (the spec's actions: resource methods and trigger inputs); guard.ts runs each within its deadline and keeps secrets out of errors.
 *
 * State model (provider/api/CONTRACT.md, "observed vs kept"):
 * - inputs are the checked program values in the API's normal form (normal.ts): API defaults filled in,
 *   the workspace defaulted, hidden `__` keys kept;
 * - outputs hold, for each *observed* field (one the published response shape carries), the API's value,
 *   and for each *kept* field the last applied input (a response that carries it wins). A field a
 *   response leaves out keeps its last known value: absent is "not said", never "changed". An output only
 *   the create answer carries (spec.ts `fromCreate`: a token's bearer value) is set by the create and
 *   then kept: no later answer replaces it, and it is always sealed;
 * - diff compares the new inputs with the old outputs in normal form, so drift of an observed field found
 *   by refresh is repaired by the next up, and a field the API never returns is compared with what was
 *   last applied, never with an absent API value;
 * - read returns outputs *and* inputs (observed fields live, kept ones as last applied), so the engine's
 *   `ignoreChanges`, the preview's property diff and transition rules (a volume only grows) see what is
 *   really there.
 */
import type { dynamic } from "@pulumi/pulumi";
import { type ConfigSource, resolveSettings } from "../config";
import { Secrets } from "../secrets";
import type { Props, ResourceSpec } from "../spec";
import { methodResult, runAction } from "./action";
import { check } from "./check";
import { create } from "./create";
import { remove } from "./delete";
import { diff, type KitDiff } from "./diff";
import { bounded, guarded, sealing } from "./guard";
import { read } from "./read";
import { type AdapterOptions, KindRuntime } from "./runtime";
import { update } from "./update";

export { ResourceInitError } from "../initError";
export { UNKNOWN } from "../validate";
export type { KitDiff } from "./diff";
export { type AdapterOptions, KindRuntime } from "./runtime";
export { visibleWorkspaces } from "./workspaces";

/** What `makeProvider` returns: the dynamic provider with the kit's own narrower results. */
export interface KitProvider extends dynamic.ResourceProvider {
  configure(req: { config: ConfigSource }): Promise<void>;
  check(olds: Props, news: Props): Promise<dynamic.CheckResult>;
  /** `oldInputs` (the plugin has them): kept fields the old outputs lack are taken from there (`withKept`). */
  diff(id: string, olds: Props, news: Props, oldInputs?: Props): Promise<KitDiff>;
  /** `urn`: the resource's, when the adapter knows it (the plugin), for the status lines of its row. */
  create(inputs: Props, urn?: string): Promise<dynamic.CreateResult>;
  read(id: string, props?: Props): Promise<dynamic.ReadResult>;
  update(id: string, olds: Props, news: Props, oldInputs?: Props, urn?: string): Promise<dynamic.UpdateResult>;
  delete(id: string, props?: Props): Promise<void>;
  /** Runs the spec's action `name` on the object (kit/action.ts); answers the object's outputs as it then is. */
  action(id: string, name: string): Promise<Props>;
}

/**
 * The kit for one kind: one `KindRuntime`, and each engine call run by its operation module within its
 * deadline (`bounded`), its errors without secrets (`guarded`) and its outputs sealed (`sealing`).
 */
export function makeProvider(spec: ResourceSpec, adapter: AdapterOptions = {}): KitProvider {
  const rt = new KindRuntime(spec, adapter);
  return {
    /** Once per process, before any other call: the stack config (`futrou:*`). */
    async configure(req: { config: ConfigSource }): Promise<void> {
      rt.settings = resolveSettings(req.config);
    },

    /** Validates and normalizes inputs before any request; failures name the field (shown at preview). */
    check: (olds: Props, news: Props) => {
      const secrets = Secrets.of(spec, news, olds);
      return guarded(rt, secrets, true, () => bounded(rt, "check", news, (op) => check(op, olds, news, secrets)));
    },
    diff: (id: string, olds: Props, news: Props, oldInputs?: Props) => {
      const secrets = Secrets.of(spec, news, olds);
      return guarded(rt, secrets, true, () =>
        bounded(rt, "diff", news, (op) => diff(op, id, olds, news, secrets, oldInputs)),
      );
    },
    read: (id: string, props: Props = {}) => {
      const secrets = Secrets.of(spec, props);
      return guarded(
        rt,
        secrets,
        true,
        async () => {
          const result = await bounded(rt, "read", props, (op) => read(op, id, props, secrets));
          const seal = sealing(rt, secrets, props, props);
          return {
            ...result,
            props: secrets.sealed(result.props ?? {}, seal),
            // The engine marks refreshed inputs from the old inputs, which lack what the API filled in (a
            // `displayName` copied from a secret `name`): only the kind's own fields are marked for sure.
            ...(result.inputs
              ? {
                  inputs: secrets.sealed(result.inputs, {
                    ...seal,
                    marked: rt.sealAll ? new Set() : secrets.markedBy({}),
                  }),
                }
              : {}),
          };
        },
        undefined,
        { props, id },
      );
    },
    delete: (id: string, props?: Props) =>
      guarded(
        rt,
        Secrets.of(spec, props),
        true,
        () => bounded(rt, "delete", props, (op) => remove(op, id, props)),
        undefined,
        { props, id },
      ),
    create: (inputs: Props, urn?: string) => {
      const secrets = Secrets.of(spec, inputs);
      const seal = sealing(rt, secrets, inputs);
      return guarded(
        rt,
        secrets,
        false,
        async () => {
          const result = await bounded(rt, "create", inputs, (op) => create(op, inputs, secrets), urn);
          return { ...result, outs: secrets.sealed(result.outs as Props, seal) };
        },
        seal,
        { props: inputs },
        inputs,
      );
    },
    action: (id: string, name: string) =>
      guarded(
        rt,
        Secrets.of(spec, {}),
        false,
        () => bounded(rt, "update", {}, async (op) => methodResult(op, await runAction(op, id, name))),
        undefined,
        { props: {}, id },
      ),
    update: (id: string, olds: Props, news: Props, oldInputs?: Props, urn?: string) => {
      const secrets = Secrets.of(spec, news, olds);
      const seal = sealing(rt, secrets, news, olds);
      return guarded(
        rt,
        secrets,
        false,
        async () => {
          const result = await bounded(rt, "update", news, (op) => update(op, id, olds, news, oldInputs), urn);
          return { ...result, outs: secrets.sealed(result.outs as Props, seal) };
        },
        seal,
        { props: olds, id },
        news,
      );
    },
  };
}
