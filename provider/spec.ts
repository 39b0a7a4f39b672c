/**
 * What a resource kind is, as data: one `ResourceSpec` per kind (provider/kinds/<kind>/spec.ts). The kit
 * (kit.ts) turns a spec into a dynamic provider; the SDK classes (sdk/) read the same spec for their
 * output names, secret fields and auto-naming. This file is pure data helpers: it loads no client, so
 * the program process can import the specs cheaply.
 */
import { z } from "zod";
import type { Query } from "./api/client";
import { COLLECTIONS, GENERATIONS, type Generation, type Kind, TEXT_MAX } from "./api/contract";
import { idProblem } from "./api/path";
import type { KindFields } from "./kinds/fields";

export type Props = Record<string, unknown>;

/** Pulumi type token prefix: the engine routes `pulumi-nodejs:dynamic/*` to the dynamic-provider host. */
export const TYPE_PREFIX = "pulumi-nodejs:dynamic/futrou:";

/** The provider plugin's type tokens (`futrou:index:Serverlet`): its resources and functions. */
export const PLUGIN_TYPE_PREFIX = "futrou:index:";

/** Hidden inputs the SDK classes set; never sent to the API and never compared in diff. */
export const HIDDEN = {
  /** The serialized provider module (the host requires it; see sdk/resource.ts). */
  provider: "__provider",
  /**
   * The Pulumi logical name, passed when `name` is omitted so check can auto-name. Not `__name`: the
   * runtime defines an output property per input on the instance, and Resource has its own `__name`.
   */
  name: "__logicalName",
  /** The id to adopt instead of creating (the `import` resource option, intercepted by the SDK). */
  import: "__import",
  /**
   * The name the SDK computed for an omitted auto-named field (deterministic, so preview and up agree;
   * honours `pulumi:autonaming`). Replaces `__logicalName`, which stays readable for older states.
   */
  autoName: "__autoName",
  /** `{ create?, update?, delete? }` in milliseconds, from the `customTimeouts` resource option. */
  timeouts: "__timeouts",
  /**
   * The top-level inputs the program gave as secrets (names only, never values): the dynamic-provider host
   * hands the provider plain values, so the SDK records which were secret (provider/secrets.ts).
   */
  secrets: "__secrets",
  /**
   * The `replaceOnChanges` resource option (property paths, `*` for all). The engine applies it only to keys a
   * provider reports as changed, which the dynamic-provider host never does, so the kit's diff applies it.
   */
  replaceOnChanges: "__replaceOnChanges",
  /**
   * Kept fields a read without any earlier state could not see (`pulumi import`: the API does not return
   * them): nothing to compare the program's value with (kit.ts `withKept`).
   */
  unread: "__unread",
  /**
   * The values of the fields a transition rule guards, as the program last applied them (check records
   * them; outputs carry them through refresh), so check tells a program's shrink from a size grown outside.
   */
  applied: "__applied",
  /**
   * The visible inputs check knew of (names only): what the program set, what check filled in (defaults, the
   * workspace, an auto-name) and the kept fields an import left unclaimed. A refresh's read reports as inputs
   * those and no others: a field only the API chose (a serverlet's `cpu` and `ram`) stays an output, and the
   * dynamic-provider host's `preview --diff`, which compares old and new inputs, shows no removal of it. A
   * defaulted field it does not name is one the state predates (kit.ts `differs`). Written only where the
   * short forms cannot say it (kit/given.ts): in inputs, absent means "the visible inputs"; in outputs,
   * "the input fields the outputs hold" less `__chosen`. Outputs with neither (written before either existed,
   * or an import's read) report every input field.
   */
  given: "__given",
  /**
   * The input fields the outputs hold that check did not know of (the API chose them: a serverlet's `cpu`
   * and `ram`): `__given`'s short form in outputs, written only when not empty.
   */
  chosen: "__chosen",
  /**
   * The stack the resource belongs to (the dynamic-provider host is told no stack: the SDK passes
   * `pulumi.getStack()`; the plugin takes it from the URN). Part of the create journal's identity, so two
   * stacks of one project never take each other's creates as their own (provider/create.ts).
   */
  stack: "__stack",
} as const;

export const isHidden = (key: string): boolean => key.startsWith("__");

