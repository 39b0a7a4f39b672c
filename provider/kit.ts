/**
 * The dynamic-provider lifecycle, once for every kind: `makeProvider(spec)` turns a ResourceSpec
 * (spec.ts) into the object the Pulumi dynamic-provider host calls. Nothing here knows a kind by name.
 *
 * State model: inputs are the checked program values (API defaults filled in, hidden `__` keys kept);
 * outputs are the API object as returned (every field but `id`) plus write-only inputs. Diff compares
 * the new inputs with the old *outputs*, so drift found by refresh is reverted by the next up.
 */
import { randomInt } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { dynamic } from "@pulumi/pulumi";
import { z } from "zod";
import type { FutrouClient } from "./api/client";
import { expandPath } from "./api/client";
import { AuthContext } from "./api/models";
import { type ConfigSource, clientFor, POLL_INTERVAL_CAP_MS, resolveSettings, type Settings } from "./config";
import { HIDDEN, isHidden, type Props, pathParams, type ResourceSpec } from "./spec";

/** The engine's placeholder for a value not known until apply (preview of a dependent resource). */
export const UNKNOWN = "04da6b54-80e4-46f7-96ec-b56ff0331ba9";

type Failure = dynamic.CheckFailure;

/**
 * Thrown when the object was created but did not become ready: the host turns `id`, `properties` and
 * `reasons` into ErrorResourceInitFailed, so the engine records the resource instead of losing it.
 */
export class ResourceInitError extends Error {
  override readonly name = "ResourceInitError";
  constructor(
    message: string,
    readonly id: string,
    readonly properties: Props,
    readonly reasons: string[],
  ) {
    super(message);
  }
}

// ---------------------------------------------------------------------------------------------------
// Small helpers

const containsUnknown = (v: unknown): boolean =>
  v === UNKNOWN ||
  (Array.isArray(v)
    ? v.some(containsUnknown)
    : v !== null && typeof v === "object" && Object.values(v).some(containsUnknown));

/** The visible (API-facing) part of a property bag. */
function visible(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([k]) => !isHidden(k)));
}

function hidden(props: Props): Props {
  return Object.fromEntries(Object.entries(props).filter(([k]) => isHidden(k)));
}

function pick(props: Props, keys: readonly string[]): Props {
  return Object.fromEntries(keys.filter((k) => props[k] !== undefined).map((k) => [k, props[k]]));
}

/** `volumes[0].mountPath` from zod's `["volumes", 0, "mountPath"]`. */
function propertyPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    "",
  );
}

function issuesOf(result: z.ZodSafeParseResult<unknown>): Failure[] {
  if (result.success) return [];
  return result.error.issues.map((i) => ({ property: propertyPath(i.path) || "(inputs)", reason: i.message }));
}

const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";

