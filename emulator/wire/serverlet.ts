/**
 * Serverlet — `/serverlets`. Units and ranges from the CLI's validator: `cpu` integer millicores 10..32000,
 * `ram` integer MiB 32..262144, instances 0..1000. The response is the narrow "Interface": env, ports,
 * volumes, scaling, owner, plan and region ids are accepted and kept, never answered.
 */
import { z } from "zod";
import type { Obj, StoreData } from "../store";
import { type Generation, NEWEST_GENERATION } from "./api";
import { ENV_KEY } from "./formats";
import { chosenByApi, id, int, text255, timestamps, wireKind } from "./kind";

export const SERVERLET_CPU = { min: 10, max: 32000 } as const;
export const SERVERLET_RAM = { min: 32, max: 262144 } as const;
export const SERVERLET_INSTANCES = { min: 0, max: 1000 } as const;
/** ASSUMED: the protocols a port may name; `protocol` itself is optional and defaults to http. */
export const PORT_PROTOCOLS = ["http", "tcp", "udp"] as const;
/** The 2026-08-30 types' `Arch` enum. */
export const ARCHES = ["amd64", "arm64"] as const;

const instances = int(SERVERLET_INSTANCES.min, SERVERLET_INSTANCES.max);

/** The plan a serverlet runs on: the one named, else (ASSUMED) the first public serverlet plan. */
function planOf(input: Obj, data: StoreData): Obj | undefined {
  const plans = data.plans.serverlet;
  return plans.find((p) => p.id === input.serverletPlanId) ?? plans.find((p) => p.isPublic !== false);
}

/** ASSUMED: without `cpu`/`ram` the API takes the plan's (a plan's `ram` is `{size, unit: "MiB"}`). */
function planSizing(input: Obj, data: StoreData): Obj {
  const plan = planOf(input, data);
  const ram = plan?.ram as { size?: unknown } | undefined;
  return {
    ...(typeof plan?.cpu === "number" ? { cpu: plan.cpu } : {}),
    ...(typeof ram?.size === "number" ? { ram: ram.size } : {}),
  };
}

const newestChoices = chosenByApi("serverlet");

/** Plan sizing; in the newest generation also the plan, region and (ASSUMED) `amd64` the Model carries. */
function derive(input: Obj, data: StoreData, generation: Generation): Obj {
  return {
    ...planSizing(input, data),
    ...newestChoices(input, data, generation),
    ...(generation === NEWEST_GENERATION ? { arch: "amd64" } : {}),
  };
}

/**
 * The newest generation's `ServerletStatus` for the emulator's state: `deploying` → `creating`, `running` →
 * `ready`, `failed` stays. ASSUMED: a stopped serverlet answers `stopped`, outside the published enum, which
 * has no value for it although start and stop remain.
 */
const STATUS_OF_STATE: Record<string, string> = { deploying: "creating", running: "ready", failed: "failed" };
export const statusOf = (state: unknown): string | undefined =>
  typeof state === "string" ? (STATUS_OF_STATE[state] ?? state) : undefined;

const scalingStruct = z.object({
  cpuPercent: z.number(),
  ramPercent: z.number(),
  upCooldown: z.number(),
  downCooldown: z.number(),
});