export interface ResourceSpec {
  /** The provider's name for the kind (a key of COLLECTIONS). */
  kind: Kind;
  /** The SDK class name and last part of the type token, e.g. `Serverlet`. */
  typeName: string;
  /**
   * What an object of the kind is, in one paragraph: the SDK class's TSDoc, the schema's description and the
   * reference page's (scripts/declarations.ts writes the class from the spec).
   */
  doc: string;
  /**
   * The reference page's example (docs/reference/<kind>.md, rendered in every language by
   * scripts/reference-docs.ts): the kind's resources with literal arguments and references to an earlier
   * resource's output. `make docs` refuses a kind without one.
   */
  example?: ResourceExample;
  /** Collection path; `{param}` placeholders are filled from the inputs named in `pathInputs`. */
  collection: string;
  /** The kind's fields, each declared once, and what is derived from them (provider/kinds/<kind>/fields.ts). */
  fields: KindFields;
  /** The POST body schema, with the API's cross-field rules (`fields.create`). */
  create: z.ZodObject;
  /** Inputs that are not part of the body but of the path, e.g. a record's `dnsId`. */
  pathInputs?: z.ZodObject;
  /**
   * Provider-only inputs: visible inputs the API never receives (a zone's `forceDestroy`). Checked like the
   * others and kept in the state; a change updates the resource in place without a request.
   */
  localInputs?: z.ZodObject;
  /** The PATCH body schema: its fields are the updatable ones. */
  update: z.ZodObject;
  /** The response model (tolerant: only `id` is required). */
  model: z.ZodObject;
  /**
   * Observed fields: what the published response shape of some API generation carries (`fields.published`,
   * from the declarations); each is an output. Read and refresh compare a field whenever an answer carries it,
   * so its drift is visible in the generations that answer it (`keptNames(spec, generation)` lists the
   * others). An input no answer carries is *kept*: outputs carry its last applied value.
   */
  observed: readonly string[];
  /**
   * Outputs only the create answer carries (`fields.fromCreate`: a new API token's bearer value): always
   * secret, taken from the create answer and then kept, never replaced by a later answer (runtime.ts
   * `outputs`); no GET or list answer is expected to carry them. An imported object has none.
   */
  fromCreate: readonly string[];
  /**
   * Whether check defaults `workspaceId` (a body or path input) to the token's only workspace (`GET /workspaces`).
   */
  defaultWorkspace: boolean;
  /** API defaults applied on create; check fills them in so a removed input reverts to its default. */
  defaults: Readonly<Props>;
  /**
   * Inputs the API chooses itself when the program leaves them out (a plan, a region), and whose choice the
   * newest generation's answers carry. Absent or `null` means "the API's choice": check drops a `null`, so
   * diff never compares "unset" with what the API chose (that would be a diff on every `up`, or a
   * replacement). The cost: removing such an input from the program keeps the object's current value.
   */
  apiChosen: readonly string[];
  /** Inputs whose change replaces the resource (every input that is not updatable). */
  replaceOn: readonly string[];
  /**
   * A value unique among siblings (`within` the same owner fields): a replacement that keeps it (a name the
   * program sets, or an auto-name, which is kept too) must delete first (deleteBeforeReplace).
   */
  unique?: { field: string; within: readonly string[] };
  /** How an object is found again after an ambiguous POST: list with `filter`, match every field. */
  lookup: { fields: readonly string[]; filter?: (body: Props) => Query };
  /** The input that gets `<logical name>-<random>` when omitted. */
  autoName?: string;
  /** Inputs (and outputs) that stay Pulumi secrets. */
  secrets: readonly string[];
  /**
   * Inputs that are secrets when a boolean input of the same resource is true (a variable's `value` when
   * `isSecret`), besides whenever the program marks them secret: `{ value: "isSecret" }`.
   */
  secretWhen?: Readonly<Record<string, string>>;
  /** Outputs the API changes on its own (status, state): not inputs, so never a diff. */
  volatile: readonly string[];
  /** Output that carries the API's own id when the Pulumi id is composite (`<dnsId>/<id>`). */
  apiIdOutput?: string;
  /**
   * The required input whose value names an object in its item path, when the API's path does not take the
   * object's `id` (a workspace member: `/workspaces/{workspaceId}/users/{userId}`): the Pulumi id ends in it
   * (`<workspaceId>/<userId>`), and an answer is the object asked for when it carries that value. The API's
   * `id` stays the object's identity (the create protocol, its journal, the listings) and its output is
   * `apiIdOutput`. Absent: the item path takes `id`.
   */
  itemKey?: string;
  /** The Pulumi id / import id format, for messages and docs. */
  idFormat: string;
  /**
   * Long-running kinds: poll after create/update until `field` is `ready`; a `failed` value stops it with
   * an error, a `settled` one (e.g. a stopped serverlet, which an update does not start) without one.
   */
  ready?: {
    field: string;
    ready: readonly string[];
    failed: readonly string[];
    settled: readonly string[];
    /** Values that mean the object is gone although a GET still answers it: read treats them as a 404. */
    gone: readonly string[];
    /** The output that says why it failed, if the kind has one. */
    reasonField?: string;
    /** What usually makes it fail, for the failure's advice ("fix the cause (e.g. the image)"). */
    usualCause?: string;
    /**
     * What the wait's status lines count besides the state: the output holding how many are ready, the
     * input (or output) saying how many are wanted, and what they are (`instances`).
     */
    progress?: { count: string; wanted: string; noun: string };
  };
  /**
   * Where to confirm that a 404 means "deleted" when the outputs carry no `workspaceId` (records,
   * variables scoped to a project or serverlet): the first owner field that is set names a parent that
   * the token must still see. A token of another workspace gets 404 for everything; without this check
   * a refresh with it would drop the whole stack from the state.
   */
  owners?: readonly { field: string; collection: string }[];
  /**
   * For kinds in a parent's collection (a zone's records): the objects the API itself puts there when the
   * parent is created (the platform's SOA and NS records). In a parent this process created less than
   * FRESH_PARENT_MS ago, every other object was added since, so a create of anything else needs no candidate
   * list: none existed before it (create.ts, step 1).
   */
  madeWithParent?: (o: Props) => boolean;
  /**
   * Objects the API deletes together with this one that need not be the stack's (a zone's records). Delete
   * lists them first and refuses, naming them, while any that is not the platform's is left, unless the
   * provider-only input `force` is true.
   */
  contents?: {
    /** Their collection; its one `{param}` is this object's API id. */
    collection: string;
    model: z.ZodObject;
    /** What they are called in messages (`records`). */
    what: string;
    /** Objects the platform made, which go with this one by design (a zone's SOA and NS records). */
    platform: (o: Props) => boolean;
    describe: (o: Props) => string;
    /** The provider-only input that allows deleting them too. */
    force: string;
  };
  /**
   * A rule on the change from old to new values (a volume never shrinks), on the `fields` it reads; a
   * failure names the field. Check applies it to what the program last applied (a program that shrinks fails
   * at preview); a value grown outside Pulumi (found by refresh) shows as a normal diff with the rule's
   * explanation as a warning, and the update refuses it before any request.
   */
  transition?: {
    fields: readonly string[];
    rule: (olds: Props, news: Props) => { property: string; reason: string } | undefined;
  };
  /**
   * What a replacement destroys with the old object, from its last known outputs (a volume: `its data (30 GB)`).
   * Kinds that have it: every replacement warns at preview, and the transition rule also guards replacements.
   */
  replacementLoses?: (olds: Props) => string;
  /**
   * What the API does to an object besides updating it, each a POST to `<item>/<path>` (a certificate's
   * `renew`): served as a resource method by the plugin and, in both modes, run during an update when the
   * action's trigger input changes (kit/action.ts). One declaration per action.
   */
  actions?: Readonly<Record<string, ActionSpec>>;
}