/** `<logical name>-<7 random [a-z0-9]>`, the prefix cut to slug characters so every kind accepts it. */
export function autoName(logical: string, maxLength = 63): string {
  const suffix = Array.from({ length: 7 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  const prefix = logical
    .toLowerCase()
    .replace(/[^a-z0-9-]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, maxLength - suffix.length - 1)
    .replace(/-+$/, "");
  return prefix ? `${prefix}-${suffix}` : suffix;
}

const describe = (spec: ResourceSpec, field: string, v: unknown): string =>
  spec.secrets.includes(field) ? "[secret]" : JSON.stringify(v);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const OwnerRef = z.looseObject({ id: z.string() });
const workspaces = new WeakMap<FutrouClient, Promise<string>>();

/** The token's workspace (GET /auth/context), asked once per client and only after a 404. */
function tokenWorkspace(client: FutrouClient): Promise<string> {
  let known = workspaces.get(client);
  if (!known) {
    known = client.get("/auth/context", AuthContext).then((c) => c.workspace.id);
    known.catch(() => workspaces.delete(client));
    workspaces.set(client, known);
  }
  return known;
}

// ---------------------------------------------------------------------------------------------------
// The provider

export function makeProvider(spec: ResourceSpec): dynamic.ResourceProvider {
  const createKeys = Object.keys(spec.create.shape);
  const pathKeys = spec.pathInputs ? Object.keys(spec.pathInputs.shape) : [];
  const params = pathParams(spec);
  const updatable = new Set(Object.keys(spec.update.shape));
  let settings: Settings = resolveSettings();

  const client = (): FutrouClient => clientFor(settings);

  /** The API id and the collection path of a Pulumi id (`<dnsId>/<recordId>` for nested kinds). */
  function locate(id: string): { apiId: string; collection: string } {
    const parts = id.split("/");
    if (parts.length !== params.length + 1 || parts.some((p) => p === "")) {
      throw new Error(`futrou:${spec.typeName}: malformed id "${id}", expected ${spec.idFormat}`);
    }
    const apiId = parts.pop() as string;
    return {
      apiId,
      collection: expandPath(spec.collection, Object.fromEntries(params.map((p, i) => [p, parts[i] as string]))),
    };
  }

  const itemPath = (id: string): string => {
    const { apiId, collection } = locate(id);
    return `${collection}/${encodeURIComponent(apiId)}`;
  };

  function pulumiId(obj: Props): string {
    return [...params.map((p) => String(obj[p])), String(obj.id)].join("/");
  }

  /** Outputs exactly as create, read and update return them. */
  function outputs(obj: Props, writeOnlyFrom: Props): Props {
    const { id, ...fields } = obj;
    const outs: Props = { ...fields, ...pick(writeOnlyFrom, spec.writeOnly) };
    if (spec.apiIdOutput) outs[spec.apiIdOutput] = id;
    return outs;
  }

  /** The POST body: the checked inputs that are neither hidden nor path parameters. */
  const body = (inputs: Props): Props => pick(inputs, createKeys);

  async function waitReady(obj: Props, inputs: Props): Promise<Props> {
    const ready = spec.ready;
    if (!ready) return obj;
    const deadline = Date.now() + settings.readyTimeoutMs;
    let interval = settings.pollIntervalMs;
    let current = obj;
    const path = itemPath(pulumiId(current));
    while (current[ready.field] !== ready.ready && !ready.settled.includes(String(current[ready.field]))) {
      const state = String(current[ready.field]);
      if (ready.failed.includes(state) || Date.now() >= deadline) {
        const why = ready.failed.includes(state)
          ? `${state}: ${current[ready.reasonField] ?? "no reason given"}`
          : `still ${state} after ${settings.readyTimeoutMs / 1000} s (futrou:readyTimeoutSeconds)`;
        throw new ResourceInitError(
          `futrou:${spec.typeName} "${String(current.name ?? current.id)}" (${current.id}) did not become ${ready.ready}: ${why}`,
          pulumiId(current),
          outputs(current, inputs),
          [why],
        );
      }
      await sleep(Math.min(interval, Math.max(0, deadline - Date.now())));
      interval = Math.min(interval * 1.5, Math.max(POLL_INTERVAL_CAP_MS, settings.pollIntervalMs));
      try {
        current = await client().get(path, spec.model);
      } catch (error) {
        // The object exists: a poll that fails (retries exhausted) must not make the engine forget it.
        const why = `could not check its ${ready.field}: ${error instanceof Error ? error.message : String(error)}`;
        throw new ResourceInitError(
          `futrou:${spec.typeName} "${String(current.name ?? current.id)}" (${current.id}) ${why}`,
          pulumiId(current),
          outputs(current, inputs),
          [why],
        );
      }
    }
    return current;
  }

  /**
   * After a 404: true when the object is really gone. Throws when the token belongs to another
   * workspace than the object's; false (keep the state as it is) when the object's owner is not visible
   * either, so gone cannot be told from out of reach — the owner's own read settles it, and a kept stale
   * child is replaced or deleted (404 = done) by the next up.
   */
  async function confirmGone(id: string, props: Props): Promise<boolean> {
    const workspaceId = props.workspaceId;
    if (typeof workspaceId === "string" && workspaceId !== "") {
      const mine = await tokenWorkspace(client());
      if (mine === workspaceId) return true;
      throw new Error(
        `futrou:${spec.typeName} "${id}" is in workspace ${workspaceId}, but the API token (futrou:apiToken) ` +
          `belongs to workspace ${mine}, which cannot see it (404). Nothing was changed; use a token of workspace ${workspaceId}.`,
      );
    }
    const owner = spec.owners?.find((o) => typeof props[o.field] === "string" && props[o.field] !== "");
    if (!owner) return true;
    const path = `${owner.collection}/${encodeURIComponent(String(props[owner.field]))}`;
    return (await client().find(path, OwnerRef)) !== undefined;
  }

  /** Adopts an existing object (the SDK's `import` option): one GET, refuses on any difference. */
  async function adopt(importId: string, inputs: Props): Promise<dynamic.CreateResult> {
    const found = (await client().find(itemPath(importId), spec.model)) as Props | undefined;
    if (!found) throw new Error(`futrou:${spec.typeName}: cannot import "${importId}": no such object (404)`);
    const remote = outputs(found, inputs);
    const compared = Object.keys(visible(inputs)).filter((k) => !spec.writeOnly.includes(k));
    const differing = compared.filter((k) => !isDeepStrictEqual(inputs[k], remote[k]));
    if (differing.length > 0) {
      const list = differing.map(
        (k) => `${k} (program ${describe(spec, k, inputs[k])}, remote ${describe(spec, k, remote[k])})`,
      );
      throw new Error(
        `futrou:${spec.typeName}: import of "${importId}" refused, nothing was changed: the program differs from ` +
          `the remote object in ${list.join(", ")}. Make the program match, import, then change it.`,
      );
    }
    return { id: pulumiId(found), outs: remote };
  }

  return {
    /** Once per process, before any other call: the stack config (`futrou:*`). */
    async configure(req: dynamic.ConfigureRequest): Promise<void> {
      settings = resolveSettings(req.config as ConfigSource);
    },

    /** Validates and normalizes inputs before any request; failures name the field (shown at preview). */
    async check(olds: Props, news: Props): Promise<dynamic.CheckResult> {
      const inputs: Props = { ...news };
      const managed = olds !== undefined && Object.keys(olds).length > 0;
      // `import` applies once: a resource already in the state is managed, so a replacement creates anew.
      if (managed) delete inputs[HIDDEN.import];
      const logical = inputs[HIDDEN.name];
      if (spec.autoName && inputs[spec.autoName] === undefined && typeof logical === "string") {
        const previous = olds?.[HIDDEN.name] !== undefined ? olds[spec.autoName] : undefined;
        inputs[spec.autoName] = typeof previous === "string" ? previous : autoName(logical);
      }
      const shown = visible(inputs);
      const unknown = new Set(Object.keys(shown).filter((k) => containsUnknown(shown[k])));
      const failures: Failure[] = [
        ...Object.keys(shown)
          .filter((k) => !createKeys.includes(k) && !pathKeys.includes(k))
          .map((k) => ({ property: k, reason: `is not a ${spec.typeName} input` })),
        ...issuesOf(spec.create.safeParse(pick(shown, createKeys))),
        ...(spec.pathInputs ? issuesOf(spec.pathInputs.safeParse(pick(shown, pathKeys))) : []),
      ].filter((f) => !unknown.has(f.property.split(/[.[]/)[0] as string));
      const moved = spec.transition && managed ? spec.transition(olds, inputs) : undefined;
      if (moved) failures.push(moved);
      if (failures.length > 0) return { inputs, failures };
      // Values only known at apply stay as they are; known ones get zod's normal form (e.g. defaults).
      const parsed = unknown.size > 0 ? {} : (spec.create.parse(pick(shown, createKeys)) as Props);
      return { inputs: { ...spec.defaults, ...shown, ...parsed, ...hidden(inputs) } };
    },

    /** Compares the checked inputs with the last known actual values (old outputs). */
    async diff(_id: string, olds: Props, news: Props): Promise<dynamic.DiffResult> {
      const changed = Object.keys(visible(news)).filter((k) => !isDeepStrictEqual(news[k], olds[k]));
      const replaces = changed.filter((k) => spec.replaceOn.includes(k) || !updatable.has(k));
      const unique = spec.unique;
      const same = (k: string) => !changed.includes(k);
      const deleteBeforeReplace =
        replaces.length > 0 &&
        unique !== undefined &&
        !(spec.autoName === unique.field && news[HIDDEN.name] !== undefined) &&
        same(unique.field) &&
        unique.within.every(same);
      return {
        changes: changed.length > 0,
        ...(replaces.length > 0 ? { replaces } : {}),
        ...(deleteBeforeReplace ? { deleteBeforeReplace } : {}),
      };
    },

    /** POSTs once (recovering by lookup after an ambiguous failure), or adopts with `__import`. */
    async create(inputs: Props): Promise<dynamic.CreateResult> {
      const importId = inputs[HIDDEN.import];
      if (typeof importId === "string" && importId !== "") return adopt(importId, inputs);
      const collection = expandPath(spec.collection, pick(inputs, params) as Record<string, string>);
      const sent = body(inputs);
      const recover = async () => {
        const siblings = await client().list(collection, spec.model, spec.lookup.filter?.(sent));
        const fields = spec.lookup.fields.filter((f) => sent[f] !== undefined);
        return siblings.find((s) => fields.every((f) => isDeepStrictEqual((s as Props)[f], sent[f])));
      };
      const created = (await client().create(collection, sent, spec.model, { recover })) as Props;
      const ready = await waitReady(created, inputs);
      return { id: pulumiId(ready), outs: outputs(ready, inputs) };
    },

    /**
     * One GET; a 404 answers an empty id, which tells the engine the resource is gone — once the token
     * is known to be of the resource's workspace (another workspace's token gets 404 for everything).
     */
    async read(id: string, props?: Props): Promise<dynamic.ReadResult> {
      const found = (await client().find(itemPath(id), spec.model)) as Props | undefined;
      if (found) return { id, props: outputs(found, props ?? {}) };
      return (await confirmGone(id, props ?? {})) ? { id: "", props: {} } : { id, props: props ?? {} };
    },

    /** PATCHes only the changed updatable fields (or none), then waits for readiness if the kind has one. */
    async update(id: string, olds: Props, news: Props): Promise<dynamic.UpdateResult> {
      const patch = pick(
        news,
        [...updatable].filter((k) => news[k] !== undefined && !isDeepStrictEqual(news[k], olds[k])),
      );
      const path = itemPath(id);
      const updated = (
        Object.keys(patch).length > 0
          ? await client().patch(path, patch, spec.model)
          : await client().get(path, spec.model)
      ) as Props;
      const ready = await waitReady(updated, news);
      return { outs: outputs(ready, news) };
    },

    /** DELETE; already gone (404) counts as done. */
    async delete(id: string): Promise<void> {
      await client().delete(itemPath(id));
    },
  };
}
