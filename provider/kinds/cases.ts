/**
 * The test examples of a kind: the argument values the shared test suites pass for it, kept in the kind's own
 * folder (provider/kinds/<kind>/cases.ts, `export const cases: KindCases`) beside its declarations, so a new
 * kind writes its examples in one file and no suite restates a per-kind table. Only tests import these files
 * (test/architecture/graph.ts holds that), and tsconfig.json leaves them out of the build: no provider code,
 * no plugin bundle and no package carries them.
 *
 * Examples, not oracles: what a program passes. What the API answers, publishes, replaces or keeps secret is
 * the test oracle's (test/oracle/kinds/<kind>.ts), written independently of the provider's declarations.
 */
import type { Generation, PlanKind } from "../api/contract";

export type Props = Record<string, unknown>;

/** A literal fake id for a parent: check fails before anything would look it up. */
export const FAKE_ID = "7f0c6c1e-0000-4000-8000-00000000fa4e";
/** The DNS zone the canned API of test/contract/ holds, the parent of the records' programs there. */
export const CANNED_ZONE_ID = "dns-1";

/** What test/provider/lifecycle-provider.test.ts made in the emulator before the kinds' rows run. */
export interface Context {
  workspaceId: string;
  /** A workspace the emulator's token does not see: moving there is refused. */
  otherWorkspaceId: string;
  projectId: string;
  zones: [string, string];
  volumeId: string;
  storageId: string;
  /** Two users who exist besides the token's own (each the owner of a workspace of their own). */
  users: [string, string];
  /** The id of a kind's plan named `standard`. */
  plan: (kind: PlanKind) => string;
  /** A region's id by its name (`eu-west`, `us-east`). */
  region: (name: string) => string;
}

/**
 * One object's life against the emulator (test/provider/lifecycle-provider.test.ts): create with `required`
 * → read → update every updatable field in place → change a replacing field → import → delete, in every
 * API generation.
 */
export interface LifecycleCase {
  /** The required fields only (default: none). */
  required?: (c: Context) => Props;
  /**
   * New values for updatable fields whose value its declaration cannot give (default: none). Every other
   * updatable field is updated too, to its declaration's `example` or a value made from its input rule.
   */
  update?: (c: Context) => Props;
  /** A change to a field that replaces the object. */
  replace: (c: Context) => Props;
  /** The replacing field moves the object to another workspace: the API refuses (403) and nothing changes. */
  replaceRefused?: boolean;
  /** Updated fields a generation's API ignores (not in its request): the update sends them, nothing stores them. */
  ignoredIn?: Partial<Record<Generation, readonly string[]>>;
  /** New values of action trigger inputs, changed with the update: each runs its action once, in place. */
  triggers?: Props;
  /** The action that moves `updatedAt` outside Pulumi, for a kind whose API has no PATCH (default: a PATCH). */
  touch?: string;
}

/** A program run against every answer shape the contract allows (test/contract/). */
export interface ContractCase {
  /** What the program is, for test names. */
  label: string;
  /** The resource's args as the program passes them (no `workspaceId`: the token's only one is the default). */
  program: Props;
  /**
   * One observed, updatable field and its new value: the PATCH must carry only this. Absent for a kind the API
   * has no PATCH for.
   */
  update?: Props;
  /** An out-of-band change to an observed field that the program can repair (default: `update`). */
  drift?: Props;
}

/** An invalid program that fails at preview naming one field, with no API request (test/faults/bad-input). */
export interface BadInputCase {
  what: string;
  args: Props;
  /** The property the failure must name. */
  field: string;
}

/** A kind's examples, one file per kind. */
export interface KindCases {
  lifecycle: LifecycleCase;
  /** At least one. */
  contract: readonly ContractCase[];
  /** At least one. */
  badInput: readonly BadInputCase[];
}
