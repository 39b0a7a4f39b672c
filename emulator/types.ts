/**
 * What `startEmulator` (index.ts) takes and returns. Its own module so the admin routes, which serve the
 * running emulator's helpers over HTTP, can name them without importing index.ts, which imports them.
 */
import type { Assumptions } from "./assumptions";
import type { FaultConfig } from "./faults";
import type { EmulatorStats } from "./stats";
import type { Generation, Kind } from "./wire/api";
import type { Shape } from "./wire/kind";

export interface EmulatorOptions {
  /** TCP port; 0 (the default) picks any free port. */
  port?: number;
  /** Listen address. Only 127.0.0.1 (or `localhost`) is accepted: the emulator is never reachable from outside. */
  host?: string;
  /** Requests per second allowed per token, over a sliding one-second window (default 100, the documented limit). */
  rateLimitPerSecond?: number;
  /** The `Retry-After` seconds sent with 429 and injected 503 answers (default 1). */
  retryAfterSeconds?: number;
  /** How long serverlets stay `deploying` and proxies `pending` before they settle (default 1500 ms). */
  deployDelayMs?: number;
  /**
   * JSON file to persist state to (workspaces, tokens, every object), with a write-ahead log beside it
   * (`<file>.wal`). Loaded at start when it exists. Every change is in the log, fsynced, before it is
   * answered: a 2xx survives a crash. If the file cannot be written, the change is undone and answered 503.
   */
  dataFile?: string;
  /** With `dataFile`: log size after which it is folded into the snapshot (default 8 MiB). */
  compactAfterBytes?: number;
  /** Fault injection, off by default. Env `FUTROU_EMULATOR_FAULTS` (JSON) is read first; these win. */
  faults?: Partial<FaultConfig>;
  /** Seed for the fault dice, so a faulty run is reproducible (default: random). */
  seed?: number;
  /**
   * Draw each /v2 request's faults from the seed and what the request is (method, path, query and body,
   * ids masked) and how many identical requests came before it, not from one stream in arrival order: a
   * seeded run with concurrent clients then gets the same faults on the same requests every time.
   */
  faultsByRequest?: boolean;
  /** Suppress warnings about internal errors on stderr. */
  quiet?: boolean;
  /**
   * `real` (the default): answers in the shapes the real API publishes (unset fields omitted, narrow
   * serverlet/volume/proxy answers, 204 actions, user-only /auth/context). `full`: the emulator's rich
   * shape, every stored field with null for unset ones. Env `FUTROU_EMULATOR_SHAPE` is read when not given.
   */
  shape?: Shape;
  /**
   * Which API generation's shapes to answer in: `2026-08-02` (the default; what CONTRACT.md and the spec
   * describe) or `2026-08-30` (the official CLI's newest generated types: Serverlet and Proxy Models with
   * `status`, `mounts`, `rules`, …; Workspace `storageLimit`). Env `FUTROU_EMULATOR_GENERATION` is read when
   * not given.
   */
  generation?: Generation;
  /**
   * Rules no evidence settles (emulator/assumptions.ts), all off by default so the emulator is never
   * stricter than the official CLI shows the real API to be. Env `FUTROU_EMULATOR_ASSUME` (comma-separated
   * names) is read first; these win.
   */
  assume?: Partial<Assumptions>;
}

export interface RunningEmulator {
  /** Base URL including /v2, e.g. http://127.0.0.1:41234/v2. */
  url: string;
  /** A ready token (`<apiTokenId>-<secret>`) for the default workspace. */
  token: string;
  /** The default workspace. */
  workspaceId: string;
  /** Stops listening, drops open connections, clears timers, flushes the data file. */
  close(): Promise<void>;
  /** Request counts since start or the last reset (GET /_emulator/stats). */
  stats(): EmulatorStats;
  /** POST /_emulator/stats/reset. */
  resetStats(): void;
  /** Changes only the given switches (PUT /_emulator/faults). */
  setFaults(f: Partial<FaultConfig>): void;
  /** Every stored object per kind, for one workspace or all; write-only fields (a variable's value) included. */
  inventory(workspaceId?: string): Record<Kind, Array<Record<string, unknown>>>;
  /**
   * A new workspace with its own user and token; limits default to 1000 each (POST /_emulator/workspaces).
   * `userId`: that user, who exists from then on (a workspace member another workspace can add).
   */
  createWorkspace(opts?: { name?: string; limits?: Partial<Record<string, number>> }): {
    workspaceId: string;
    token: string;
    userId: string;
  };
  /**
   * Gives the token's user one more workspace (POST /_emulator/workspaces/add): its tokens then see both,
   * `GET /workspaces` lists both, and creates must name the one they mean.
   */
  addWorkspace(
    token: string,
    opts?: { name?: string; limits?: Partial<Record<string, number>> },
  ): {
    workspaceId: string;
  };
  /** Another token for a workspace, optionally expiring (POST /_emulator/tokens). */
  issueToken(workspaceId: string, opts?: { expiresAt?: string }): string;
  /** The token answers 401 "revoked" from now on (DELETE /_emulator/tokens/{token}). */
  revokeToken(token: string): void;
}
