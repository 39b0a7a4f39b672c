/** A serverlet's fields (`/serverlets`), each declared once (provider/kinds/fields.ts says what is derived). */
import { z } from "zod";
import {
  PORT_PROTOCOLS,
  SERVERLET_ARCHES,
  SERVERLET_CPU_MILLICORES,
  SERVERLET_IMAGE_MAX,
  SERVERLET_INSTANCES,
  SERVERLET_RAM_MIB,
} from "../../api/contract";
import { ENV_KEY } from "../../api/formats";
import { bool, type CrossFieldRule, field, inputId, int, name, nullableId, port, str } from "../../api/models";
import { declare, derive, owningWorkspace, TIMESTAMPS } from "../fields";

export const ServerletVolume = z.object({
  volumeId: inputId,
  mountPath: z.string().regex(/^\/\S*$/, "must be an absolute path"),
  readOnly: z.boolean().default(false),
});
/** `protocol` is optional; normal.ts compares an absent one as the default. */
export const ServerletPort = z.object({ port, protocol: z.enum(PORT_PROTOCOLS).optional() });
/**
 * Autoscaling: a map of numbers, as the 2026-08-30 Model has it (its keys are not published). The keys of the
 * 2026-08-02 struct keep their ASSUMED ranges when given; other keys pass through.
 */
