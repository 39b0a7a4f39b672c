/**
 * The dynamic-provider lifecycle, once for every kind: `makeProvider(spec)` turns a ResourceSpec
 * (spec.ts) into the object the Pulumi dynamic-provider host calls. Nothing here knows a kind by name.
 *
 * State model (CONTRACT.md, "observed vs kept"):
 * - inputs are the checked program values in the API's normal form (normal.ts): API defaults filled in,
 *   the workspace defaulted, hidden `__` keys kept;
 * - outputs hold, for each *observed* field (one the published response shape carries), the API's value,
 *   and for each *kept* field the last applied input (a response that carries it wins). A field a
 *   response leaves out keeps its last known value: absent is "not said", never "changed";
 * - diff compares the new inputs with the old outputs in normal form, so drift of an observed field found
 *   by refresh is repaired by the next up, and a field the API never returns is compared with what was
 *   last applied, never with an absent API value;
 * - read returns outputs *and* inputs (observed fields live, kept ones as last applied), so the engine's
 *   `ignoreChanges`, the preview's property diff and transition rules (a volume only grows) see what is
 *   really there.
 */
import type { dynamic } from "@pulumi/pulumi";
import { z } from "zod";
import type { FutrouClient } from "./api/client";
import { withinDeadline } from "./api/deadline";
import { FutrouApiError } from "./api/errors";
import { Workspace } from "./api/models";
import { expandPath, itemPath as objectPath, UnsafePathError } from "./api/path";
import {
  type ConfigSource,
  clientFor,
  POLL_INTERVAL_CAP_MS,
  requestDeadline,
  resolveSettings,
  type Settings,
} from "./config";
import { createObject } from "./create";
import { warn as engineWarn } from "./engineLog";
import { CreateJournal } from "./journal";
import { Listings, ownerFilter } from "./listing";
import { randomName } from "./naming";
import { normalize, same } from "./normal";
import { replacingKeys } from "./paths";
import { declaredSecrets, Secrets } from "./secrets";
import {
  generationsOf,
  HIDDEN,
  idFault,
  inputDefaults,
  inputNames,
  isHidden,
  keptNames,
  localNames,
  outputNames,
  type Props,
  pathParams,
  type ResourceSpec,
  templateParams,
} from "./spec";
import { containsUnknown, type Failure, validateInputs } from "./validate";

export { UNKNOWN } from "./validate";

/** Diff's answer, plus the visible inputs that changed (the plugin's per-field DetailedDiff). */
export interface KitDiff extends dynamic.DiffResult {
  changed: string[];
}

/** What `makeProvider` returns: the dynamic provider with the kit's own narrower results. */
export interface KitProvider extends dynamic.ResourceProvider {
  configure(req: { config: ConfigSource }): Promise<void>;
  check(olds: Props, news: Props): Promise<dynamic.CheckResult>;
  /** `oldInputs` (the plugin has them): kept fields the old outputs lack are taken from there (`withKept`). */
  diff(id: string, olds: Props, news: Props, oldInputs?: Props): Promise<KitDiff>;
  create(inputs: Props): Promise<dynamic.CreateResult>;
  read(id: string, props?: Props): Promise<dynamic.ReadResult>;
  update(id: string, olds: Props, news: Props, oldInputs?: Props): Promise<dynamic.UpdateResult>;
  delete(id: string, props?: Props): Promise<void>;
}

/**
 * Thrown when the object was created but did not become ready: the host turns `id`, `properties` and
 * `reasons` into ErrorResourceInitFailed, so the engine records the resource instead of losing it.
 */
export class ResourceInitError extends Error {
  override readonly name = "ResourceInitError";
  constructor(
    message: string,
    readonly id: string,
    /** The outputs to record (sealed like every other output before the adapter sends them). */
    public properties: Props,
    readonly reasons: string[],
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------
// Small helpers

/** The visible (API-facing) part of a property bag. */
function visible(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([k]) => !isHidden(k)));
}

function hidden(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([k]) => isHidden(k)));
}

function pick(props: Props, keys: readonly string[]): Props {
  return Object.fromEntries(keys.filter((k) => props[k] !== undefined).map((k) => [k, props[k]]));
}

/** Hidden inputs that outputs carry too, so read and delete (which see only outputs) know them. */
const CARRIED = [HIDDEN.timeouts, HIDDEN.autoName, HIDDEN.name, HIDDEN.secrets, HIDDEN.applied, HIDDEN.given] as const;

const isRecord = (v: unknown): v is Props => v !== null && typeof v === "object" && !Array.isArray(v);

/** The fields an import could not read or withheld (`__unread`), as a bag lists them. */
const unreadOf = (props: Props | undefined): string[] => {
  const list = props?.[HIDDEN.unread];
  return Array.isArray(list) ? list.filter((k): k is string => typeof k === "string") : [];
};

/** Old values with the guarded fields as the program last applied them (not as refresh found them). */
const appliedOf = (olds: Props): Props => {
  const applied = olds[HIDDEN.applied];
  return { ...olds, ...(isRecord(applied) ? applied : {}) };
};

/**
 * A failure never echoes a secret input, whatever rule produced it (nor a secret map's keys in its path).
 * The engine prints a failing property's value next to the reason, and it takes that value from the
 * program's inputs, secret or not (Pulumi 3.259 prints `property name value {&{{…}}} has a problem`): so a
 * failure on a secret input names no property for the engine to look up, and says which one in the reason.
 */
function redactFailures(failures: Failure[], secrets: Secrets): Failure[] {
  return failures.map((f) => {
    const property = secrets.redact(f.property);
    const reason = secrets.redact(f.reason);
    return secrets.has(f.property.split(/[.[]/)[0] as string)
      ? { property: "", reason: `${property} (secret): ${reason}` }
      : { property, reason };
  });
}

/**
 * Requests of the rate limit's second a read leaves unused when it warms a listing ahead of other reads
 * (listing.ts `warm`): optional requests never take the last ones an operation may need.
 */
const WARM_SPARE = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const OwnerRef = z.looseObject({ id: z.string() });
const workspaceLists = new WeakMap<FutrouClient, Promise<string[]>>();

/**
 * The ids of the workspaces the token sees (`GET /workspaces`, every page), asked once per client. The
 * official CLI finds its workspace the same way; `GET /auth/context` promises only the user.
 */
export function visibleWorkspaces(client: FutrouClient): Promise<string[]> {
  let known = workspaceLists.get(client);
  if (!known) {
    known = client.list("/workspaces", Workspace).then((all) => all.map((w) => w.id));
    known.catch(() => workspaceLists.delete(client));
    workspaceLists.set(client, known);
  }
  return known;
}

/** The custom timeout for `op` (ms), from the `customTimeouts` resource option (hidden input). */
type Operation = "create" | "update" | "delete";
function customTimeout(props: Props, op: Operation): number | undefined {
  const t = props[HIDDEN.timeouts];
  if (t === null || typeof t !== "object") return undefined;
  const ms = (t as Record<string, unknown>)[op];
  return typeof ms === "number" && ms > 0 ? ms : undefined;
}

// ---------------------------------------------------------------------------------------------------
// Errors printed once

/**
 * The dynamic-provider host prints every error thrown by check, diff, read and delete itself
 * (`console.error(\`${e}: ${e.stack}\`)`: the message twice, then a JS stack trace), and the engine prints
 * the same error again on the resource. Errors this provider throws are meant for users and say all in
 * their message, so that extra print is dropped for them (and only for them); set `FUTROU_DEBUG=1` to
 * keep it, stack trace included.
 */
const reported = new Set<string>();
let consoleFiltered = false;

function filterHostReports(): void {
  if (consoleFiltered || process.env.FUTROU_DEBUG) return;
  consoleFiltered = true;
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && reported.delete(args[0])) return;
    print(...args);
  };
}

