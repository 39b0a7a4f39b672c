/**
 * The plugin's provider settings: per provider process from `Configure` (an explicit provider's own
 * inputs), then the stack's `futrou:*` config (`PULUMI_CONFIG`), then the environment, as
 * provider/config.ts resolves them; and the config RPCs (CheckConfig, DiffConfig) that check and name them.
 */
import * as provproto from "@pulumi/pulumi/proto/provider_pb";
import { type ConfigSource, SDK_MODE_KEY, versionedBaseUrl } from "../../config";
import { UNKNOWN } from "../../kit";
import type { Props } from "../../spec";
import { PACKAGE, unary } from "./rpc";
import { fromWire, toWire } from "./wire";

/** The provider settings: schema config names, and the secret one. */
export const SETTINGS = [
  "apiToken",
  "apiUrl",
  "workspaceId",
  "readyTimeoutSeconds",
  "pollIntervalMs",
  "requestDeadlineSeconds",
] as const;
type Setting = (typeof SETTINGS)[number];
const SECRET_SETTINGS: readonly string[] = ["apiToken"];
/** Keys the engine itself adds to a provider's inputs, and the TypeScript SDK's own `futrou:mode` (sdk/mode.ts). */
const IGNORED_KEYS = ["version", "pluginDownloadURL", SDK_MODE_KEY, SDK_MODE_KEY.slice(`${PACKAGE}:`.length)];

/** A settings value as text (numbers from typed config), or undefined when unknown until apply. */
function settingText(v: unknown): string | undefined {
  if (v === undefined || v === null || v === UNKNOWN) return undefined;
  return typeof v === "string" ? v : String(v);
}

/** A provider's inputs by setting name (`apiToken`, also accepted as `futrou:apiToken`). */
function settingsOf(props: Props): Partial<Record<Setting, unknown>> {
  const out: Partial<Record<Setting, unknown>> = {};
  for (const key of SETTINGS) {
    const v = props[key] ?? props[`${PACKAGE}:${key}`];
    if (v !== undefined && v !== null) out[key] = v;
  }
  return out;
}

/** The stack's `futrou:*` config, as the engine gives it to every provider process (namespace stripped). */
function stackConfig(): Props {
  try {
    const parsed = JSON.parse(process.env.PULUMI_CONFIG ?? "{}") as unknown;
    return parsed !== null && typeof parsed === "object" ? (parsed as Props) : {};
  } catch {
    return {};
  }
}

/** The provider's own inputs first, then the stack's config; provider/config.ts adds the environment. */
export function configSource(args: Props): ConfigSource {
  const own = settingsOf(args);
  const stack = settingsOf(stackConfig());
  return {
    get: (key) => {
      const name = key.replace(/^futrou:/, "") as Setting;
      return settingText(own[name]) ?? settingText(stack[name]);
    },
  };
}

/** Why a setting's value is not usable, or undefined. */
function settingProblem(key: Setting, value: unknown): string | undefined {
  if (value === UNKNOWN) return undefined;
  const text = settingText(value);
  if (text === undefined || text === "") return undefined;
  if (key === "readyTimeoutSeconds" || key === "pollIntervalMs" || key === "requestDeadlineSeconds") {
    const n = Number(text);
    return Number.isFinite(n) && n > 0 ? undefined : `must be a positive number, got "${text}"`;
  }
  if (key === "apiUrl") {
    try {
      const url = new URL(versionedBaseUrl(text));
      return url.protocol === "http:" || url.protocol === "https:"
        ? undefined
        : `must be an http(s) URL, got "${text}"`;
    } catch {
      return `must be a URL such as https://api.futrou.com, got "${text}"`;
    }
  }
  return typeof value === "string" ? undefined : "must be a string";
}

/** The provider's inputs as Configure gives them: the args, then the variables the args lack. */
export function configureArgs(req: provproto.ConfigureRequest): Props {
  const args = fromWire(req.getArgs()).props;
  for (const [k, v] of req.getVariablesMap().entries()) {
    const name = k.replace(/^futrou:/, "");
    if (args[name] === undefined) args[name] = v;
  }
  return args;
}

const DiffChanges = provproto.DiffResponse.DiffChanges;
const PropertyKind = provproto.PropertyDiff.Kind;

/** CheckConfig and DiffConfig: the provider's settings checked and compared, before any request. */
export const configRpcs = {
  /** Validates the provider's settings before any request; each failure names the setting. */
  checkConfig: unary(async (req: provproto.CheckRequest) => {
    const news = fromWire(req.getNews());
    const res = new provproto.CheckResponse();
    const failures: provproto.CheckFailure[] = [];
    for (const key of Object.keys(news.props)) {
      const name = key.replace(/^futrou:/, "");
      if (IGNORED_KEYS.includes(key)) continue;
      if (!(SETTINGS as readonly string[]).includes(name)) {
        failures.push(
          new provproto.CheckFailure()
            .setProperty(key)
            .setReason(`is not a futrou provider setting (one of ${SETTINGS.join(", ")})`),
        );
        continue;
      }
      const problem = settingProblem(name as Setting, news.props[key]);
      if (problem) failures.push(new provproto.CheckFailure().setProperty(key).setReason(problem));
    }
    res.setInputs(
      toWire(news.props, [...news.secret, ...SECRET_SETTINGS, ...SECRET_SETTINGS.map((k) => `futrou:${k}`)]),
    );
    res.setFailuresList(failures);
    return res;
  }),

  /** A changed token, URL or default updates the provider in place: its resources are never replaced. */
  diffConfig: unary(async (req: provproto.DiffRequest) => {
    const olds = settingsOf(fromWire(req.getOlds()).props);
    const news = settingsOf(fromWire(req.getNews()).props);
    const changed = SETTINGS.filter((k) => settingText(olds[k]) !== settingText(news[k]));
    const res = new provproto.DiffResponse();
    res.setChanges(changed.length > 0 ? DiffChanges.DIFF_SOME : DiffChanges.DIFF_NONE);
    res.setDiffsList(changed);
    res.setHasdetaileddiff(true);
    for (const k of changed) {
      const kind =
        olds[k] === undefined ? PropertyKind.ADD : news[k] === undefined ? PropertyKind.DELETE : PropertyKind.UPDATE;
      res.getDetaileddiffMap().set(k, new provproto.PropertyDiff().setKind(kind).setInputdiff(true));
    }
    return res;
  }),
};
