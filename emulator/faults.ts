/** Fault injection: off by default; switched on by options, env FUTROU_EMULATOR_FAULTS, or PUT /_emulator/faults. */
import { createHash } from "node:crypto";
import { z } from "zod";

const share = z.number().min(0, "must be from 0 to 1").max(1, "must be from 0 to 1");

/**
 * What a hit request gets instead of an honest answer (a lying API). Counted, never dice: the same
 * requests meet the same answer faults on every run.
 */
export const AnswerFaultSchema = z.discriminatedUnion("kind", [
  /** Answered at once with this status, `Location` and an empty body; nothing is processed. */
  z.strictObject({
    kind: z.literal("redirect"),
    status: z.union([z.literal(301), z.literal(302), z.literal(303), z.literal(307), z.literal(308)]),
    location: z.string().min(1),
  }),
  /** Answered 500 (the usual error body) at once; nothing is processed (a POST that never reached the API). */
  z.strictObject({ kind: z.literal("fail500") }),
  /** Processed normally; the JSON answer's top-level `id` is replaced by this one. */
  z.strictObject({ kind: z.literal("swapId"), id: z.string().min(1) }),
  /** Processed normally (a write is committed); answered with the current body of object `id` (any kind). */
  z.strictObject({ kind: z.literal("answerOther"), id: z.string().min(1) }),
  /** A listing answered without the items whose id, name, domain or key is one of `omit` (a lagging list). */
  z.strictObject({ kind: z.literal("lagList"), omit: z.array(z.string()) }),
  /** A listing answered with page 1's items for every page asked, announcing 1,000,000 pages. */
  z.strictObject({ kind: z.literal("endlessPages") }),
]);
export type AnswerFault = z.infer<typeof AnswerFaultSchema>;

/** Which requests a rule hits: of those matching `method` and `path`, the `times` after the first `skip`. */
export const AnswerRuleSchema = z.strictObject({
  method: z.enum(["GET", "POST", "PATCH", "DELETE"]).optional(),
  /** A RegExp source matched against the request path without its query, e.g. `^/v2/projects$`. */
  path: z
    .string()
    .refine((source) => {
      try {
        new RegExp(source);
        return true;
      } catch {
        return false;
      }
    }, "must be a valid regular expression")
    .optional(),
  skip: z.number().int().min(0).optional(),
  times: z.number().int().min(0).optional(),
  fault: AnswerFaultSchema,
});
export type AnswerRule = z.infer<typeof AnswerRuleSchema>;

/** The pages a listing announces under `endlessPages`. */
export const ENDLESS_PAGES = 1_000_000;

/** Every switch, with its meaning; a share is the probability (0..1) that one request is hit. */
export const FaultConfigSchema = z.strictObject({
  /** Share of /v2 requests answered 429 with `Retry-After` before any processing. */
  rate429: share,
  /** Share of /v2 requests answered 500 before any processing. */
  rate500: share,
  /** Share of /v2 requests answered 503 with `Retry-After` before any processing. */
  rate503: share,
  /** Milliseconds added before every /v2 request is processed. */
  latencyMs: z.number().int().min(0).max(60_000),
  /** Share of /v2 requests whose connection is destroyed before anything is done. */
  dropRate: share,
  /** Share of successful POST creates that commit the write, then destroy the connection without answering. */
  commitThenDropRate: share,
  /**
   * Share of successful POST creates that commit the write, then answer only after `lateAnswerMs`:
   * longer than a client's timeout, it exercises the client's "timed out, but was it done?" path.
   */
  commitThenLateRate: share,
  /** How late those answers come (default 35 s, past the client's 30 s default timeout). */
  lateAnswerMs: z.number().int().min(0).max(600_000),
  /**
   * Answer faults, tried in order for every /v2 request: each rule counts the requests that match it;
   * the first rule whose window (`skip`, then `times`) holds the request decides its answer. Setting
   * `answers` replaces the rules and starts their counts again.
   */
  answers: z.array(AnswerRuleSchema),
});
export type FaultConfig = z.infer<typeof FaultConfigSchema>;
export const FaultPatch = FaultConfigSchema.partial();