/** Marks an error so the host does not print it a second time. */
function reportedOnce(error: unknown): void {
  if (error instanceof Error) {
    filterHostReports();
    reported.add(`${error}: ${error.stack}`);
    if (reported.size > 100) reported.delete(reported.values().next().value as string);
  }
}

// ---------------------------------------------------------------------------------------------------
// The provider

export interface AdapterOptions {
  /**
   * The adapter's engine sends secrets as secrets and stores only what comes back sealed (the provider
   * plugin). Without it (the dynamic-provider host) the engine unwraps secrets before the provider sees
   * them and marks an output secret whenever the input of the same name was: only outputs that carry a
   * secret value under another name need sealing then.
   */
  acceptsSecrets?: boolean;
  /**
   * Served by the dynamic-provider host (provider/index.ts): check refuses a resource whose state the plugin
   * wrote, since the host could not refresh or destroy it (its state holds no module for the host to load).
   */
  dynamicHost?: boolean;
}

/** Why the dynamic-provider host refuses a resource the plugin manages (check). */
export const PLUGIN_STATE =
  "is managed by the futrou provider plugin (the stack moved to it: futrou:mode: plugin or a generated SDK), " +
  "and a stack cannot move back to the dynamic providers; set futrou:mode to plugin again. Nothing was changed.";

