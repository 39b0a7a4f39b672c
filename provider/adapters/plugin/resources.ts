/**
 * The plugin's resource RPCs (Check, Diff, Create, Read, Update, Delete): each the kit call the
 * dynamic-provider host would make, with what only the engine knows added and the answer put back into
 * the engine's terms:
 * - secrets arrive unwrapped and leave wrapped (spec.secrets and what the program marked, `__secrets`);
 * - auto-names from the engine's autonaming options, else from the resource's URN (preview = up);
 * - a DetailedDiff per changed input, so previews name each field and `replaceOnChanges` works;
 * - the request's timeout in place of the `__timeouts` hidden input;
 * - `Read` without properties (`pulumi import`).
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { Empty } from "google-protobuf/google/protobuf/empty_pb";
import { identityName, toSlug } from "../../naming";
import { declaredSecrets } from "../../secrets";
import { HIDDEN, type Props } from "../../spec";
import type { PluginKits } from "./kits";
import { parseUrn, typeOf, unary } from "./rpc";
import { fromWire, toWire } from "./wire";

/** The kit's timeouts hidden input for one operation, from the request's timeout (seconds). */
function withTimeout(props: Props, op: "create" | "update" | "delete", seconds: number): Props {
  return seconds > 0 ? { ...props, [HIDDEN.timeouts]: { [op]: seconds * 1000 } } : props;
}

/** The request's timeout applies to that request only: it is not state. */
function withoutTimeouts(props: Props): Props {
  const { [HIDDEN.timeouts]: _, ...rest } = props;
  return rest;
}

/**
 * Hidden inputs the plugin keeps in the inputs only. The engine sends every Check and Read the old inputs,
 * so the auto-name markers need no copy in the outputs (the dynamic-provider host's Read sees only the
 * outputs: there they stay). Ten bytes a resource on average, in every checkpoint the engine writes.
 */
const INPUTS_ONLY = [HIDDEN.autoName, HIDDEN.name] as const;

/** Outputs as the plugin stores them: no timeout, no auto-name marker. */
function asOutputs(props: Props): Props {
  const outs = withoutTimeouts(props);
  for (const k of INPUTS_ONLY) delete outs[k];
  return outs;
}

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

const DiffChanges = provproto.DiffResponse.DiffChanges;
const PropertyKind = provproto.PropertyDiff.Kind;

/** The resource RPCs over the kits of one plugin process. */
export function resourceRpcs(kits: PluginKits) {
  return {
    /**
     * The kit's check, with what only the engine knows: which inputs arrived secret (recorded in
     * `__secrets`, so every later step and the kit's messages know) and the auto-name.
     */
    check: unary(async (req: provproto.CheckRequest) => {
      const { spec, provider } = await kits.kit(typeOf(req));
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
      const { provider } = await kits.kit(typeOf(req));
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
      const { provider } = await kits.kit(typeOf(req));
      const inputs = fromWire(req.getProperties()).props;
      // Never called in a preview (no provider previews), and a preview must not write: the inputs as state.
      if (req.getPreview()) return new provproto.CreateResponse().setProperties(req.getProperties());
      // The create journal's identity holds the stack (provider/create.ts): the URN says it.
      inputs[HIDDEN.stack] = parseUrn(req.getUrn()).stack;
      // Status lines while it waits (a serverlet deploying) go to this resource's row of the progress view.
      const { id, outs } = await provider.create(withTimeout(inputs, "create", req.getTimeout()), req.getUrn());
      return new provproto.CreateResponse().setId(id).setProperties(toWire(asOutputs(outs as Props)));
    }),

    /**
     * Refresh, `get` and import: one GET. For an import the engine sends neither properties nor inputs: the
     * inputs come back from the object as it is (observed fields), so the next `up` of a matching program
     * changes nothing.
     */
    read: unary(async (req: provproto.ReadRequest) => {
      const { provider } = await kits.kit(typeOf(req));
      const props = fromWire(req.getProperties()).props;
      const oldInputs = fromWire(req.getInputs()).props;
      // What the outputs do not carry, the old inputs do: the auto-name markers (`asOutputs`), and `__secrets`
      // in states written before outputs carried it. The kit's read passes them on to the inputs it reports.
      for (const k of [HIDDEN.secrets, ...INPUTS_ONLY]) {
        if (props[k] === undefined && oldInputs[k] !== undefined) props[k] = oldInputs[k];
      }
      const result = await provider.read(req.getId(), props);
      const res = new provproto.ReadResponse().setId(result.id ?? "");
      if (!result.id) return res;
      res.setProperties(toWire(asOutputs((result.props ?? {}) as Props)));
      res.setInputs(toWire(withoutTimeouts((result.inputs ?? {}) as Props)));
      return res;
    }),

    update: unary(async (req: provproto.UpdateRequest) => {
      const { provider } = await kits.kit(typeOf(req));
      const olds = fromWire(req.getOlds()).props;
      const news = fromWire(req.getNews()).props;
      if (req.getPreview()) return new provproto.UpdateResponse().setProperties(req.getNews());
      const oldInputs = fromWire(req.getOldInputs()).props;
      const { outs } = await provider.update(
        req.getId(),
        olds,
        withTimeout(news, "update", req.getTimeout()),
        oldInputs,
        req.getUrn(),
      );
      return new provproto.UpdateResponse().setProperties(toWire(asOutputs((outs ?? {}) as Props)));
    }),

    delete: unary(async (req: provproto.DeleteRequest) => {
      const { provider } = await kits.kit(typeOf(req));
      const props = fromWire(req.getProperties()).props;
      await provider.delete(req.getId(), withTimeout(props, "delete", req.getTimeout()));
      return new Empty();
    }),
  };
}
