/**
 * Where the provider's settings come from, read at run time (never captured in the serialized provider):
 * stack config `futrou:*` first (the dynamic-provider host passes it to `configure`; the program reads it
 * with `new pulumi.Config("futrou")`), then the environment, then defaults.
 */
import { FutrouClient } from "./api/client";
import { API_VERSION_PATH, DEFAULT_API_URL, ENV_TOKEN, ENV_URL } from "./api/contract";
import { DEFAULT_DEADLINE_MS, type Deadline, deadlineIn } from "./api/deadline";

/** Anything with `get("futrou:key")`: the host's configure request config, or a wrapped pulumi.Config. */
export interface ConfigSource {
  get(key: string): string | undefined;
}

export const CONFIG_KEYS = {
  apiToken: "futrou:apiToken",
  apiUrl: "futrou:apiUrl",
  readyTimeoutSeconds: "futrou:readyTimeoutSeconds",
  pollIntervalMs: "futrou:pollIntervalMs",
  requestDeadlineSeconds: "futrou:requestDeadlineSeconds",
  workspaceId: "futrou:workspaceId",
} as const;

/**
 * Read by the TypeScript SDK only (sdk/mode.ts): whether its classes register on the dynamic-provider host
 * or on the plugin. Not a provider setting; the plugin accepts it in the stack config and ignores it.
 */
export const SDK_MODE_KEY = "futrou:mode";

export const ENV_READY_TIMEOUT = "FUTROU_READY_TIMEOUT_SECONDS";
export const ENV_POLL_INTERVAL = "FUTROU_POLL_INTERVAL_MS";
export const ENV_WORKSPACE = "FUTROU_WORKSPACE_ID";
export const ENV_REQUEST_DEADLINE = "FUTROU_REQUEST_DEADLINE_SECONDS";

export const DEFAULT_READY_TIMEOUT_SECONDS = 300;
/** How long one operation may spend on its requests, retries included (api/deadline.ts says why 2 minutes). */
export const DEFAULT_REQUEST_DEADLINE_SECONDS = DEFAULT_DEADLINE_MS / 1000;
/** What sets the request deadline, as messages name it. */
export const REQUEST_DEADLINE_SETTING = `${CONFIG_KEYS.requestDeadlineSeconds} or ${ENV_REQUEST_DEADLINE}`;
/** Deployments often finish within a second: look early, then back off (×1.5, capped). */
export const DEFAULT_POLL_INTERVAL_MS = 250;
/** Polls slow down (×1.5) up to this, so a long deployment costs few requests. */
export const POLL_INTERVAL_CAP_MS = 5000;

export interface Settings {
  apiUrl: string;
  /** Undefined when neither config nor env has one: fails on the first request, with `MISSING_TOKEN`. */
  apiToken?: string;
  /** How long a serverlet may take to reach `running`. */
  readyTimeoutMs: number;
  /** First wait between readiness polls. */
  pollIntervalMs: number;
  /**
   * How long one operation (check, create, read, update, delete) or lookup may spend on API requests,
   * retries and their waits included; a readiness wait has its own bound (readyTimeoutMs). A resource's
   * `customTimeouts` for the operation take its place.
   */
  requestDeadlineMs: number;
  /**
   * The workspace new objects go to when a program names none. Undefined: the token's only workspace
   * (`GET /workspaces`); with several, check fails naming `workspaceId`.
   */
  workspaceId?: string;
  /**
   * Where the URL and the token came from, for messages: `futrou:apiUrl (stack config or a futrou.Provider)`,
   * `FUTROU_API_URL (environment)`, `the default URL`. The token's is absent when there is none.
   * `apiUrlAsGiven` is the URL as that setting holds it, before `/v2` was added (versionedBaseUrl).
   */
  origin: { apiUrl: string; apiUrlAsGiven?: string; apiToken?: string };
}

/** How a setting's source reads in messages. */
function originOf(key: string, envName: string, from: "config" | "env" | "default"): string {
  if (from === "config") return `${key} (stack config or a futrou.Provider)`;
  if (from === "env") return `${envName} (environment)`;
  return "the default URL";
}

/**
 * `pulumi refresh` and `pulumi destroy` (without `--run-program`) configure the provider with the settings
 * recorded at the last `pulumi up`, not with the stack's config as it is now: the cure for a setting made
 * since (verified by test/faults/settings-errors.test.ts).
 */
export const RECORDED_SETTINGS =
  "`pulumi refresh` and `pulumi destroy` use the settings recorded at the last `pulumi up`: run them with " +
  "`--run-program` to use the stack's current settings, or run `pulumi up` first";

export const MISSING_TOKEN =
  "futrou: no API token configured. Set one with `pulumi config set futrou:apiToken --secret <token>` " +
  `or \`export ${ENV_TOKEN}=<token>\`. If one is set already, ${RECORDED_SETTINGS}.`;

function positiveNumber(raw: string | undefined, what: string): number | undefined {
  if (raw === undefined || raw.trim() === "") return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`futrou: ${what} must be a positive number, got "${raw}"`);
  return n;
}