export function makeProvider(spec: ResourceSpec, adapter: AdapterOptions = {}): KitProvider {
  const sealAll = adapter.acceptsSecrets === true;
  const createKeys = Object.keys(spec.create.shape);
  const pathKeys = spec.pathInputs ? Object.keys(spec.pathInputs.shape) : [];
  const localKeys = localNames(spec);
  const keptKeys = keptNames(spec);
  /** Kept fields an import can claim only by writing them (or, if create-only, by the program's word). */
  const claimable = keptKeys.filter((k) => !localKeys.includes(k) && !pathKeys.includes(k));
  const inputKeys = inputNames(spec);
  const outputKeys = outputNames(spec).filter((k) => k !== spec.apiIdOutput);
  const params = pathParams(spec);
  const updatable = new Set(Object.keys(spec.update.shape));
  const kept = keptNames(spec);
  /** Each defaulted input's default in normal form (spec.ts `inputDefaults`). */
  const defaults = normalize(spec.kind, { ...inputDefaults(spec) });
  let settings: Settings = resolveSettings();

  /**
   * The client. An explicit `futrou.Provider` runs in its own host process, whose `configure` receives that
   * provider's inputs as `futrou:*` config, so the settings are per process, never per resource.
   */
  const client = (): FutrouClient => clientFor(settings);

  /** The API id, the collection path and the parent ids of a Pulumi id; throws naming what is wrong with it. */
  function locate(id: string): { apiId: string; collection: string; parents: Record<string, string> } {
    const fault = idFault(spec, id);
    if (fault) {
      throw new UnsafePathError(
        `futrou:${spec.typeName}: ${fault}. Nothing was sent to the API: correct the import id, or remove a ` +
          "resource an older version recorded with it from the state with `pulumi state delete <urn>`.",
      );
    }
    const parts = id.split("/");
    const apiId = parts.pop() as string;
    const parents = Object.fromEntries(params.map((p, i) => [p, parts[i] as string]));
    return { apiId, collection: expandPath(spec.collection, parents), parents };
  }

  /**
   * An answer is the object asked for: its `id` is the one asked for and each parent id it carries (a record's
   * `dnsId`) is the one asked for. Throws naming both before anything adopts, keeps or deletes it: a path that
   * reached another object (another kind's, another zone's) must not enter the state.
   */
  function confirmAnswer(id: string, answer: Props): void {
    const { apiId, parents } = locate(id);
    const wrong = [
      ...(String(answer.id) === apiId ? [] : [`id ${JSON.stringify(answer.id)} (asked for ${JSON.stringify(apiId)})`]),
      ...Object.entries(parents)
        .filter(([p, v]) => typeof answer[p] === "string" && answer[p] !== v)
        .map(([p, v]) => `${p} ${JSON.stringify(answer[p])} (asked for ${JSON.stringify(v)})`),
    ];
    if (wrong.length > 0) {
      throw new Error(
        `futrou:${spec.typeName} "${id}": the API answered another object than the one asked for: ${wrong.join(", ")}. ` +
          "Nothing was adopted, changed or deleted; check the id.",
      );
    }
  }

  /** The path of the collection an object of this kind holds (a zone's records), for kinds with contents. */
  const [contentsParam = "id"] = templateParams(spec.contents?.collection ?? "");
  const contentsOf = (id: string): string =>
    expandPath(spec.contents?.collection ?? "", { [contentsParam]: locate(id).apiId });

  const itemPath = (id: string): string => {
    const { apiId, collection } = locate(id);
    return objectPath(collection, apiId);
  };

  /** The Pulumi id: the path parameters (from the inputs; responses need not carry them) and the API id. */
  function pulumiId(obj: Props, inputs: Props = {}): string {
    return [...params.map((p) => String(inputs[p] ?? obj[p])), String(obj.id)].join("/");
  }

  /**
   * What an API answer says, in normal form. `null` reads as "not said", like an absent field: the API
   * leaves unset fields out (its types are all `omitempty`), and a `null` where the program holds a value
   * is no evidence that the value changed.
   */
  const live = (answer: Props): Props => {
    let form = liveForms.get(answer);
    if (!form) {
      form = normalize(spec.kind, Object.fromEntries(Object.entries(answer).filter(([, v]) => v !== null)));
      liveForms.set(answer, form);
    }
    return form;
  };
  /** The normal form of each answer object, computed once: a listed object answers many reads. */
  const liveForms = new WeakMap<Props, Props>();

  /**
   * Outputs as create, read and update return them: each field from the API's answer when it says it
   * (in normal form), else from what was just applied, else as it was. Unknown extra fields stay out.
   */
  function outputs(answer: Props, applied: Props, previous: Props = {}): Props {
    const got = live(answer);
    const outs: Props = {};
    for (const k of outputKeys) {
      const v = got[k] !== undefined ? got[k] : applied[k] !== undefined ? applied[k] : previous[k];
      if (v !== undefined) outs[k] = v;
    }
    if (spec.apiIdOutput) outs[spec.apiIdOutput] = answer.id;
    for (const k of CARRIED) {
      const v = applied[k] ?? previous[k];
      if (v !== undefined) outs[k] = v;
    }
    return outs;
  }

  /**
   * The inputs a read reports: each input field the checked inputs held (`__given`), as it now is (see the
   * header), hidden ones carried. Never a field the program left to the API: the engine would take it for
   * an input the program removes. Outputs written before `__given` existed (until the resource's next
   * create or update) and an import's read (nothing known before) report every input field they hold.
   */
  function inputsOf(outs: Props): Props {
    const given = outs[HIDDEN.given];
    const names = Array.isArray(given) ? inputKeys.filter((k) => given.includes(k)) : inputKeys;
    return { ...pick(outs, names), ...pick(outs, CARRIED) };
  }

  /** The POST body: the checked inputs that are neither hidden nor path parameters; `null` means unset. */
  const body = (inputs: Props): Props =>
    Object.fromEntries(Object.entries(pick(inputs, createKeys)).filter(([, v]) => v !== null));

  /**
   * Long-running kinds: polls until the state is ready (or settled, or failed), within the readiness
   * timeout or the operation's custom timeout. A state the API does not report cannot be waited for.
   */
  async function waitReady(obj: Props, inputs: Props, op: "create" | "update" = "create"): Promise<Props> {
    const ready = spec.ready;
    if (!ready) return obj;
    const limitMs = customTimeout(inputs, op) ?? settings.readyTimeoutMs;
    const deadline = Date.now() + limitMs;
    let interval = settings.pollIntervalMs;
    let current = obj;
    let latest = obj;
    const path = itemPath(pulumiId(current, inputs));
    const stateOf = (o: Props): unknown => live(o)[ready.field];
    const label = () =>
      `futrou:${spec.typeName} "${String(current.name ?? inputs.name ?? current.id)}" (${current.id})`;
    for (;;) {
      // The latest answer's state: one that does not report a state cannot be waited for.
      const state = stateOf(latest);
      if (state === undefined || state === null) return current;
      if (ready.ready.includes(String(state)) || ready.settled.includes(String(state))) return current;
      if (ready.failed.includes(String(state)) || Date.now() >= deadline) {
        const reason = live(current)[ready.reasonField];
        const failed = ready.failed.includes(String(state));
        const setting = customTimeout(inputs, op) ? `customTimeouts.${op}` : "futrou:readyTimeoutSeconds";
        const why = failed
          ? `${state}: ${reason ?? `the API gave no reason (${ready.reasonField} is empty)`}`
          : `still ${state} after ${limitMs / 1000} s (${setting})`;
        const todo = failed
          ? "fix the cause (e.g. the image) and run `pulumi up` again"
          : `raise ${setting} and run \`pulumi up\` again`;
        // The engine shows only the reasons of an init failure: the one reason is the whole message.
        const message = `${label()} did not become ${ready.ready[0]}: ${why}. It stays in the stack with its id: ${todo}.`;
        throw new ResourceInitError(message, pulumiId(current, inputs), outputs(current, inputs), [message]);
      }
      await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
      interval = Math.min(interval * 1.5, Math.max(POLL_INTERVAL_CAP_MS, settings.pollIntervalMs));
      try {
        // Each poll has a request deadline of its own: the operation's may be spent by the wait itself.
        latest = (await withinDeadline(requestDeadline(settings), () => client().get(path, spec.model))) as Props;
        current = { ...current, ...latest };
      } catch (error) {
        // The object exists: a poll that fails (retries exhausted) must not make the engine forget it.
        const why = `could not check its ${ready.field}: ${error instanceof Error ? error.message : String(error)}`;
        const message = `${label()} ${why}. It stays in the stack with its id: run \`pulumi up\` again.`;
        throw new ResourceInitError(message, pulumiId(current, inputs), outputs(current, inputs), [message]);
      }
    }
  }

  /**
   * After a 404: true when the object is really gone. Throws when the token cannot see the object's
   * workspace (another workspace's token gets 404 for everything: without this a refresh with it would
   * drop the whole stack from the state); false (keep the state as it is) when the object's owner is not
   * visible either, so gone cannot be told from out of reach.
   */
  async function confirmGone(id: string, props: Props): Promise<boolean> {
    const workspaceId = props.workspaceId;
    if (typeof workspaceId === "string" && workspaceId !== "") {
      const seen = await visibleWorkspaces(client());
      if (seen.includes(workspaceId)) return true;
      throw new Error(
        `futrou:${spec.typeName} "${id}" is in workspace ${workspaceId}, which the API token (futrou:apiToken) ` +
          `cannot see (it sees ${seen.join(", ") || "none"}; the object answered 404). Nothing was changed; ` +
          `use a token of workspace ${workspaceId}.`,
      );
    }
    const owner = spec.owners?.find((o) => typeof props[o.field] === "string" && props[o.field] !== "");
    if (!owner) return true;
    return (await client().find(objectPath(owner.collection, String(props[owner.field])), OwnerRef)) !== undefined;
  }

  /**
   * Ids of this kind the engine named in this process (diff, read, update, delete) or that create returned:
   * objects of this stack. A create refused because its unique value is taken says whose object holds it.
   */
  const ours = new Set<string>();
  const apiIdOf = (id: string): string => id.split("/").pop() ?? id;

  /**
   * The engine named this object (diff, read, update, delete): it is in a state, so it is this stack's, and
   * its create-journal entry, if a create left one, goes: no later create may adopt it (journal.ts `confirm`).
   */
  function seen(id: string): void {
    ours.add(apiIdOf(id));
    try {
      new CreateJournal().confirm(client().baseUrl, spec.kind, apiIdOf(id));
    } catch {
      // best effort: a journal that cannot be read or changed keeps its entry; the operation goes on
    }
  }

  /**
   * Replacements in flight in this process (one engine run). Before it replaces a resource the engine checks
   * it again with no old inputs ("recompute the default values"), so the SDK's suggested auto-name, drawn
   * from the resource's *current* logical name, would win over the name the object has (after a rename
   * with `aliases` they differ). Diff remembers the object being replaced under the key the re-check sees
   * again; the re-check keeps its name and knows what it replaces.
   */
  const replacing = new Map<string, { id: string; olds: Props }>();
  /** The resource's key across diff and re-check: the suggested auto-name, else its unique value. */
  function replacementKey(inputs: Props): string | undefined {
    const suggested = inputs[HIDDEN.autoName] ?? inputs[HIDDEN.name];
    if (typeof suggested === "string") return `auto:${suggested}`;
    const unique = spec.unique && inputs[spec.unique.field];
    return typeof unique === "string" ? `unique:${unique}` : undefined;
  }

  /** An engine warning, with no secret value in it. */
  const warn = (secrets: Secrets, message: string): Promise<void> => engineWarn(secrets.redact(message));

  const label = (props: Props, id?: string): string => {
    const name = spec.autoName ? props[spec.autoName] : spec.unique ? props[spec.unique.field] : undefined;
    return `futrou:${spec.typeName}${typeof name === "string" ? ` "${name}"` : ""}${id ? ` (${apiIdOf(id)})` : ""}`;
  };

  /**
   * An object of this kind holding the program's unique value in its scope, if any (kinds whose replacement
   * loses data look before they are created or replaced: `pulumi up --replace` tells the provider nothing
   * else). From the collection's listing, as the create protocol's candidates.
   */
  async function holderOf(checked: Props): Promise<Props | undefined> {
    const unique = spec.unique;
    if (!unique || typeof checked[unique.field] !== "string" || containsUnknown(checked)) return undefined;
    const collection = expandPath(spec.collection, pick(checked, params) as Record<string, string>);
    // The collection's listing (listing.ts), which the creates that follow use too; else one filtered list.
    const listed = ((await Listings.of(client()).all(collection, ownerFilter(spec, checked), spec.model)) ??
      (await client().list(collection, spec.model, spec.lookup.filter?.(body(checked))))) as Props[];
    return listed.find((o) => same(live(o)[unique.field], checked[unique.field]));
  }

  /**
   * What check saw of each object to import, so the create that follows in the same run adopts it without
   * a second GET (a create in another process, e.g. after a separate preview, reads it anew).
   */
  const toImport = new Map<string, Props>();

  /**
   * The object to import (the SDK's `import` option) and the observed fields in which the program differs
   * from it: only what the API says can be compared; kept fields are taken from the program. One GET.
   */
  async function importable(
    importId: string,
    inputs: Props,
    secrets: Secrets,
  ): Promise<{ found: Props; differing: string[] }> {
    const found =
      toImport.get(importId) ?? ((await client().find(itemPath(importId), spec.model)) as Props | undefined);
    if (!found) throw new Error(`futrou:${spec.typeName}: cannot import "${importId}": no such object (404)`);
    confirmAnswer(importId, found);
    const remote = live(found);
    const differing = Object.keys(visible(inputs))
      .filter((k) => remote[k] !== undefined && !containsUnknown(inputs[k]) && !same(inputs[k], remote[k]))
      .map((k) => `${k} (program ${secrets.show(k, inputs[k])}, remote ${secrets.show(k, remote[k])})`);
    // A workspace the answer does not carry is checked with the list filter: the state never claims one unseen.
    const workspaceId = inputs.workspaceId;
    if (remote.workspaceId === undefined && typeof workspaceId === "string" && keptKeys.includes("workspaceId")) {
      const key = `${importId}@${workspaceId}`;
      if (!inWorkspace.has(key)) {
        const listed = await client().list(spec.collection, OwnerRef, { id: String(found.id), workspaceId });
        if (listed.some((o) => o.id === found.id)) inWorkspace.add(key);
        else differing.push(`workspaceId (program ${JSON.stringify(workspaceId)}, the object is in another workspace)`);
      }
    }
    return { found, differing };
  }

  /** Imports whose workspace the list filter confirmed (`<id>@<workspaceId>`), so up does not ask again. */
  const inWorkspace = new Set<string>();

  /**
   * Adopts an existing object: refuses on any observed difference, nothing changed. Then writes, in one PATCH,
   * the kept fields the program sets (the API never says them, so only writing them makes the state true);
   * kept fields it leaves out are not in `inputs` (check drops them) and so not claimed. A kept field that
   * cannot be written (created with the object, e.g. a region) is recorded as the program says, with a warning.
   */
  async function adopt(importId: string, inputs: Props, secrets: Secrets): Promise<dynamic.CreateResult> {
    const { found, differing } = await importable(importId, inputs, secrets);
    toImport.delete(importId);
    if (differing.length > 0) {
      throw new Error(
        `futrou:${spec.typeName}: import of "${importId}" refused, nothing was changed: the program differs from ` +
          `the remote object in ${differing.join(", ")}. Make the program match, import, then change it.`,
      );
    }
    const id = pulumiId(found, inputs);
    seen(id);
    // Kept here means: this answer does not carry it (a field the newest generation answers is compared above).
    const remote = live(found);
    const set = claimable.filter((k) => inputs[k] !== undefined && remote[k] === undefined);
    const fixed = set.filter((k) => !updatable.has(k) && k !== "workspaceId" && inputs[k] !== null);
    if (fixed.length > 0) {
      await warn(
        secrets,
        `${label(inputs, id)}: ${fixed.join(", ")} cannot be read from the API or changed after creation, so the ` +
          `import records ${fixed.length === 1 ? "it" : "them"} as the program says (${fixed.map((k) => `${k} ${secrets.show(k, inputs[k])}`).join(", ")}); make sure that is right.`,
      );
    }
    const writes = set.filter((k) => updatable.has(k));
    if (writes.length === 0) return { id, outs: outputs(found, inputs) };
    ours.add(String(found.id));
    const answer = (await client().patch(itemPath(id), pick(inputs, writes), spec.model.optional())) as
      | Props
      | undefined;
    try {
      const written = await waitReady({ ...found, ...answer, id: answer?.id ?? found.id }, inputs, "update");
      return { id, outs: outputs(written, inputs) };
    } catch (error) {
      // Adopted and written, but not running: the engine records it; its outputs must name the provider.
      if (!(error instanceof ResourceInitError)) throw error;
      const properties = { ...error.properties, [HIDDEN.provider]: inputs[HIDDEN.provider] };
      throw new ResourceInitError(error.message, error.id, properties, error.reasons);
    }
  }

  /** The workspace a new object goes to when the program names none: the token's only one. */
  async function defaultWorkspace(olds: Props | undefined): Promise<Failure | string> {
    if (typeof olds?.workspaceId === "string") return olds.workspaceId;
    if (settings.workspaceId) return settings.workspaceId;
    const ids = await visibleWorkspaces(client());
    if (ids.length === 1) return ids[0] as string;
    return {
      property: "workspaceId",
      reason:
        ids.length === 0
          ? "the API token sees no workspace; set workspaceId (or futrou:workspaceId)"
          : `the API token sees ${ids.length} workspaces (${ids.join(", ")}); set workspaceId (or futrou:workspaceId) to one of them`,
    };
  }

  /**
   * A failed check: reasons without secret values, and failures on secret inputs name no property for the
   * engine to print the value of (redactFailures). Secret inputs go back masked as well (nothing is applied).
   */
  function failed(inputs: Props, failures: Failure[], secrets: Secrets): dynamic.CheckResult {
    return { inputs: secrets.masked(inputs), failures: redactFailures(failures, secrets) };
  }

  async function check(olds: Props, news: Props, secrets: Secrets): Promise<dynamic.CheckResult> {
    const inputs: Props = { ...news };
    const managed = olds !== undefined && Object.keys(olds).length > 0;
    // `import` applies once: a resource already in the state is managed, so a replacement creates anew.
    if (managed) delete inputs[HIDDEN.import];
    // The engine's re-check before a replacement it decided in diff (no old inputs): the object it replaces.
    const key = managed ? undefined : replacementKey(inputs);
    const replaced = key === undefined ? undefined : replacing.get(key);
    if (replaced && key !== undefined) {
      replacing.delete(key);
      delete inputs[HIDDEN.import];
    }
    const before = managed ? olds : replaced?.olds;
    if (spec.autoName && inputs[spec.autoName] === undefined) {
      const wasAutoNamed = before?.[HIDDEN.autoName] !== undefined || before?.[HIDDEN.name] !== undefined;
      const previous = wasAutoNamed ? before?.[spec.autoName] : undefined;
      const suggested = inputs[HIDDEN.autoName];
      const logical = inputs[HIDDEN.name];
      if (typeof previous === "string") inputs[spec.autoName] = previous;
      else if (typeof suggested === "string") inputs[spec.autoName] = suggested;
      else if (typeof logical === "string") inputs[spec.autoName] = randomName(logical);
    }
    const shown = visible(inputs);
    const { failures, unknown, created, local } = validateInputs(spec, shown);
    // A resource of the plugin met by the dynamic-provider host (the SDK's alias from `futrou:index:<Type>`):
    // its state holds no module for the host to load, so its refresh and destroy would fail. Refused before
    // anything changes; without the alias the engine would have planned a new object and the old one's delete.
    if (adapter.dynamicHost && managed && olds[HIDDEN.provider] === undefined) {
      return failed(inputs, [{ property: "", reason: PLUGIN_STATE }], secrets);
    }
    const moved = spec.transition && before ? spec.transition.rule(appliedOf(before), inputs) : undefined;
    if (moved) failures.push(moved);
    // Path inputs are part of the Pulumi id (`<dnsId>/<recordId>`), which the engine never encrypts.
    for (const p of params.filter((k) => secrets.has(k) && shown[k] !== undefined)) {
      failures.push({
        property: p,
        reason: `cannot be a secret: it is part of the ${spec.typeName}'s id (${spec.idFormat}), which Pulumi stores and prints in plain text`,
      });
    }
    // An import id that is not one of this kind's ids would make the import's GET read another path.
    const importing = inputs[HIDDEN.import];
    const importFault = typeof importing === "string" && importing !== "" ? idFault(spec, importing) : undefined;
    if (importFault) failures.push({ property: "", reason: `import: ${importFault}` });
    if (failures.length > 0) return failed(inputs, failures, secrets);
    // Values only known at apply stay as they are; known ones get zod's normal form (e.g. defaults).
    const parsed = {
      ...(unknown.size > 0 || !created.success ? {} : (created.data as Props)),
      ...(local?.success && !localKeys.some((k) => unknown.has(k)) ? (local.data as Props) : {}),
    };
    const checked = normalize(spec.kind, { ...spec.defaults, ...shown, ...parsed });
    for (const k of spec.apiChosen) if (checked[k] === null) delete checked[k];
    if (spec.defaultWorkspace && checked.workspaceId === undefined) {
      const workspace = await defaultWorkspace(olds);
      if (typeof workspace !== "string") return failed(inputs, [workspace], secrets);
      checked.workspaceId = workspace;
    }
    // Every input this check knows of, claimed or not (an import leaves some unclaimed, just below).
    const given = { [HIDDEN.given]: Object.keys(visible(checked)).sort() };
    const importId = inputs[HIDDEN.import];
    if (typeof importId === "string" && importId !== "") {
      // What the API never says and the program does not set is not claimed (adopt writes what it sets).
      for (const k of claimable) if (news[k] === undefined && k !== "workspaceId") delete checked[k];
    }
    if (spec.replacementLoses && !before && !(typeof importId === "string" && importId !== "")) {
      // Not in the state (a new resource) or `pulumi up --replace` (the engine passes no old inputs and calls
      // no diff): an object already holding the unique value is what such a replacement would delete.
      const holder = await holderOf(checked);
      if (holder) {
        const existing = live(holder);
        const what = label(existing, String(holder.id));
        const shrink = spec.transition?.rule(existing, checked);
        if (shrink) {
          const reason = `${shrink.reason}. ${what} exists, and replacing it (\`pulumi up --replace\`) would delete it with ${spec.replacementLoses(existing)}`;
          return failed(inputs, [{ property: shrink.property, reason }], secrets);
        }
        await warn(
          secrets,
          `${what} already exists. If this run replaces it (\`pulumi up --replace\`), it is deleted with ` +
            `${spec.replacementLoses(existing)} and the new ${spec.kind} starts empty.`,
        );
      }
    }
    if (typeof importId === "string" && importId !== "") {
      // Checked at preview already: a program that differs from the object to import fails here, not in up.
      const { found, differing } = await importable(importId, checked, secrets);
      if (differing.length > 0) {
        const reason = `the program differs from the object to import "${importId}" in ${differing.join(", ")}: make the program match, import, then change it`;
        return failed(inputs, [{ property: HIDDEN.import.replace(/^__/, ""), reason }], secrets);
      }
      toImport.set(importId, found);
    }
    const applied = spec.transition ? { [HIDDEN.applied]: pick(checked, spec.transition.fields) } : {};
    const result: Props = { ...checked, ...hidden(inputs), ...applied, ...given };
    // Secret fields an import withheld (read) stay unread while the program leaves them out (withKept).
    const unread = unreadOf(olds).filter((k) => spec.secrets.includes(k) && news[k] === undefined);
    if (unread.length > 0) result[HIDDEN.unread] = unread;
    else delete result[HIDDEN.unread];
    return { inputs: secrets.sealed(result, { ...sealing(secrets, news), derived: false }) };
  }

  /**
   * Old outputs that lack a kept field (a resource brought in by `pulumi import`, whose read cannot see kept
   * fields, or state written by older versions) get its last applied value from the old inputs. A field the
   * import could not read (`__unread`) has no such value; as the `import` option does (adopt), the object
   * keeps what it has unless the program sets something: a value the PATCH can carry is written; left at
   * its default (or null) nothing is written or claimed; one only a replacement could change (a workspace,
   * a region) is taken as the program says, since replacing over an unknown would destroy the object.
   * A secret field the import withheld from the code it printed (a cron's headers, see read) keeps the
   * object's value while the program leaves it out (check keeps it unread); one the program sets is compared
   * with the object's as usual.
   */
  function withKept(olds: Props, news: Props, oldInputs: Props | undefined): Props {
    if (!oldInputs) return olds;
    const unread = unreadOf(oldInputs);
    const filled = { ...olds };
    for (const k of kept) {
      if (filled[k] !== undefined) continue;
      if (!unread.includes(k)) filled[k] = oldInputs[k];
      else if (!updatable.has(k) || same(news[k], defaults[k])) filled[k] = news[k];
    }
    const withheld = unreadOf(news);
    for (const k of spec.secrets) if (unread.includes(k) && withheld.includes(k)) filled[k] = news[k];
    return filled;
  }

  /**
   * Whether input `k` differs between the old values and the new inputs (`was`, `now`: normal form). A field
   * added to this package with a default after the state was written (absent from the old outputs, and from
   * the old inputs when the adapter has them) that is at its default now is no change: upgrading the package
   * shows no diff on a stack made before the field existed, and an update never sends it.
   */
  function differs(k: string, was: Props, now: Props, oldInputs?: Props): boolean {
    if (same(now[k], was[k])) return false;
    // The old check knew the field (`__given`): it was left out on purpose (an import's unclaimed kept field).
    const known = [was[HIDDEN.given], oldInputs?.[HIDDEN.given]].some((g) => Array.isArray(g) && g.includes(k));
    const predates = was[k] === undefined && oldInputs?.[k] === undefined && !known && Object.hasOwn(defaults, k);
    return !(predates && same(now[k], defaults[k]));
  }

  /** Compares the checked inputs with the last known actual values (old outputs), in normal form. */
  async function diff(id: string, outs: Props, news: Props, secrets: Secrets, oldInputs?: Props): Promise<KitDiff> {
    seen(id);
    const olds = withKept(outs, news, oldInputs);
    const was = normalize(spec.kind, olds);
    const now = normalize(spec.kind, news);
    const changed = Object.keys(visible(news)).filter((k) => differs(k, was, now, oldInputs));
    const optioned = news[HIDDEN.replaceOnChanges];
    const paths = Array.isArray(optioned) ? optioned.filter((p): p is string => typeof p === "string") : [];
    const forced = replacingKeys(paths, changed, was, now);
    const replaces = changed.filter(
      (k) => spec.replaceOn.includes(k) || (!updatable.has(k) && !localKeys.includes(k)) || forced.includes(k),
    );
    const unique = spec.unique;
    const unchanged = (k: string) => !changed.includes(k);
    // A replacement that keeps a unique value (an auto-name is kept, or drawn the same) must delete first. Said
    // for any change: the engine may replace what the provider would update (the `replaceOnChanges` option).
    const deleteBeforeReplace =
      changed.length > 0 && unique !== undefined && unchanged(unique.field) && unique.within.every(unchanged);
    // A value changed outside Pulumi (refresh found it) that the program would undo against the rule (check
    // lets it through: it judges the program by what it last applied): a normal diff, so a drift check lists
    // it with all other drift, explained here; the update refuses it.
    const drifted = replaces.length === 0 ? spec.transition?.rule(olds, news) : undefined;
    if (drifted) {
      const found = JSON.stringify(olds[drifted.property]);
      await warn(
        secrets,
        `${label(olds)}: ${drifted.property}: ${drifted.reason}. Its ${drifted.property} is ${found}, changed ` +
          `outside Pulumi (found by refresh): \`pulumi up\` refuses this update; set ${drifted.property} to ` +
          `${found} in the program to keep it.`,
      );
    }
    if (replaces.length > 0) {
      const key = replacementKey(news);
      if (key !== undefined) replacing.set(key, { id, olds });
      if (spec.replacementLoses) {
        await warn(
          secrets,
          `${label(olds, id)}: replacing it (${replaces.join(", ")} changed) deletes it with ` +
            `${spec.replacementLoses(olds)}; the new ${spec.kind} starts empty.`,
        );
      }
    }
    return {
      changes: changed.length > 0,
      changed,
      ...(replaces.length > 0 ? { replaces } : {}),
      ...(deleteBeforeReplace ? { deleteBeforeReplace } : {}),
    };
  }

  /** The create protocol (create.ts: no duplicate, no wrong adoption, crash-safe), or adopts with `__import`. */
  async function create(inputs: Props, secrets: Secrets): Promise<dynamic.CreateResult> {
    const importId = inputs[HIDDEN.import];
    if (typeof importId === "string" && importId !== "") return adopt(importId, inputs, secrets);
    const ready = await createObject({
      spec,
      secrets,
      client: client(),
      collection: expandPath(spec.collection, pick(inputs, params) as Record<string, string>),
      body: body(inputs),
      inputs,
      normalize: live,
      pulumiId: (obj) => pulumiId(obj, inputs),
      outputs: (obj) => outputs(obj, inputs),
      settle: (obj) => waitReady(obj, inputs),
      initError: (message, id, properties, reasons) => new ResourceInitError(message, id, properties, reasons),
      ours: (id) => ours.has(id),
    });
    ours.add(String(ready.id));
    return { id: pulumiId(ready, inputs), outs: outputs(ready, inputs) };
  }

  /**
   * Per client: whether this kind's list items say at least what a GET says (`false` if not; if so, the
   * fields that GET said). Decided by the first read that finds its object listed, with one GET of that
   * object; until then, and when they do not, reads GET.
   */
  const listsSayAll = new WeakMap<FutrouClient, Promise<ReadonlySet<string> | false | undefined>>();

  /** Every field `get` says (not null) is said by `item` too. */
  const saysAll = (item: Props, get: Props): boolean => {
    const said = live(item);
    return Object.keys(live(get)).every((k) => said[k] !== undefined);
  };

  /**
   * The object as its collection's listing has it (listing.ts: one list request per 100 objects for a whole
   * refresh), when that answer is as good as a GET's: this kind's list items say all a GET says (above), and
   * for every observed field the last answer said (a field kept in some generation: if this API's GET says
   * it), the item says it too or the list's items carry that field elsewhere (then its absence here is the API leaving an empty value out, as a GET would). Undefined:
   * ask by GET. `{ object }`: the answer (from the deciding GET, `object` undefined when that was a 404).
   */
  async function listed(id: string, props: Props): Promise<{ object?: Props } | undefined> {
    const { apiId, collection } = locate(id);
    const c = client();
    const listing = Listings.of(c).find(collection, ownerFilter(spec, props), spec.model, apiId);
    let fits = listsSayAll.get(c);
    if (!fits) {
      // The deciding read: its GET is its answer (listed or not, this read costs one GET either way), asked
      // together with the listing's page, so the reads waiting for the decision wait one round trip, not two.
      const got = c.find(itemPath(id), spec.model) as Promise<Props | undefined>;
      fits = Promise.all([listing, got])
        .then(([hit, g]) =>
          hit === undefined || g === undefined ? undefined : saysAll(hit.object, g) && new Set(Object.keys(live(g))),
        )
        .catch(() => undefined);
      listsSayAll.set(c, fits);
      void fits.then((known) => known === undefined && listsSayAll.delete(c));
      return { object: await got };
    }
    const hit = await listing;
    if (!hit) return undefined;
    const getSaid = await fits;
    if (!getSaid) return undefined;
    const said = live(hit.object);
    // A field one generation answers and another keeps (a proxy's projectId, a serverlet's plan) may hold
    // the program's value, not an answer's: it is needed only where this API's GET answers it.
    const needed = [...spec.observed, ...spec.volatile].filter(
      (k) => props[k] !== undefined && props[k] !== null && (!kept.includes(k) || getSaid.has(k)),
    );
    return needed.every((k) => said[k] !== undefined || hit.shape.has(k)) ? { object: hit.object } : undefined;
  }

  /**
   * The object from its collection's listing, else by one GET; a 404 answers an empty id, which tells the
   * engine the resource is gone — once the token is known to see the resource's workspace. A listing never
   * says "gone": an object it does not hold is asked for by GET. Returns inputs too (observed fields live,
   * kept ones as last applied), so ignoreChanges, the preview diff and transition rules see what is there.
   */
  async function read(id: string, props: Props, secrets: Secrets): Promise<dynamic.ReadResult> {
    seen(id);
    const found = ((await listed(id, props)) ?? { object: await client().find(itemPath(id), spec.model) }).object as
      | Props
      | undefined;
    if (found) confirmAnswer(id, found);
    // An answer that says the object is deleted (a serverlet's `status: deleted`) is as good as a 404.
    const state = spec.ready && found ? live(found)[spec.ready.field] : undefined;
    if (spec.ready?.gone.includes(String(state))) return { id: "", props: {} };
    if (found) {
      // Nothing known before: `pulumi import` (or a `get`), not a refresh.
      const importing = Object.keys(visible(props)).length === 0;
      // A refresh reads what this object holds next (a zone's records depend on it): warm their listing,
      // under the owner filter its reads use (`{}`: a per-parent collection, listing.ts `ownerFilter`).
      if (spec.contents && !importing) {
        Listings.of(client()).warm(contentsOf(id), {}, spec.contents.model, WARM_SPARE);
      }
      const outs = outputs(found, props, props);
      await unseenChanges(id, props, found, secrets);
      const inputs = inputsOf(outs);
      if (!importing) return { id, props: outs, inputs };
      // Nothing known before (`pulumi import`): the kept fields it cannot see are unread, not absent. The kind's
      // secret fields it saw (a cron's headers) are withheld: the engine prints an import's inputs as the
      // program's code, in clear whether secret or not. They stay outputs; the object keeps them (withKept).
      const withheld = spec.secrets.filter((k) => inputs[k] !== undefined && !same(inputs[k], defaults[k]));
      for (const k of withheld) delete inputs[k];
      const unread = [...kept.filter((k) => outs[k] === undefined), ...withheld];
      return { id, props: outs, inputs: unread.length > 0 ? { ...inputs, [HIDDEN.unread]: unread } : inputs };
    }
    return (await confirmGone(id, props)) ? { id: "", props: {} } : { id, props };
  }

  /**
   * Refresh cannot see kept fields. When the object's `updatedAt` moved but no field the answer carries
   * changed, the change was to fields it does not carry: say which ones may have changed (those that can
   * change after creation), per resource, as an engine warning.
   */
  async function unseenChanges(id: string, recorded: Props, found: Props, secrets: Secrets): Promise<void> {
    const before = recorded.updatedAt;
    const now = live(found).updatedAt;
    const hidden = claimable.filter((k) => updatable.has(k));
    if (hidden.length === 0 || typeof before !== "string" || typeof now !== "string" || before === now) return;
    const answer = live(found);
    // A configurable field the answer shows changed explains the move; a status (a serverlet redeploying after
    // an env change made outside) does not.
    const seen = outputKeys.filter(
      (k) => inputKeys.includes(k) && answer[k] !== undefined && !same(answer[k], recorded[k]),
    );
    // Only the fields kept in the generation that answered (a serverlet's plan in the older, its env in both).
    const keptHere = new Set(generationsOf(spec, answer).flatMap((g) => keptNames(spec, g)));
    const unseen = hidden.filter((k) => keptHere.has(k) && answer[k] === undefined);
    if (seen.length > 0 || unseen.length === 0) return;
    await warn(
      secrets,
      `${label(recorded, id)} was changed outside Pulumi (updatedAt ${before} → ${now}), but no field the API ` +
        `returns did: fields the API does not return may have changed: ${unseen.join(", ")}. Refresh cannot ` +
        "see them and `pulumi up` does not rewrite them; check them with the Futrou console or CLI.",
    );
  }

  /** PATCHes only the changed updatable fields (or none), then waits for readiness if the kind has one. */
  async function update(id: string, outs: Props, news: Props, oldInputs?: Props): Promise<dynamic.UpdateResult> {
    seen(id);
    const olds = withKept(outs, news, oldInputs);
    // What the API would refuse (a volume grown outside Pulumi, shrunk back by the program): before any request.
    const refused = spec.transition?.rule(olds, news);
    if (refused) {
      throw new Error(
        `${label(olds, id)}: ${refused.property}: ${refused.reason}. Its ${refused.property} is ` +
          `${JSON.stringify(olds[refused.property])}, changed outside Pulumi; nothing was changed: set ` +
          `${refused.property} to ${JSON.stringify(olds[refused.property])} in the program to keep it.`,
      );
    }
    const was = normalize(spec.kind, olds);
    const now = normalize(spec.kind, news);
    const patch = pick(
      news,
      [...updatable].filter((k) => news[k] !== undefined && differs(k, was, now, oldInputs)),
    );
    const path = itemPath(id);
    if (Object.keys(patch).length === 0 && localKeys.some((k) => differs(k, was, now, oldInputs))) {
      // Only provider-only inputs changed: nothing to send, nothing to wait for.
      return { outs: outputs({ id: locate(id).apiId }, news, olds) };
    }
    let answer: Props | undefined;
    try {
      answer = (
        Object.keys(patch).length > 0
          ? await client().patch(path, patch, spec.model.optional())
          : await client().get(path, spec.model)
      ) as Props | undefined;
    } catch (error) {
      if (error instanceof FutrouApiError && error.status === 404) {
        throw new Error(
          `futrou:${spec.typeName} "${id}" no longer exists: it was deleted outside Pulumi. Run ` +
            "`pulumi refresh` to drop it from the state; the next `pulumi up` then creates it anew. " +
            `(${error.message})`,
        );
      }
      throw error;
    }
    // An answer without a body (or without every field) leaves the rest as applied and as it was.
    const updated = { ...answer, id: answer?.id ?? locate(id).apiId };
    const ready = await waitReady(updated, news, "update");
    return { outs: outputs(ready, news, olds) };
  }

  /**
   * Kinds whose delete takes other objects with it (a zone's records): refuses, naming them, while objects
   * that are not the platform's are left, unless the provider-only `force` input is true. The stack's own
   * ones are deleted before (the engine deletes dependents first), so what is left is not Pulumi's: kept
   * with `retainOnDelete`, or made outside Pulumi. One list request.
   */
  async function refuseWhileNotEmpty(id: string, props: Props): Promise<void> {
    const contents = spec.contents;
    if (!contents || props[contents.force] === true) return;
    const collection = contentsOf(id);
    let held: Props[];
    try {
      held = ((await client().list(collection, contents.model)) as Props[]).filter((o) => !contents.platform(o));
    } catch (error) {
      if (error instanceof FutrouApiError && error.status === 404) return; // already gone
      throw error;
    }
    if (held.length === 0) return;
    const shown = held.slice(0, 10).map(contents.describe).join(", ");
    const more = held.length > 10 ? ` and ${held.length - 10} more` : "";
    throw new Error(
      `${label(props, id)} was not deleted: it still holds ${held.length} ${contents.what} that this stack does not ` +
        `manage (${shown}${more}), and deleting it would delete them too. Delete or move them first, or set ` +
        `\`${contents.force}: true\` on the resource and run \`pulumi up\` before deleting it, to delete them with it.`,
    );
  }

  /** DELETE; already gone (404) counts as done. */
  async function remove(id: string, props: Props = {}): Promise<void> {
    seen(id);
    const limit = customTimeout(props, "delete");
    const deleting = refuseWhileNotEmpty(id, props).then(() => client().delete(itemPath(id)));
    if (limit === undefined) {
      await deleting;
      return;
    }
    let timer: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `futrou:${spec.typeName} "${id}": delete did not finish within ${limit / 1000} s (customTimeouts.delete)`,
            ),
          ),
        limit,
      );
    });
    try {
      await Promise.race([deleting, expired]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * How the answers to one operation are sealed (provider/secrets.ts): the program's secret inputs, and
   * what the engine marks secret by itself (nothing, for an adapter that accepts secrets).
   */
  const sealing = (secrets: Secrets, inputs: Props | undefined, previous?: Props) => ({
    program: declaredSecrets(inputs),
    marked: sealAll ? new Set<string>() : secrets.markedBy(inputs),
    previous,
  });

  /**
   * Runs one operation of one resource with its secrets: whatever it throws loses every secret value
   * (message, stack, reasons) and an init failure's properties are sealed like outputs (`seal`);
   * `printed` when the host prints the error itself (check, diff, read, delete), so it prints it once.
   */
  /**
   * Runs one operation within its request deadline (api/deadline.ts): the resource's `customTimeouts` for
   * it when the engine gives them, else futrou:requestDeadlineSeconds.
   */
  function bounded<T>(op: "check" | "diff" | "read" | Operation, props: Props | undefined, run: () => Promise<T>) {
    const custom = op === "create" || op === "update" || op === "delete" ? customTimeout(props ?? {}, op) : undefined;
    const deadline = requestDeadline(
      settings,
      custom === undefined ? undefined : { ms: custom, setting: `customTimeouts.${op}` },
    );
    return withinDeadline(deadline, run);
  }

  async function guarded<T>(
    secrets: Secrets,
    printed: boolean,
    op: () => Promise<T>,
    seal?: Parameters<Secrets["sealed"]>[1],
  ): Promise<T> {
    try {
      return await op();
    } catch (error) {
      secrets.scrub(error);
      if (error instanceof ResourceInitError && seal) error.properties = secrets.sealed(error.properties, seal);
      if (printed) reportedOnce(error);
      throw error;
    }
  }

  return {
    /** Once per process, before any other call: the stack config (`futrou:*`). */
    async configure(req: { config: ConfigSource }): Promise<void> {
      settings = resolveSettings(req.config);
    },

    /** Validates and normalizes inputs before any request; failures name the field (shown at preview). */
    check: (olds: Props, news: Props) => {
      const secrets = Secrets.of(spec, news, olds);
      return guarded(secrets, true, () => bounded("check", news, () => check(olds, news, secrets)));
    },
    diff: (id: string, olds: Props, news: Props, oldInputs?: Props) => {
      const secrets = Secrets.of(spec, news, olds);
      return guarded(secrets, true, () => bounded("diff", news, () => diff(id, olds, news, secrets, oldInputs)));
    },
    read: (id: string, props: Props = {}) => {
      const secrets = Secrets.of(spec, props);
      return guarded(secrets, true, async () => {
        const result = await bounded("read", props, () => read(id, props, secrets));
        const seal = sealing(secrets, props, props);
        return {
          ...result,
          props: secrets.sealed(result.props ?? {}, seal),
          // The engine marks refreshed inputs from the old inputs, which lack what the API filled in (a
          // `displayName` copied from a secret `name`): only the kind's own fields are marked for sure.
          ...(result.inputs
            ? { inputs: secrets.sealed(result.inputs, { ...seal, marked: sealAll ? new Set() : secrets.markedBy({}) }) }
            : {}),
        };
      });
    },
    delete: (id: string, props?: Props) =>
      guarded(Secrets.of(spec, props), true, () => bounded("delete", props, () => remove(id, props))),
    create: (inputs: Props) => {
      const secrets = Secrets.of(spec, inputs);
      const seal = sealing(secrets, inputs);
      return guarded(
        secrets,
        false,
        async () => {
          const result = await bounded("create", inputs, () => create(inputs, secrets));
          return { ...result, outs: secrets.sealed(result.outs as Props, seal) };
        },
        seal,
      );
    },
    update: (id: string, olds: Props, news: Props, oldInputs?: Props) => {
      const secrets = Secrets.of(spec, news, olds);
      const seal = sealing(secrets, news, olds);
      return guarded(
        secrets,
        false,
        async () => {
          const result = await bounded("update", news, () => update(id, olds, news, oldInputs));
          return { ...result, outs: secrets.sealed(result.outs as Props, seal) };
        },
        seal,
      );
    },
  };
}