/**
 * One action: `POST <item>/<path>` once, then wait for its settle rule, then read the object back. Adding
 * `actions: { renew: { doc, settle: { field: "status", until: ["issued"] } } }` to a kind's spec is all
 * it takes: the method in the plugin's schema, the `Call` it serves and the trigger input follow.
 */
export interface ActionSpec {
  /** One paragraph: the method's description in the plugin's schema and the reference pages. */
  doc: string;
  /** The path segment after the item (`renew` in `/certs/{id}/renew`); the action's name when omitted. */
  path?: string;
  /**
   * What to wait for after the POST before the object is read back, polling the item within the readiness
   * timeout (`futrou:readyTimeoutSeconds`, or `customTimeouts.update` when an update runs it). Without a
   * settle rule the POST's answer (or one GET) is the result.
   */
  settle?: ActionSettle;
  /**
   * Whether sending the POST twice does no more than once. Only then is a POST whose outcome is unknown (a
   * timeout, a lost connection, a 502) sent again; otherwise the kit reads the object and goes on only if
   * the settle rule's `evidence` shows the action began, else fails saying the outcome is unknown.
   */
  idempotent?: boolean;
  /**
   * The provider-only input whose change runs the action during an update (`renewTrigger` for `renew`);
   * the way to run it in dynamic mode, where resource methods do not exist. A create only records it.
   */
  trigger?: string;
}