/**
 * The versioned base URL from a configured one, with or without the version: `FUTROU_API_URL` is shared with
 * the official CLI, whose values carry none (`https://api.futrou.com`), and the CLI adds `/v2` itself.
 */
export function versionedBaseUrl(raw: string): string {
  const url = raw.trim().replace(/\/+$/, "");
  return url.endsWith(API_VERSION_PATH) ? url : `${url}${API_VERSION_PATH}`;
}

export function resolveSettings(config?: ConfigSource, env: NodeJS.ProcessEnv = process.env): Settings {
  const sourceOf = (key: string, envName: string): "config" | "env" | "default" => {
    const fromConfig = config?.get(key);
    return fromConfig !== undefined && fromConfig !== "" ? "config" : env[envName] ? "env" : "default";
  };
  const pick = (key: string, envName: string): string | undefined => {
    const from = sourceOf(key, envName);
    return from === "config" ? config?.get(key) : from === "env" ? env[envName] : undefined;
  };
  const origin = (key: string, envName: string) => originOf(key, envName, sourceOf(key, envName));
  const timeout =
    positiveNumber(
      pick(CONFIG_KEYS.readyTimeoutSeconds, ENV_READY_TIMEOUT),
      `${CONFIG_KEYS.readyTimeoutSeconds} / ${ENV_READY_TIMEOUT}`,
    ) ?? DEFAULT_READY_TIMEOUT_SECONDS;
  const poll =
    positiveNumber(
      pick(CONFIG_KEYS.pollIntervalMs, ENV_POLL_INTERVAL),
      `${CONFIG_KEYS.pollIntervalMs} / ${ENV_POLL_INTERVAL}`,
    ) ?? DEFAULT_POLL_INTERVAL_MS;
  const deadline =
    positiveNumber(
      pick(CONFIG_KEYS.requestDeadlineSeconds, ENV_REQUEST_DEADLINE),
      `${CONFIG_KEYS.requestDeadlineSeconds} / ${ENV_REQUEST_DEADLINE}`,
    ) ?? DEFAULT_REQUEST_DEADLINE_SECONDS;
  const apiUrlAsGiven = (pick(CONFIG_KEYS.apiUrl, ENV_URL) ?? DEFAULT_API_URL).trim();
  return {
    apiUrl: versionedBaseUrl(apiUrlAsGiven),
    apiToken: pick(CONFIG_KEYS.apiToken, ENV_TOKEN),
    readyTimeoutMs: timeout * 1000,
    pollIntervalMs: poll,
    requestDeadlineMs: deadline * 1000,
    workspaceId: pick(CONFIG_KEYS.workspaceId, ENV_WORKSPACE),
    origin: {
      apiUrl: origin(CONFIG_KEYS.apiUrl, ENV_URL),
      apiUrlAsGiven,
      ...(pick(CONFIG_KEYS.apiToken, ENV_TOKEN) !== undefined
        ? { apiToken: origin(CONFIG_KEYS.apiToken, ENV_TOKEN) }
        : {}),
    },
  };
}

/** The deadline of one operation or lookup starting now: `customMs` (a resource's customTimeouts) or the setting. */
export function requestDeadline(settings: Settings, custom?: { ms: number; setting: string }): Deadline {
  return custom
    ? deadlineIn(custom.ms, custom.setting)
    : deadlineIn(settings.requestDeadlineMs, REQUEST_DEADLINE_SETTING);
}

const clients = new Map<string, FutrouClient>();

/** One client per (URL, token, deadline) per process, so connections and the rate limit are shared. */
export function clientFor(settings: Settings): FutrouClient {
  const token = settings.apiToken;
  if (!token) throw new Error(MISSING_TOKEN);
  const key = JSON.stringify([settings.apiUrl, settings.origin.apiUrlAsGiven, token, settings.requestDeadlineMs]);
  let client = clients.get(key);
  if (!client) {
    const { origin } = settings;
    try {
      client = new FutrouClient({
        baseUrl: settings.apiUrl,
        token,
        deadline: { ms: settings.requestDeadlineMs, setting: REQUEST_DEADLINE_SETTING },
        origin: {
          apiUrl: origin.apiUrl,
          ...(origin.apiUrlAsGiven === undefined ? {} : { apiUrlAsGiven: origin.apiUrlAsGiven }),
          apiToken: origin.apiToken ?? "the configuration",
        },
      });
    } catch (error) {
      // The only settings the client refuses are the URL's: say which setting holds it and what it should be.
      throw new Error(
        `futrou: the API URL ${JSON.stringify(settings.apiUrl)} from ${origin.apiUrl} is not usable ` +
          `(${error instanceof Error ? error.message : String(error)}): set it to the API's base URL, e.g. ` +
          `${DEFAULT_API_URL} (with or without ${API_VERSION_PATH}).`,
      );
    }
    clients.set(key, client);
  }
  return client;
}
