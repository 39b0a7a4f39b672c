/**
 * What the test oracle knows of one kind, in one file per kind (test/oracle/kinds/<kind>.ts, `export const
 * oracle: KindOracle`): written by hand from provider/api/CONTRACT.md, provider/api/API-GENERATIONS.md, the
 * official CLI's generated types (`src/api/types.go`) and the API's behaviour, never read from the provider's
 * declarations (provider/kinds/<kind>/) or the emulator's wire definitions (emulator/wire/<kind>.ts): the
 * provider and the emulator are judged against it, so each must be able to disagree with it.
 *
 * Every kind the provider registers must have its file; a kind without one fails every suite that reads the
 * oracle, naming the kind. Each fact has the contract's plain default (no stored extras, no API defaults, no
 * required answer fields, nothing secret, nothing unseen), so a plain kind writes only what is special. The
 * shared tables the suites read (published.ts `PUBLISHED`, secret-replace.ts `FIELD_RULES`, the canned API's
 * tables in test/contract/wire.ts) are assembled from these files.
 */

export type Props = Record<string, unknown>;

/** The API generations, named by the date of the CLI's generated types. */
export const GENERATIONS = ["2026-08-02", "2026-08-30"] as const;
export type Generation = (typeof GENERATIONS)[number];
/** CONTRACT.md and the spec: the emulator's default. */
export const OLDER = "2026-08-02" satisfies Generation;
/** futrou-cli 3caf725 (types.go "Generated at: 2026-08-30"): Serverlet and Proxy Models. */
export const NEWEST = "2026-08-30" satisfies Generation;

/** Every answer of every kind carries its timestamps. */
export const TIMES = ["createdAt", "updatedAt"] as const;
/** The workspace every canned token sees (one, so the provider may default to it). */
export const WORKSPACE = { id: "ws-1", number: 1, name: "main", displayName: "Main workspace" };
/** Why the owning workspace replaces, for every kind that has one. */
export const WORKSPACE_MOVE = "the owner workspace is set at create; nothing moves an object to another workspace";

/** What one API generation's answers are, for a kind. */
export interface GenerationFacts {
  /** CONTRACT.md "Response": the published response fields, `id` aside (every answer carries it). */
  published: readonly string[];
  /**
   * Beside the published fields, what a rich API (the emulator's `--shape full`) may answer: the request fields
   * it stores, aliases (default: none).
   */
  stored?: readonly string[];
  /** What the API fills in when the request leaves a field out (CONTRACT.md's defaults, the CLI's; default: none). */
  apiDefaults?: Props;
  /** Unknown fields and nested objects a newer API adds to this kind's answers (default: none). */
  extras?: Props;
  /** Enum values we never heard of, where the API sets an enum on its own (default: none). */
  unknownEnums?: Props;
  /**
   * The inputs refresh cannot see, which its warning names when only `updatedAt` moved: docs/drift.md's sentence
   * for the kind, written out here (default: none).
   */
  unseen?: readonly string[];
}

/** What the contract says one action (`POST <item>/<action>`) does to the object, once it has settled. */
export interface ActionFacts {
  /** The values the object's answer holds once the action is done (`{ status: "issued" }`). */
  settled: Props;
  /** The fields the action changes (a renewed certificate's `expiresAt`). */
  moves: readonly string[];
}

/** One kind, as the contract has it. */
export interface KindOracle extends GenerationFacts {
  /** CONTRACT.md: the collection path, relative to `/v2`. */
  collection: string;
  /** The ids a canned API gives (`prj` → `prj-1`). */
  idPrefix: string;
  /** The id `pulumi import` takes (`<projectId>`). */
  idFormat: string;
  /**
   * The field whose value names the object in its item path (`<collection>/<value>`) and ends its Pulumi id
   * (default: `id`, the API's own id).
   */
  itemKey?: string;
  /** The field the API keeps unique in a workspace (default: none). */
  unique?: string;
  /** Shape (c): the fields the spec calls required in an answer, besides `id` (default: none). */
  required?: readonly string[];
  /** Inputs whose change replaces the object (the API cannot change them in place), with the reason. */
  replace: Readonly<Record<string, string>>;
  /** Fields that are always Pulumi secrets (inputs and outputs), with the reason (default: none). */
  secret?: Readonly<Record<string, string>>;
  /**
   * Outputs only the create answer carries (the API shows them once: a new token's bearer value), with the
   * reason they are secret: never an input, in no published answer, always a Pulumi secret (default: none).
   */
  fromCreate?: Readonly<Record<string, string>>;
  /** Fields that are secrets only when another input says so: not marked in the schema, hidden at run time. */
  secretWhen?: Readonly<Record<string, { when: string; why: string }>>;
  /** Fields the API answers beside the published ones under another name (default: none). */
  aliasesAnswered?: readonly string[];
  /** Published fields the provider reads under another output name: answer name → output name (default: none). */
  readAs?: Readonly<Record<string, string>>;
  /**
   * The actions the API serves on an object, `POST <item>/<name>` (a certificate's `renew`), by name: each is
   * run in both modes by test/provider/actions.test.ts (default: none).
   */
  actions?: Readonly<Record<string, ActionFacts>>;
  /** The newest generation, where it differs: each fact given here replaces the older generation's. */
  newest?: Partial<GenerationFacts>;
}
