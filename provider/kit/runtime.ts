/**
 * One kind's runtime (`KindRuntime`): what every operation of the kit (check.ts, diff.ts, create.ts, …)
 * needs to serve that kind in this process. Made once per spec by `makeProvider` (index.ts); each
 * operation is a function of it and the engine's arguments. It holds three things, as named fields:
 * - the key sets derived from the spec, computed once;
 * - the settings and the client they give;
 * - the per-process memory (ARCHITECTURE.md, "state model": which operation reads and writes each piece).
 * It knows no host: what differs between the dynamic-provider host and the plugin comes in `adapter`.
 */
import type { FutrouClient } from "../api/client";
import type { Deadline } from "../api/deadline";
import { expandPath, itemPath as objectPath, UnsafePathError } from "../api/path";
import { clientFor, resolveSettings, type Settings } from "../config";
import { warn as engineWarn } from "../engineLog";
import { CreateJournal } from "../journal";
import { normalize } from "../normal";
import type { Secrets } from "../secrets";
import {
  HIDDEN,
  idFault,
  inputDefaults,
  inputNames,
  itemKeyOf,
  keptNames,
  localNames,
  outputNames,
  type Props,
  pathParams,
  type ResourceSpec,
  templateParams,
} from "../spec";
import { givenOfInputs, givenOfOutputs, withGivenInputs, withGivenOutputs } from "./given";
import { apiIdOf, CARRIED, pick } from "./props";

/** What an adapter (provider/adapters/) tells the kit about its host; the kit itself knows none. */
export interface AdapterOptions {
  /**
   * The adapter's engine sends secrets as secrets and stores only what comes back sealed (the provider
   * plugin). Without it (the dynamic-provider host) the engine unwraps secrets before the provider sees
   * them and marks an output secret whenever the input of the same name was: only outputs that carry a
   * secret value under another name need sealing then.
   */
  acceptsSecrets?: boolean;
  /**
   * A resource already in the state that this adapter cannot serve: the reason check refuses it with,
   * before anything changes (the dynamic host and state the plugin wrote), else undefined.
   */
  refuseState?: (olds: Props) => string | undefined;
  /**
   * Called with each error of check, diff, read and delete, after its secrets are gone: a host that prints
   * those errors itself (the dynamic-provider host) learns not to print them twice.
   */
  reported?: (error: unknown) => void;
}

/** An object being replaced in this process: its outputs as diff saw them. */
export interface Replaced {
  olds: Props;
}

export class KindRuntime {
  // ---- derived from the spec, once ----------------------------------------------------------------------
  /** Inputs the POST body may carry (the create model's keys). */
  readonly createKeys: readonly string[];
  /** Inputs that are path parameters (a record's `dnsId`): part of the Pulumi id, never in a body. */
  readonly pathKeys: readonly string[];
  /** Provider-only inputs (a zone's `forceDestroy`): never sent to the API. */
  readonly localKeys: readonly string[];
  /** Inputs the API never returns in some generation: their last applied value is kept (spec.ts `keptNames`). */
  readonly keptKeys: readonly string[];
  /** Kept fields an import can claim only by writing them (or, if create-only, by the program's word). */
  readonly claimable: readonly string[];
  /** Every visible input name. */
  readonly inputKeys: readonly string[];
  /** Every output name but the API id's own output. */
  readonly outputKeys: readonly string[];
  /** Outputs only the create answer carries (spec.ts `fromCreate`): once the outputs hold one, it stays. */
  readonly fromCreate: ReadonlySet<string>;
  /** The Pulumi id's path parameters, in order (`dnsId` of `<dnsId>/<recordId>`). */
  readonly params: readonly string[];
  /** Inputs a PATCH may change; a change of any other visible input (not provider-only) replaces. */
  readonly updatable: ReadonlySet<string>;
  /** Each defaulted input's default in normal form (spec.ts `inputDefaults`). */
  readonly defaults: Props;
  /** Outputs are sealed for an engine that accepts secrets (AdapterOptions.acceptsSecrets). */
  readonly sealAll: boolean;
  /** The parameter of the collection an object of this kind holds (`id` of `/dns/{id}/records`). */
  readonly contentsParam: string;

