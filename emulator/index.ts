/**
 * The local Futrou API emulator: the contract's endpoints over an in-memory store, for tests, demos and
 * users who want to try their stacks offline. `startEmulator()` returns the base URL and a ready token.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Accounts } from "./accounts";
import { adminRoutes } from "./admin";
import { accountRoutes } from "./adminAccounts";
import { assumptionsFrom } from "./assumptions";
import { type FaultConfig, Faults, faultsFromEnv, seededRandom } from "./faults";
import { type Env, resumePending, Timers } from "./lifecycle";
import { openapiDocument } from "./openapi";
import { Journal, loadState } from "./persist";
import { RateLimiter } from "./ratelimit";
import { Resources } from "./resources";
import { apiRoutes } from "./routes";
import { DEMO_USER, seedPlans, seedRegions } from "./seed";
import { API_PREFIX, requestHandler } from "./server";
import { Stats } from "./stats";
import { emptyObjects, Store, type StoreData } from "./store";
import type { EmulatorOptions, RunningEmulator } from "./types";
import { DEFAULT_GENERATION, GENERATIONS, type Generation, type Kind } from "./wire/api";
import { SHAPES, type Shape } from "./wire/kind";

export type { Assumptions } from "./assumptions";
export type { FaultConfig } from "./faults";
export type { EmulatorStats } from "./stats";
export type { EmulatorOptions, RunningEmulator } from "./types";
export type { Generation, Kind } from "./wire/api";
export type { Shape } from "./wire/kind";

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
      answerOf: (id) => {
        for (const kind of Object.keys(store.data.objects) as Kind[]) {
          const entry = store.find(kind, id);
          if (entry) return resources.answer(kind, entry.object);
        }
        return undefined;
      },
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