export const NO_FAULTS: FaultConfig = {
  rate429: 0,
  rate500: 0,
  rate503: 0,
  latencyMs: 0,
  dropRate: 0,
  commitThenDropRate: 0,
  commitThenLateRate: 0,
  lateAnswerMs: 35_000,
  answers: [],
};

export const ENV_FAULTS = "FUTROU_EMULATOR_FAULTS";

/** Reads the env switch; a malformed value is an error at start, not silently ignored. */
export function faultsFromEnv(env: NodeJS.ProcessEnv = process.env): Partial<FaultConfig> {
  const raw = env[ENV_FAULTS];
  if (!raw) return {};
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new Error(`${ENV_FAULTS} is not valid JSON: ${raw}`);
  }
  const parsed = FaultPatch.safeParse(json);
  if (!parsed.success) throw new Error(`${ENV_FAULTS}: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

/** mulberry32: a tiny seedable PRNG, so a seeded fault run is reproducible. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Switch = Exclude<keyof FaultConfig, "latencyMs" | "lateAnswerMs" | "answers">;

/** The dice of one request: `hit` is true with the switch's probability. */
export interface Dice {
  hit(name: Switch): boolean;
}

/** Ids in a request (UUIDs the emulator made at random) are masked in its key, so a seed names the same requests every run. */
const ID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** A 32-bit seed from text. */
function seedOf(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0);
}

/**
 * Holds the current switches and rolls the dice for each request. In arrival order (the default) one
 * stream serves the requests as they come, so concurrent clients change which request meets which fault.
 * By request (`byRequest`), a request's dice come from the seed, what the request is (method, path, query
 * and body, ids masked) and how many identical requests came before it: the same requests meet the same
 * faults whatever the interleaving. Requests that differ only by an id share one count.
 */
export class Faults {
  private config: FaultConfig;
  private readonly seen = new Map<string, number>();
  /** Per answer rule: the requests that matched it so far. */
  private matched: number[] = [];
  constructor(
    initial: Partial<FaultConfig>,
    private readonly random: () => number,
    private readonly byRequest?: { seed: number },
  ) {
    this.config = { ...NO_FAULTS, ...FaultPatch.parse(initial) };
    this.matched = this.config.answers.map(() => 0);
  }
  get current(): FaultConfig {
    return structuredClone(this.config);
  }
  set(patch: Partial<FaultConfig>): FaultConfig {
    const parsed = FaultPatch.parse(patch);
    this.config = { ...this.config, ...parsed };
    if (parsed.answers) this.matched = parsed.answers.map(() => 0);
    return this.current;
  }
  /** The answer fault for one /v2 request (`path` with the /v2 prefix, without the query), counted. */
  answer(method: string, path: string): AnswerFault | undefined {
    let hit: AnswerFault | undefined;
    for (const [i, rule] of this.config.answers.entries()) {
      if (rule.method !== undefined && rule.method !== method) continue;
      if (rule.path !== undefined && !new RegExp(rule.path).test(path)) continue;
      const n = this.matched[i] ?? 0;
      this.matched[i] = n + 1;
      const skip = rule.skip ?? 0;
      if (!hit && n >= skip && (rule.times === undefined || n < skip + rule.times)) hit = rule.fault;
    }
    return hit;
  }
  /** The dice of one request, `what` being its method, path, query and body. */
  dice(what: string): Dice {
    let random = this.random;
    if (this.byRequest) {
      const key = what.replace(ID, "{id}");
      const n = this.seen.get(key) ?? 0;
      this.seen.set(key, n + 1);
      random = seededRandom(seedOf(`${this.byRequest.seed}\0${n}\0${key}`));
    }
    // Never consumes randomness when the switch is off.
    return { hit: (name) => this.config[name] > 0 && random() < this.config[name] };
  }
}
