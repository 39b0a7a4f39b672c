/** Fault injection: off by default; switched on by options, env FUTROU_EMULATOR_FAULTS, or PUT /_emulator/faults. */
import { createHash } from "node:crypto";
import { z } from "zod";

const share = z.number().min(0, "must be from 0 to 1").max(1, "must be from 0 to 1");

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

type Switch = Exclude<keyof FaultConfig, "latencyMs" | "lateAnswerMs">;

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
  constructor(
    initial: Partial<FaultConfig>,
    private readonly random: () => number,
    private readonly byRequest?: { seed: number },
  ) {
    this.config = { ...NO_FAULTS, ...FaultPatch.parse(initial) };
  }
  get current(): FaultConfig {
    return { ...this.config };
  }
  set(patch: Partial<FaultConfig>): FaultConfig {
    this.config = { ...this.config, ...FaultPatch.parse(patch) };
    return this.current;
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
