/**
 * The local Futrou API emulator: the contract's endpoints over an in-memory store, for tests, demos and
 * users who want to try their stacks offline. `startEmulator()` returns the base URL and a ready token.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Accounts } from "./accounts";
import { adminRoutes } from "./admin";
import { accountRoutes } from "./adminAccounts";
import { type Assumptions, assumptionsFrom } from "./assumptions";
import { type FaultConfig, Faults, faultsFromEnv, seededRandom } from "./faults";
import { type Env, resumePending, Timers } from "./lifecycle";
import { openapiDocument } from "./openapi";
import { Journal, loadState } from "./persist";
import { RateLimiter } from "./ratelimit";
import { Resources } from "./resources";
import { apiRoutes } from "./routes";
import { DEMO_USER, seedPlans, seedRegions } from "./seed";
import { API_PREFIX, requestHandler } from "./server";
import { type EmulatorStats, Stats } from "./stats";
import { emptyObjects, Store, type StoreData } from "./store";
import { DEFAULT_GENERATION, GENERATIONS, type Generation, type Kind } from "./wire/api";
import { SHAPES, type Shape } from "./wire/kind";

export type { Assumptions } from "./assumptions";
export type { FaultConfig } from "./faults";
export type { EmulatorStats } from "./stats";
export type { Generation, Kind } from "./wire/api";
export type { Shape } from "./wire/kind";

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
  /** A new workspace with its own user and token; limits default to 1000 each (POST /_emulator/workspaces). */
  createWorkspace(opts?: { name?: string; limits?: Partial<Record<string, number>> }): {
    workspaceId: string;
    token: string;
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

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost"]);
export const ENV_SHAPE = "FUTROU_EMULATOR_SHAPE";
export const ENV_GENERATION = "FUTROU_EMULATOR_GENERATION";

/** The option, else the environment, else the default (2026-08-02); anything else is refused at start. */
export function generationFrom(option: string | undefined, env: NodeJS.ProcessEnv = process.env): Generation {
  const value = option ?? (env[ENV_GENERATION] || DEFAULT_GENERATION);
  if (!(GENERATIONS as readonly string[]).includes(value)) {
    throw new Error(`unknown API generation "${value}"; one of ${GENERATIONS.join(", ")}`);
  }
  return value as Generation;
}

/** The option, else the environment, else `real`; anything else is refused at start. */
export function shapeFrom(option: string | undefined, env: NodeJS.ProcessEnv = process.env): Shape {
  const value = option ?? (env[ENV_SHAPE] || "real");
  if (!(SHAPES as readonly string[]).includes(value)) {
    throw new Error(`unknown emulator shape "${value}"; one of ${SHAPES.join(", ")}`);
  }
  return value as Shape;
}

export async function startEmulator(opts: EmulatorOptions = {}): Promise<RunningEmulator> {
  if (opts.host !== undefined && !LOCAL_HOSTS.has(opts.host)) {
    throw new Error(`the emulator listens on 127.0.0.1 only (got host ${opts.host})`);
  }
  const shape = shapeFrom(opts.shape);
  const generation = generationFrom(opts.generation);
  const warn = (message: string) => {
    if (!opts.quiet) process.stderr.write(`${message}\n`);
  };
  const loaded = opts.dataFile ? loadState(opts.dataFile, warn) : undefined;
  let journal: Journal | undefined;
  const store = new Store(loaded?.data ?? freshData(), () => journal?.schedule(), opts.dataFile !== undefined);
  const accounts = new Accounts(store);
  if (!loaded) {
    const { workspaceId, token } = accounts.createWorkspace({ name: "default" }, DEMO_USER);
    store.data.defaultWorkspaceId = workspaceId;
    store.data.defaultToken = token;
  }
  const env: Env = {
    store,
    timers: new Timers(),
    deployDelayMs: opts.deployDelayMs ?? 1500,
    shape,
    generation,
    assume: assumptionsFrom(opts.assume),
  };
  if (opts.dataFile) {
    journal = await Journal.open(opts.dataFile, store, loaded?.generation ?? 0, {
      compactAfterBytes: opts.compactAfterBytes,
      // A failed write undid state changes in flight: start them again.
      onRollback: () => resumePending(env),
      warn,
    });
  }
  const closed = new AbortController();
  resumePending(env);
  const seed = opts.seed ?? Math.floor(Math.random() * 2 ** 32);
  const faults = new Faults(
    { ...faultsFromEnv(), ...opts.faults },
    seededRandom(seed),
    opts.faultsByRequest ? { seed } : undefined,
  );
  const stats = new Stats();
  const resources = new Resources(env, accounts);

  const helpers = {
    stats: () => stats.snapshot(),
    resetStats: () => stats.reset(),
    setFaults: (f: Partial<FaultConfig>) => void faults.set(f),
    inventory: (workspaceId?: string) => {
      const out = {} as Record<Kind, Array<Record<string, unknown>>>;
      for (const kind of Object.keys(store.data.objects) as Kind[]) {
        out[kind] = store
          .all(kind)
          .filter((e) => workspaceId === undefined || e.workspaceId === workspaceId)
          .sort((a, b) => a.seq - b.seq)
          .map((e) => structuredClone({ ...e.object, ...e.writeOnly }));
      }
      return out;
    },
    createWorkspace: (o?: { name?: string; limits?: Partial<Record<string, number>> }) => accounts.createWorkspace(o),
    addWorkspace: (token: string, o?: { name?: string; limits?: Partial<Record<string, number>> }) =>
      accounts.addWorkspace(token, o),
    issueToken: (workspaceId: string, o?: { expiresAt?: string }) => accounts.issueToken(workspaceId, o),
    revokeToken: (token: string) => accounts.revokeToken(token),
  };

  let openapi: unknown;
  const api = apiRoutes(env, resources, accounts, () => {
    openapi ??= openapiDocument(api, env);
    return openapi;
  });
  const server = createServer(
    { keepAliveTimeout: 5000 },
    requestHandler({
      api,
      admin: [...adminRoutes(helpers, faults), ...accountRoutes(helpers)],
      accounts,
      faults,
      limiter: new RateLimiter(opts.rateLimitPerSecond ?? 100),
      stats,
      retryAfterSeconds: opts.retryAfterSeconds ?? 1,
      durable: () => journal?.commit() ?? Promise.resolve(),
      signal: closed.signal,
      warn,
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port ?? 0, "127.0.0.1", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  let closing: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${port}${API_PREFIX}`,
    token: store.data.defaultToken,
    workspaceId: store.data.defaultWorkspaceId,
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        env.timers.clear();
        closed.abort();
        server.close(() => resolve());
        server.closeAllConnections();
      }).then(() => journal?.close());
      return closing;
    },
    ...helpers,
  };
}

function freshData(): StoreData {
  return {
    version: 1,
    seq: 0,
    defaultWorkspaceId: "",
    defaultToken: "",
    workspaces: {},
    users: {},
    tokens: {},
    regions: seedRegions(),
    plans: seedPlans(),
    objects: emptyObjects(),
  };
}