export interface ActionSettle {
  /** The output polled (`status`). */
  field: string;
  /** Values that end the wait: the action is done. */
  until: readonly string[];
  /** Values that end it with an error naming the value. */
  failed?: readonly string[];
  /**
   * Outputs whose change since before the POST shows the action began (`updatedAt`, `expiresAt`): the wait
   * ends only once one of them changed (an API that answers before it starts the work cannot end it early),
   * and after an ambiguous POST they tell whether it arrived. The kit reads the object before the POST.
   */
  evidence?: readonly string[];
}

/** An earlier resource's output, in an example: `{ ref: "shop.id" }`. */
export interface ExampleRef {
  ref: string;
}
export type ExampleValue = string | number | boolean | ExampleRef | ExampleValue[] | { [key: string]: ExampleValue };

export interface ExampleResource {
  /** The logical name; also the variable's name in each language. */
  name: string;
  /** The type's short name (`Serverlet`). */
  type: string;
  args: Record<string, ExampleValue>;
}

/** A reference page's example: the resources, in order, and the stack outputs (output name → reference). */
export interface ResourceExample {
  resources: ExampleResource[];
  exports: Record<string, ExampleRef>;
}

/** The trigger input of each action: `trigger`, else `<name>Trigger`. */
export function actionTriggers(actions: ResourceSpec["actions"]): Record<string, string> {
  return Object.fromEntries(Object.entries(actions ?? {}).map(([name, a]) => [name, a.trigger ?? `${name}Trigger`]));
}

/** What a method call answers: the object's id and published outputs, without its secret ones. */
export function methodResultFields(spec: ResourceSpec): string[] {
  return [...new Set(["id", ...spec.observed, ...spec.volatile])].filter((k) => !spec.secrets.includes(k));
}

/** The action `name` of the kind, or an error naming the ones it has. */
export function actionOf(spec: ResourceSpec, name: string): ActionSpec {
  const actions = spec.actions ?? {};
  const action = Object.hasOwn(actions, name) ? actions[name] : undefined;
  if (!action) {
    const known = Object.keys(actions);
    throw new Error(
      `futrou:${spec.typeName} has no action "${name}"${known.length > 0 ? `; it has ${known.join(", ")}` : ""}.`,
    );
  }
  return action;
}

/**
 * What names an object in its item path: its API `id`, or the value of `spec.itemKey` (the inputs' when they
 * hold it, as the path parameters: the object's when not).
 */
export function itemKeyOf(spec: ResourceSpec, obj: Props, inputs: Props = {}): string {
  return String(spec.itemKey ? (inputs[spec.itemKey] ?? obj[spec.itemKey]) : obj.id);
}

/** The `{param}` names in a collection path, in order. */
export function pathParams(spec: ResourceSpec): string[] {
  return templateParams(spec.collection);
}

/** The `{param}` names of a path template, in order (`/dns/{dnsId}/records` → `["dnsId"]`). */
export function templateParams(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
}

/**
 * Why `id` cannot be a Pulumi id (or import id) of this kind, or undefined: `spec.idFormat`'s parts separated
 * by "/" (`<dnsId>/<recordId>`), each an id the API issued (api/path.ts `idProblem`). The kit refuses such an
 * id before any request (import, read, update, delete); the SDK refuses an `import` option with it.
 */
