/** Read-only answers: regions, plans, workspaces, the user, login, and the error body (CONTRACT.md, the types). */
import { z } from "zod";
import { GENERATIONS, type Generation, LIMIT_FIELDS_OF, type LimitField } from "./api";
import { id, timestamps, type Views, views } from "./kind";

/** Region (Model). No `country` in the published shape; the `full` shape keeps the emulator's. */
export const Region = views(
  {
    name: z.string(),
    displayName: z.string(),
    domain: z.string(),
    isPublic: z.boolean(),
    workspaceId: id,
    ...timestamps,
  },
  { country: z.string() },
);

const planFields = {
  name: z.string(),
  displayName: z.string(),
  minutePrice: z.record(z.string(), z.number()),
  monthlyPrice: z.record(z.string(), z.number()),
  isPublic: z.boolean(),
  ...timestamps,
};
export const Plan = views(planFields);
/** A serverlet plan also has `cpu` (millicores), `ram` and `capacity` (objects; their keys are ASSUMED). */
export const ServerletPlan = views({
  ...planFields,
  cpu: z.number(),
  ram: z.record(z.string(), z.unknown()),
  capacity: z.record(z.string(), z.unknown()),
});

/** A storage plan also has `size` (an object; its keys are ASSUMED). */
export const StoragePlan = views({ ...planFields, size: z.record(z.string(), z.unknown()) });

const limits = (generation: Generation) =>
  Object.fromEntries(LIMIT_FIELDS_OF[generation].map((f) => [f, z.number().int()])) as Record<LimitField, z.ZodNumber>;
const perGeneration = <T>(make: (g: Generation) => T): Record<Generation, T> =>
  Object.fromEntries(GENERATIONS.map((g) => [g, make(g)])) as Record<Generation, T>;

/** Workspace (Model), the fields CONTRACT.md lists: the nine quotas, `storageLimit` for `volumesLimit` in 2026-08-30. */
export const Workspace: Views = perGeneration((g) =>
  views({
    number: z.number().int(),
    name: z.string(),
    displayName: z.string(),
    credit: z.number(),
    currency: z.string(),
    ...limits(g),
    featureFlags: z.array(z.string()),
    ...timestamps,
  }),
);

/**
 * `GET /workspaces/{id}/limits`: listed in the CLI's SKILL.md and fetched by its `workspaces limits` command,
 * which prints whatever comes back. ASSUMED: the workspace's quota fields, nothing else.
 */
export const WorkspaceLimits = perGeneration((g) => z.object(limits(g)));

/** User (Model): `fullname`, not `name`; the `full` shape also answers the emulator's older `name`. */
export const User = views(
  { fullname: z.string(), email: z.string(), isEmailConfirmed: z.boolean(), ...timestamps },
  { name: z.string() },
);

/** `GET /auth/context`: the user only. The `full` shape also answers the token's workspace. */
export const AuthContext: Views = perGeneration((g) => ({
  real: z.object({ user: User.real }),
  full: z.object({ user: User.full, workspace: Workspace[g].full }),
}));

export const LoginRequest = z.object({
  email: z.email("must be an email address"),
  password: z.string().min(1, "must not be empty"),
});
export const LoginResponse = z.object({
  apiToken: z.object({ id, token: z.string(), expiresAt: z.iso.datetime({ offset: true }).optional() }),
  user: User.real,
});

/** The body of every error status (spec). */
export const ErrorBody = z.object({
  message: z.string(),
  requestId: z.uuid(),
  clientIp: z.string(),
  errors: z.array(
    z.object({ message: z.string(), code: z.string(), field: z.string().nullable(), stack: z.array(z.unknown()) }),
  ),
});