const SCALING_KEYS: Record<string, z.ZodNumber> = {
  cpuPercent: int(1, 100, " %"),
  ramPercent: int(1, 100, " %"),
  upCooldown: z.number().int("must be a whole number of seconds").min(0, "must be 0 or more seconds"),
  downCooldown: z.number().int("must be a whole number of seconds").min(0, "must be 0 or more seconds"),
};
export const ServerletScaling = z.record(z.string(), z.number()).superRefine((scaling, ctx) => {
  for (const [key, value] of Object.entries(scaling)) {
    const known = SCALING_KEYS[key]?.safeParse(value);
    for (const issue of known?.success === false ? known.error.issues : []) {
      ctx.addIssue({ code: "custom", path: [key], message: issue.message });
    }
  }
});
/** 2026-08-30: storages mounted into the serverlet, mount path → storage id. */
export const ServerletMounts = z.record(z.string(), inputId).superRefine((mounts, ctx) => {
  for (const path of Object.keys(mounts)) {
    if (!/^\/\S*$/.test(path))
      ctx.addIssue({ code: "custom", path: [path], message: "must be an absolute mount path" });
  }
});
const instances = int(SERVERLET_INSTANCES.min, SERVERLET_INSTANCES.max);
export const instancesRule: CrossFieldRule<{ minInstances?: number; maxInstances?: number }> = (s) => {
  const min = s.minInstances ?? SERVERLET_INSTANCES.default;
  const max = s.maxInstances ?? SERVERLET_INSTANCES.default;
  return min > max ? { path: "minInstances", message: "must not exceed maxInstances" } : undefined;
};
/** A path mounted twice (once from `volumes`, once from `mounts`) is certainly a mistake. */
export const mountsRule: CrossFieldRule<{
  volumes?: Array<{ mountPath: string }>;
  mounts?: Record<string, string> | null;
}> = (s) => {
  const twice = (s.volumes ?? []).find((v) => Object.hasOwn(s.mounts ?? {}, v.mountPath));
  return twice
    ? { path: "mounts", message: `${twice.mountPath} is mounted by volumes too: mount each path once` }
    : undefined;
};
export const SERVERLET_FIELDS = declare({
  name: {
    doc: "The serverlet's name, at most 255 characters.",
    defaultDoc: "`<logical name>-<7 characters>`, the same in every run of the stack (see `pulumi:autonaming`)",
    input: name,
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  image: {
    doc: "The container image, e.g. `ghcr.io/acme/api:1.4`, at most 512 characters.",
    changeDoc: "redeploys; up waits for `running`",
    input: z
      .string()
      .min(1, "must not be empty")
      .max(SERVERLET_IMAGE_MAX, `must be at most ${SERVERLET_IMAGE_MAX} characters`)
      .regex(/^\S+$/, "must be an image reference without spaces"),
    required: true,
    updatable: true,
    since: "2026-08-02",
  },
  serverletPlanId: {
    doc: "The serverlet plan id (see `getServerletPlan`), which sizes it in the newest API.",
    defaultDoc: "the API's choice, kept until you set one",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-30"],
  },
  workspaceId: owningWorkspace(["2026-08-30"]),
  projectId: {
    doc: "The project the serverlet belongs to.",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-30"],
    default: null,
  },
  regionId: {
    doc: "The region id (see `getRegions`).",
    defaultDoc: "the API's choice, kept until you set one",
    input: nullableId,
    since: "2026-08-02",
    returned: ["2026-08-30"],
  },
  minInstances: {
    doc: "Fewest instances, a whole number 0–1000, at most `maxInstances`.",
    input: instances,
    updatable: true,
    since: "2026-08-02",
    default: SERVERLET_INSTANCES.default,
  },
  maxInstances: {
    doc: "Most instances, a whole number 0–1000.",
    input: instances,
    updatable: true,
    since: "2026-08-02",
    default: SERVERLET_INSTANCES.default,
  },
  cpu: {
    doc: "CPU per instance in **millicores**, a whole number 10–32000 (`250` = a quarter core). The 2026-08-02 API only: the newest sizes by plan.",
    defaultDoc: "the API's (from the plan)",
    input: int(SERVERLET_CPU_MILLICORES.min, SERVERLET_CPU_MILLICORES.max, " millicores (250 = a quarter core)"),
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-02"],
  },
  ram: {
    doc: "Memory per instance in **MiB**, a whole number 32–262144. The 2026-08-02 API only: the newest sizes by plan.",
    defaultDoc: "the API's (from the plan)",
    input: int(SERVERLET_RAM_MIB.min, SERVERLET_RAM_MIB.max, " MiB"),
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-02"],
  },
  env: {
    doc: "Environment variables.",
    input: z.record(
      z.string().regex(ENV_KEY, "environment variable names must be letters, digits and '_'"),
      z.string(),
    ),
    updatable: true,
    since: "2026-08-02",
    returned: [],
    default: {},
  },
  volumes: {
    doc: "Mounted volumes (2026-08-02).",
    input: z.array(ServerletVolume),
    updatable: true,
    since: "2026-08-02",
    returned: [],
    answer: field(z.array(z.looseObject({ volumeId: z.string(), mountPath: z.string(), readOnly: bool }))),
    default: [],
  },
  mounts: {
    doc: 'Mounted storages (2026-08-30): absolute mount path → Storage id, e.g. `{ "/data": files.id }`. A path may not be in `volumes` too.',
    input: ServerletMounts.nullable(),
    updatable: true,
    since: "2026-08-30",
    default: null,
  },
  ports: {
    doc: "Listening ports.",
    input: z.array(ServerletPort),
    updatable: true,
    since: "2026-08-02",
    returned: [],
    answer: field(z.array(z.looseObject({ port: z.number(), protocol: str }))),
    default: [],
  },
  scaling: {
    tsType: "ServerletScalingArgs | null",
    doc: "Autoscaling.",
    input: ServerletScaling.nullable(),
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-30"],
    answer: field(z.record(z.string(), z.number())),
    default: null,
  },
  arch: {
    doc: "CPU architecture, `amd64` or `arm64` (2026-08-30).",
    defaultDoc: "the API's choice, kept until you set one",
    input: z.enum(SERVERLET_ARCHES).nullable(),
    updatable: true,
    since: "2026-08-30",
  },
  networkId: {
    doc: "A private network id.",
    defaultDoc: "`null`",
    input: nullableId,
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-02"],
  },
  runtime: {
    doc: "A runtime name, for images built by the platform.",
    defaultDoc: "`null`",
    input: z.string().min(1).nullable(),
    updatable: true,
    since: "2026-08-02",
    returned: ["2026-08-02"],
  },
  instances: {
    tsType: "number",
    doc: "Instances running now (the 2026-08-02 API only). Changes on its own; never a diff.",
    since: "2026-08-02",
    returned: ["2026-08-02"],
    answer: field(z.union([z.number(), z.array(z.unknown())])),
  },
  state: {
    tsType: "string",
    doc: "As the API reports it: `state` in the 2026-08-02 API (`deploying`, `running`, `stopped`, `failed`), or `status` in the 2026-08-30 one (`pending`, `creating`, `ready`, `deleting`, `deleted`, `failed`); other values may appear. `running` or `ready` after up. Changes on its own; never a diff.",
    since: "2026-08-02",
  },
  /** 2026-08-30's name for the state, with its own values (normal.ts reads `status ?? state` into `state`). */
  status: { doc: "The 2026-08-30 API's status, read into `state`.", since: "2026-08-30", returned: [] },
  /** ASSUMED: why the serverlet is `failed`, when the API says. */
  stateReason: {
    doc: "Why the serverlet is `failed`, when the API says (its published shape does not promise it).",
    since: "2026-08-02",
    returned: [],
  },
  ...TIMESTAMPS,
});

export const SERVERLET = derive(SERVERLET_FIELDS, "serverlet", [
  instancesRule as CrossFieldRule<Record<string, unknown>>,
  mountsRule as CrossFieldRule<Record<string, unknown>>,
]);
export const Serverlet = SERVERLET.model;
export type Serverlet = z.infer<typeof Serverlet>;