export function idFault(spec: ResourceSpec, id: string): string | undefined {
  const names = [...spec.idFormat.matchAll(/<(\w+)>/g)].map((m) => m[1] as string);
  const parts = id.split("/");
  if (parts.length !== names.length) {
    return `malformed id ${JSON.stringify(id)}, expected ${spec.idFormat} (${names.length} part${names.length > 1 ? "s" : ""} separated by "/")`;
  }
  for (const [i, part] of parts.entries()) {
    const problem = idProblem(part);
    if (problem) return `malformed id ${JSON.stringify(id)}, expected ${spec.idFormat}: ${names[i]} ${problem}`;
  }
  return undefined;
}

/** Every input: the POST body's fields, the path's and the provider-only ones. */
export function inputNames(spec: ResourceSpec): string[] {
  return [...Object.keys(spec.create.shape), ...Object.keys(spec.pathInputs?.shape ?? {}), ...localNames(spec)];
}

/** The schema of one input, wherever the spec declares it (POST body, path or provider-only). */
export function inputSchema(spec: ResourceSpec, name: string): z.ZodType | undefined {
  return spec.create.shape[name] ?? spec.pathInputs?.shape[name] ?? spec.localInputs?.shape[name];
}

/** A schema and the ones it wraps (`.optional()`, `.nullable()`, `.default()`, …), outermost first. */
export function schemaLayers(schema: z.ZodType | undefined): { type: string; defaultValue?: unknown }[] {
  const layers: { type: string; defaultValue?: unknown }[] = [];
  let at: unknown = schema;
  for (let i = 0; i < 8 && at; i++) {
    const def = (at as { _zod?: { def?: { type?: string; innerType?: unknown; defaultValue?: unknown } } })._zod?.def;
    if (!def?.type) break;
    layers.push(def.type === "default" ? { type: def.type, defaultValue: def.defaultValue } : { type: def.type });
    at = def.innerType;
  }
  return layers;
}

/**
 * Every input that has a default, with it: the API's (`spec.defaults`, which check fills in) and the
 * schemas' own (`.default()`, e.g. a zone's provider-only `forceDestroy`). Derived from the spec, never
 * listed by hand, so a field added later with a default is in it: diff reads such a field's absence from
 * a state written before it existed as its default (kit.ts `differs`).
 */
export function inputDefaults(spec: ResourceSpec): Readonly<Props> {
  const declared: Props = {};
  for (const k of inputNames(spec)) {
    const layer = schemaLayers(inputSchema(spec, k)).find((l) => l.type === "default");
    if (layer) declared[k] = layer.defaultValue;
  }
  return { ...declared, ...spec.defaults };
}

/** Provider-only inputs (never sent to the API). */
export function localNames(spec: ResourceSpec): string[] {
  return Object.keys(spec.localInputs?.shape ?? {});
}

/**
 * Inputs outside a generation's published response shape: there, outputs keep their last applied value.
 * Without a generation: the inputs some generation does not answer (the kit, which does not know the
 * generation, treats them as kept unless the answer at hand carries them).
 */
export function keptNames(spec: ResourceSpec, generation?: Generation): string[] {
  const answered = (g: Generation) => spec.fields.published[g];
  return inputNames(spec).filter((k) =>
    generation ? !answered(generation).includes(k) : GENERATIONS.some((g) => !answered(g).includes(k)),
  );
}

/**
 * The generations whose published shape can have given this answer: one is ruled out by a field only another
 * publishes (an older serverlet's `cpu`, a newest one's `mounts`). Unknown fields rule out none; every one
 * when the answer fits none (a rich answer carrying both generations' fields).
 */
export function generationsOf(spec: ResourceSpec, answer: Record<string, unknown>): Generation[] {
  const published = (g: Generation) => spec.fields.published[g];
  const fits = GENERATIONS.filter((g) =>
    Object.keys(answer).every((k) => published(g).includes(k) || !GENERATIONS.some((o) => published(o).includes(k))),
  );
  return fits.length > 0 ? fits : [...GENERATIONS];
}

/**
 * Whether every replacement of the kind must delete the old object first: a unique value (name, domain, key)
 * is kept across replacements, and the API refuses a second object with it. The engine asks the provider only
 * for replacements it diffs itself (a program change); `pulumi up --replace` never does, so the SDK sets the
 * `deleteBeforeReplace` option on these kinds unless the program sets it.
 */