  // ---- settings --------------------------------------------------------------------------------------------
  /**
   * The resolved settings (token, URL, workspace, timeouts), from the environment until `configure`. An
   * explicit `futrou.Provider` runs in its own host process, so they are per process, never per resource.
   */
  settings: Settings = resolveSettings();

  // ---- per-process memory (ARCHITECTURE.md, "state model") -----------------------------------------------
  /**
   * Ids of this kind the engine named in this process (diff, read, update, delete) or that create returned:
   * objects of this stack. A create refused because its unique value is taken says whose object holds it.
   */
  readonly ours = new Set<string>();
  /**
   * Replacements in flight in this process (one engine run), by `replacementKey`. Before it replaces a
   * resource the engine checks it again with no old inputs ("recompute the default values"), so the SDK's
   * suggested auto-name, drawn from the resource's *current* logical name, would win over the name the
   * object has (after a rename with `aliases` they differ). Diff remembers the object being replaced under
   * the key the re-check sees again; the re-check takes the entry, keeps its name and knows what it replaces.
   */
  readonly replacing = new Map<string, Replaced>();
  /**
   * What check saw of each object to import (by import id), so the create that follows in the same run
   * adopts it without a second GET (a create in another process, e.g. after a separate preview, reads anew).
   */
  readonly toImport = new Map<string, Props>();
  /** Imports whose workspace the list filter confirmed (`<id>@<workspaceId>`), so up does not ask again. */
  readonly inWorkspace = new Set<string>();
  /**
   * Per client (its `root`): whether this kind's list items say at least what a GET says (`false` if not; if so, the
   * fields that GET said). Decided by the first read that finds its object listed, with one GET of that
   * object; until then, and when they do not, reads GET (read.ts `listed`).
   */
  readonly listsSayAll = new WeakMap<FutrouClient, Promise<ReadonlySet<string> | false | undefined>>();
  /** The normal form of each answer object, computed once: a listed object answers many reads. */
  readonly liveForms = new WeakMap<Props, Props>();

  constructor(
    readonly spec: ResourceSpec,
    readonly adapter: AdapterOptions = {},
  ) {
    this.sealAll = adapter.acceptsSecrets === true;
    this.createKeys = Object.keys(spec.create.shape);
    this.pathKeys = spec.pathInputs ? Object.keys(spec.pathInputs.shape) : [];
    this.localKeys = localNames(spec);
    this.keptKeys = keptNames(spec);
    this.claimable = this.keptKeys.filter((k) => !this.localKeys.includes(k) && !this.pathKeys.includes(k));
    this.inputKeys = inputNames(spec);
    this.outputKeys = outputNames(spec).filter((k) => k !== spec.apiIdOutput);
    this.fromCreate = new Set(spec.fromCreate);
    this.params = pathParams(spec);
    this.updatable = new Set(Object.keys(spec.update.shape));
    this.defaults = normalize(spec.kind, { ...inputDefaults(spec) });
    [this.contentsParam = "id"] = templateParams(spec.contents?.collection ?? "");
  }

  /** The resource the operation is for, when the adapter knows it (the plugin: its URN): its status lines' row. */
  readonly urn?: string;

  /** The client of the current settings: one per (URL, token) per process (config.ts `clientFor`). */
  client(): FutrouClient {
    return clientFor(this.settings);
  }

  /**
   * This runtime as one operation sees it (guard.ts `bounded`): the same spec, settings and memory (it is
   * a view of this object), its client a view bounded by the operation's `deadline` (api/deadline.ts), made
   * on first use, and `urn`. Passed down to everything the operation calls.
   */
  operation(deadline: Deadline, urn?: string): KindRuntime {
    let bounded: FutrouClient | undefined;
    const client = (): FutrouClient => {
      bounded ??= this.client().within(deadline);
      return bounded;
    };
    return Object.create(this, { client: { value: client }, urn: { value: urn } }) as KindRuntime;
  }

