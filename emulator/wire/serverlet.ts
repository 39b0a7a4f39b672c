/**
 * Serverlet — `/serverlets`. Units and ranges from the CLI's validator: `cpu` integer millicores 10..32000,
 * `ram` integer MiB 32..262144, instances 0..1000. The response is the narrow "Interface": env, ports,
 * volumes, scaling, owner, plan and region ids are accepted and kept, never answered.
 */
import { z } from "zod";
import type { Obj, StoreData } from "../store";
import { ENV_KEY } from "./formats";
import { id, int, text255, timestamps, wireKind } from "./kind";

export const SERVERLET_CPU = { min: 10, max: 32000 } as const;
export const SERVERLET_RAM = { min: 32, max: 262144 } as const;
export const SERVERLET_INSTANCES = { min: 0, max: 1000 } as const;
/** ASSUMED: the protocols a port may name; `protocol` itself is optional and defaults to http. */
export const PORT_PROTOCOLS = ["http", "tcp", "udp"] as const;

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
  },
  // ASSUMED: a serverlet stays in its workspace and region.
  createOnly: ["workspaceId", "regionId"],
  // CLI defaults.
  defaults: { minInstances: 1, maxInstances: 1 },
  derive: planSizing,
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
    ports: z.array(z.object({ port: z.number().int(), protocol: z.string() })),
    scaling: z.object({
      cpuPercent: z.number(),
      ramPercent: z.number(),
      upCooldown: z.number(),
      downCooldown: z.number(),
    }),
    // ASSUMED: why a serverlet is `failed`.
    stateReason: z.string(),
  },
});

/** `GET /serverlets/{id}/instances` items (the types' ServerletInstance "Interface"). */
export const ServerletInstance = z.object({
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
});