export const replacesDeleteFirst = (spec: ResourceSpec): boolean => spec.unique !== undefined;

/** Every output the SDK class exposes: observed fields, inputs, those from the create, volatile fields and the API id. */
export function outputNames(spec: ResourceSpec): string[] {
  const names = [
    ...spec.observed,
    ...inputNames(spec),
    ...spec.fromCreate,
    ...spec.volatile,
    ...(spec.apiIdOutput ? [spec.apiIdOutput] : []),
  ];
  return [...new Set(names)];
}

type SpecData = Pick<ResourceSpec, "kind" | "doc" | "lookup" | "fields"> &
  Partial<Omit<ResourceSpec, "kind" | "doc" | "lookup" | "fields" | "collection" | "defaults" | "replaceOn">>;

/**
 * A spec from what differs per kind. The rest comes from the contract and the kind's field declarations:
 * collection, schemas, API defaults, observed, from-create and secret fields, `replaceOn` (every input the PATCH body
 * cannot carry), the type name (`dnsZone` → `DnsZone`) and the id format (`<projectId>`).
 */
export function defineSpec(data: SpecData): ResourceSpec {
  const { fields } = data;
  if (data.itemKey && fields.fields[data.itemKey]?.required !== true) {
    throw new Error(`futrou: ${data.kind}: itemKey ${data.itemKey} must be a required input (the POST body names it)`);
  }
  const inputs = [...Object.keys(fields.create.shape), ...Object.keys(data.pathInputs?.shape ?? {})];
  const updatable = Object.keys(fields.update.shape);
  return {
    collection: COLLECTIONS[data.kind],
    defaults: fields.defaults,
    typeName: data.kind[0]?.toUpperCase() + data.kind.slice(1),
    idFormat: `<${data.kind}Id>`,
    observed: fields.observed,
    fromCreate: fields.fromCreate,
    // The owning workspace, in the body or in the path (`/workspaces/{workspaceId}/users`).
    defaultWorkspace: data.kind !== "variable" && inputs.includes("workspaceId"),
    secrets: fields.secrets,
    volatile: [],
    apiChosen: [],
    create: fields.create,
    update: fields.update,
    model: fields.model,
    ...data,
    fields: { ...fields, docs: { ...fields.docs, ...triggerDocs(data.actions) } },
    localInputs: withTriggers(data.localInputs, data.actions),
    replaceOn: inputs.filter((k) => !updatable.includes(k)),
  };
}

/** Each trigger input's doc (the SDK's TSDoc, the schema's description, the docs' tables), from its action's. */
function triggerDocs(actions: ResourceSpec["actions"]): Record<string, string> {
  const triggers = actionTriggers(actions);
  return Object.fromEntries(
    Object.entries(actions ?? {}).map(([name, a]) => [
      triggers[name],
      `Any text, at most ${TEXT_MAX} characters: a new value runs \`${name}\` during the update, in place (${a.doc.replace(/\.$/, "")}); a create only records it. Never sent to the API.`,
    ]),
  );
}

/** The provider-only inputs with each action's trigger: any text, whose change runs the action. */
function withTriggers(local: z.ZodObject | undefined, actions: ResourceSpec["actions"]): z.ZodObject | undefined {
  const triggers = Object.values(actionTriggers(actions));
  if (triggers.length === 0) return local;
  return z.object({
    ...local?.shape,
    ...Object.fromEntries(triggers.map((t) => [t, z.string().max(TEXT_MAX).optional()])),
  });
}

/** The common case: `field` unique within the workspace, found again by `?<field>=` after a lost POST. */
export function uniqueInWorkspace(field: string): Pick<ResourceSpec, "unique" | "lookup"> {
  return {
    unique: { field, within: ["workspaceId"] },
    lookup: {
      // `workspaceId` is a list filter (spec); responses of some kinds do not carry it, so it filters, not matches.
      fields: [field],
      filter: (body) => ({
        ...(typeof body[field] === "string" ? { [field]: body[field] } : {}),
        ...(typeof body.workspaceId === "string" ? { workspaceId: body.workspaceId } : {}),
      }),
    },
  };
}