export const serverlet = wireKind({
  name: "Serverlet",
  request: {
    name: text255,
    // ASSUMED: an image reference has no spaces.
    image: z.string().min(1, "must not be empty").max(512).regex(/^\S+$/, "must be an image reference without spaces"),
    serverletPlanId: id.optional(),
    // The 2026-08-02 CLI posts `{name, image, minInstances, maxInstances}` without it: the token's workspace.
    workspaceId: id.optional(),
    projectId: id.optional(),
    regionId: id.optional(),
    minInstances: instances.optional(),
    maxInstances: instances.optional(),
    cpu: int(SERVERLET_CPU.min, SERVERLET_CPU.max).optional(),
    ram: int(SERVERLET_RAM.min, SERVERLET_RAM.max).optional(),
    env: z
      .record(z.string().regex(ENV_KEY, "environment variable names must be letters, digits and '_'"), z.string())
      .optional(),
    volumes: z
      .array(
        z.object({
          volumeId: id,
          // ASSUMED: mounts are absolute paths.
          mountPath: z.string().regex(/^\/\S*$/, "must be an absolute path"),
          readOnly: z.boolean().default(false),
        }),
      )
      .optional(),
    // 2026-08-30: mount path → storage id (ASSUMED: absolute paths).
    mounts: z
      .record(z.string(), id)
      .superRefine((mounts, ctx) => {
        for (const path of Object.keys(mounts)) {
          if (!/^\/\S*$/.test(path))
            ctx.addIssue({ code: "custom", path: [path], message: "must be an absolute path" });
        }
      })
      .optional(),
    ports: z.array(z.object({ port: int(1, 65535), protocol: z.enum(PORT_PROTOCOLS).default("http") })).optional(),
    // ASSUMED ranges.
    scaling: z
      .object({
        cpuPercent: int(1, 100),
        ramPercent: int(1, 100),
        upCooldown: z.number().int().min(0),
        downCooldown: z.number().int().min(0),
      })
      .optional(),
    networkId: id.optional(),
    runtime: z.string().min(1).max(255).optional(),
    // 2026-08-30 (ASSUMED writable; the CLI never sends it).
    arch: z.enum(ARCHES).optional(),
  },
  // ASSUMED: a serverlet stays in its workspace and region.
  createOnly: ["workspaceId", "regionId"],
  // CLI defaults.
  defaults: { minInstances: 1, maxInstances: 1 },
  derive,
  rules: [
    // ASSUMED.
    (o) =>
      Number(o.minInstances) > Number(o.maxInstances)
        ? { field: "minInstances", message: `must not exceed maxInstances (${o.minInstances} > ${o.maxInstances})` }
        : undefined,
  ],
  published: {
    name: z.string(),
    image: z.string(),
    cpu: z.number().int(),
    ram: z.number().int(),
    minInstances: z.number().int(),
    maxInstances: z.number().int(),
    instances: z.number().int(),
    // ASSUMED: deploying → running | failed; stopped after stop.
    state: z.string(),
    networkId: id,
    runtime: z.string(),
    ...timestamps,
  },
  kept: {
    serverletPlanId: id,
    workspaceId: id,
    projectId: id,
    regionId: id,
    env: z.record(z.string(), z.string()),
    volumes: z.array(z.object({ volumeId: id, mountPath: z.string(), readOnly: z.boolean() })),
    mounts: z.record(z.string(), id),
    arch: z.string(),
    ports: z.array(z.object({ port: z.number().int(), protocol: z.string() })),
    scaling: scalingStruct,
    // ASSUMED: why a serverlet is `failed`.
    stateReason: z.string(),
  },
  // types.go@3caf725: `Serverlet (Model)`, sized by its plan.
  newest: {
    // The Model's scaling is a map of numbers whose keys are not published: any number map is taken.
    request: { scaling: z.record(z.string(), z.number()).optional() },
    published: {
      name: z.string(),
      image: z.string(),
      arch: z.string(),
      minInstances: z.number().int(),
      maxInstances: z.number().int(),
      mounts: z.record(z.string(), id),
      scaling: z.record(z.string(), z.number()),
      status: z.string(),
      serverletPlanId: id,
      workspaceId: id,
      projectId: id,
      regionId: id,
      ...timestamps,
    },
    kept: {
      cpu: z.number().int(),
      ram: z.number().int(),
      instances: z.number().int(),
      networkId: id,
      runtime: z.string(),
      env: z.record(z.string(), z.string()),
      volumes: z.array(z.object({ volumeId: id, mountPath: z.string(), readOnly: z.boolean() })),
      ports: z.array(z.object({ port: z.number().int(), protocol: z.string() })),
      stateReason: z.string(),
    },
    present: (o) => ({ ...o, status: statusOf(o.state) }),
  },
});

/** `GET /serverlets/{id}/instances` items (the types' ServerletInstance "Interface"). */
const instanceFields = {
  id,
  serverletId: id,
  number: z.number().int().optional(),
  state: z.string().optional(),
  cpu: z.number().optional(),
  ram: z.number().optional(),
  image: z.string().optional(),
  runtime: z.string().optional(),
  serverId: id.optional(),
  version: z.number().int().optional(),
  metrics: z.record(z.string(), z.unknown()).optional(),
  createdAt: timestamps.createdAt.optional(),
  updatedAt: timestamps.updatedAt.optional(),
};
/**
 * Per generation: the newest CLI prints `id`, `status`, `createdAt` of each instance (its mock still has the
 * older fields), and the schema is no longer generated. ASSUMED: the older fields plus `status`.
 */
export const ServerletInstance: Record<Generation, z.ZodObject> = {
  "2026-08-02": z.object(instanceFields),
  "2026-08-30": z.object({ ...instanceFields, status: z.string().optional() }),
};