  /**
   * The item key (the API id, or `spec.itemKey`'s value), the collection path and the parent ids of a Pulumi
   * id; throws naming what is wrong with it.
   */
  locate(id: string): { key: string; collection: string; parents: Record<string, string> } {
    const { spec } = this;
    const fault = idFault(spec, id);
    if (fault) {
      throw new UnsafePathError(
        `futrou:${spec.typeName}: ${fault}. Nothing was sent to the API: correct the import id, or remove a ` +
          "resource an older version recorded with it from the state with `pulumi state delete <urn>`.",
      );
    }
    const parts = id.split("/");
    const key = parts.pop() as string;
    const parents = Object.fromEntries(this.params.map((p, i) => [p, parts[i] as string]));
    return { key, collection: expandPath(spec.collection, parents), parents };
  }

  /**
   * Where an answer is not the object a Pulumi id names: its `id` (or, for a kind whose item path takes
   * another field, that field where the answer carries it: `spec.itemKey`) and each parent id it carries (a
   * record's `dnsId`), as `<field> <got> (asked for <wanted>)`; empty when it is that object.
   */
  notAsked(id: string, answer: Props): string[] {
    const { key, parents } = this.locate(id);
    const field = this.spec.itemKey ?? "id";
    const asked: [string, string][] = [
      ...(field === "id" || (answer[field] !== undefined && answer[field] !== null)
        ? [[field, key] as [string, string]]
        : []),
      ...Object.entries(parents).filter(([p]) => typeof answer[p] === "string"),
    ];
    return asked
      .filter(([p, v]) => String(answer[p]) !== v)
      .map(([p, v]) => `${p} ${JSON.stringify(answer[p])} (asked for ${JSON.stringify(v)})`);
  }

  /**
   * An answer is the object asked for (`notAsked`). Throws naming what differs before anything adopts, keeps or
   * deletes it: a path that reached another object (another kind's, another zone's) must not enter the state.
   */
  confirmAnswer(id: string, answer: Props): void {
    const wrong = this.notAsked(id, answer);
    if (wrong.length > 0) {
      throw new Error(
        `futrou:${this.spec.typeName} "${id}": the API answered another object than the one asked for: ${wrong.join(", ")}. ` +
          "Nothing was adopted, changed or deleted; check the id.",
      );
    }
  }

  /** The path of the collection an object of this kind holds (a zone's records), for kinds with contents. */
  contentsOf(id: string): string {
    return expandPath(this.spec.contents?.collection ?? "", { [this.contentsParam]: this.locate(id).key });
  }

  itemPath(id: string): string {
    const { key, collection } = this.locate(id);
    return objectPath(collection, key);
  }

  /** The collection a new object with these inputs goes to (its path parameters filled in). */
  collectionOf(inputs: Props): string {
    return expandPath(this.spec.collection, pick(inputs, this.params) as Record<string, string>);
  }

  /**
   * The Pulumi id: the path parameters (from the inputs; responses need not carry them) and the item key (the
   * API id, or `spec.itemKey`'s value).
   */
  pulumiId(obj: Props, inputs: Props = {}): string {
    return [...this.params.map((p) => String(inputs[p] ?? obj[p])), itemKeyOf(this.spec, obj, inputs)].join("/");
  }

  /**
   * The API id of the object a Pulumi id names: the id's last part, or, when the item path takes another field
   * (`spec.itemKey`), the id that `props` carry (outputs: `apiIdOutput`; an answer: `id`); else undefined.
   */
  objectId(id: string, props: Props = {}): string | undefined {
    if (!this.spec.itemKey) return apiIdOf(id);
    const known = props[this.spec.apiIdOutput ?? "id"] ?? props.id;
    return typeof known === "string" ? known : undefined;
  }

  /**
   * What an API answer says, in normal form. `null` reads as "not said", like an absent field: the API
   * leaves unset fields out (its types are all `omitempty`), and a `null` where the program holds a value
   * is no evidence that the value changed. Computed once per answer object (`liveForms`).
   */
  live(answer: Props): Props {
    let form = this.liveForms.get(answer);
    if (!form) {
      form = normalize(this.spec.kind, Object.fromEntries(Object.entries(answer).filter(([, v]) => v !== null)));
      this.liveForms.set(answer, form);
    }
    return form;
  }

  /**
   * Outputs as create, read and update return them: each field from the API's answer when it says it
   * (in normal form), else from what was just applied, else as it was. Unknown extra fields stay out.
   * An output only the create answer carries (`fromCreate`) is the exception: the value the previous
   * outputs hold wins over any answer's (an API that answers a masked one), so only a create sets it.
   * `given`: what check knew of (given.ts), from the inputs just applied unless a read says otherwise.
   */
  outputs(
    answer: Props,
    applied: Props,
    previous: Props = {},
    given: readonly string[] | null = givenOfInputs(applied),
  ): Props {
    const got = this.live(answer);
    const outs: Props = {};
    for (const k of this.outputKeys) {
      const kept = this.fromCreate.has(k) ? previous[k] : undefined;
      const v =
        kept !== undefined ? kept : got[k] !== undefined ? got[k] : applied[k] !== undefined ? applied[k] : previous[k];
      if (v !== undefined) outs[k] = v;
    }
    const idOutput = this.spec.apiIdOutput;
    const apiId = idOutput && (answer.id ?? previous[idOutput]);
    if (idOutput && apiId !== undefined) outs[idOutput] = apiId;
    for (const k of CARRIED) {
      const v = applied[k] ?? previous[k];
      if (v !== undefined) outs[k] = v;
    }
    return withGivenOutputs(outs, given, this.inputKeys);
  }

  /**
   * The inputs a read reports: each input field the checked inputs held (`__given`), as it now is (see the
   * header of index.ts), hidden ones carried. Never a field the program left to the API: the engine would
   * take it for an input the program removes. Outputs written before `__given` existed (until the
   * resource's next create or update) and an import's read (nothing known before) report every input field.
   */
  inputsOf(outs: Props): Props {
    const given = givenOfOutputs(outs, this.inputKeys);
    const names = given ? this.inputKeys.filter((k) => given.includes(k)) : this.inputKeys;
    const inputs = { ...pick(outs, names), ...pick(outs, CARRIED) };
    return given ? withGivenInputs(inputs, given) : inputs;
  }

  /** The POST body: the checked inputs that are neither hidden nor path parameters; `null` means unset. */
  body(inputs: Props): Props {
    return Object.fromEntries(Object.entries(pick(inputs, this.createKeys)).filter(([, v]) => v !== null));
  }

  /**
   * The engine named this object (diff, read, update, delete): it is in a state, so it is this stack's
   * (`ours`), and its create-journal entry, if a create left one, goes: no later create may adopt it
   * (journal.ts `confirm`). `props`, its outputs (or an answer), say its API id when the Pulumi id does not
   * (`objectId`).
   */
  seen(id: string, props: Props = {}): void {
    const apiId = this.objectId(id, props);
    if (apiId === undefined) return;
    this.ours.add(apiId);
    try {
      new CreateJournal().confirm(this.client().baseUrl, this.spec.kind, apiId);
    } catch {
      // best effort: a journal that cannot be read or changed keeps its entry; the operation goes on
    }
  }

  /** The resource's key across diff and re-check (`replacing`): the suggested auto-name, else its unique value. */
  replacementKey(inputs: Props): string | undefined {
    const suggested = inputs[HIDDEN.autoName] ?? inputs[HIDDEN.name];
    if (typeof suggested === "string") return `auto:${suggested}`;
    const unique = this.spec.unique && inputs[this.spec.unique.field];
    return typeof unique === "string" ? `unique:${unique}` : undefined;
  }

  /** An engine warning, with no secret value in it. */
  warn(secrets: Secrets, message: string): Promise<void> {
    return engineWarn(secrets.redact(message));
  }

  /** `futrou:<Type> "<name>" (<api id>)`, as messages name an object. */
  label(props: Props, id?: string): string {
    const { spec } = this;
    const name = spec.autoName ? props[spec.autoName] : spec.unique ? props[spec.unique.field] : undefined;
    return `futrou:${spec.typeName}${typeof name === "string" ? ` "${name}"` : ""}${id ? ` (${apiIdOf(id)})` : ""}`;
  }
}
