/**
 * zod models of the Futrou API v2, in two halves that follow CONTRACT.md's robustness rule:
 *
 * - **Requests** (`XxxCreate`, `XxxUpdate`): what the provider sends, validated at `pulumi preview` exactly
 *   as strictly as the known API (units and ranges in contract.ts; ASSUMED rules marked there).
 * - **Responses** (`Xxx`): tolerant readers. Only `id` is required; any other field may be absent, `null`,
 *   of a shape we do not expect (read as absent), or an enum value we never heard of (kept as a string);
 *   unknown fields pass through. An operation never fails because a response lacks a field it did not need.
 *
 * The kinds' models are derived from their declarations (provider/kinds/<kind>/fields.ts, provider/kinds/fields.ts);
 * this file holds what they are made of and the models of the lookups (plans, regions, workspaces) and of errors.
 * The emulator does not use these models: it keeps its own wire definitions, so the two can disagree.
 */
import { z } from "zod";
import { DEFAULT_PORT_PROTOCOL, NAME_MAX, TEXT_MAX } from "./contract";
import { isDomain, SLUG } from "./formats";
import { ApiId } from "./path";

// ---------------------------------------------------------------------------------------------------
// Building blocks: the kinds' declarations (provider/kinds/<kind>/fields.ts) are made of these

/** An id in an answer; ids the provider sends (inputs, paths) are checked by the path rule (path.ts). */
export const id = z.string().min(1);
/** An id input: a parent's, a plan's, a mounted volume's or storage's. */
export const inputId = ApiId;
export const slug = z
  .string()
  .min(1)
  .max(NAME_MAX)
  .regex(SLUG, "must be lowercase letters, digits and '-', not starting or ending with '-'");
/** Control characters: none belongs in a one-line human text (a name, a display name). */
const CONTROL = /\p{Cc}/u;
/** Multi-line human text (a description) may break lines and use tabs, not other control characters. */
const CONTROL_BUT_LINES = /(?![\t\n\r])\p{Cc}/u;
const controlProblem = (value: string, re: RegExp): string | undefined => {
  const c = re.exec(value)?.[0];
  return c === undefined
    ? undefined
    : `must not contain control characters (found U+${c.codePointAt(0)?.toString(16).toUpperCase().padStart(4, "0")})`;
};
const noControl = <T extends z.ZodString>(schema: T, re = CONTROL) =>
  schema.superRefine((value, ctx) => {
    const problem = controlProblem(value, re);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
/** One line of human text (a display name). */
export const line = noControl(z.string().max(TEXT_MAX));
/** Human text that may span lines (a description). */
export const text = noControl(z.string().max(TEXT_MAX), CONTROL_BUT_LINES);
export const name = noControl(z.string().min(1, "must not be empty").max(NAME_MAX));
export const domain = z.string().max(253).refine(isDomain, "must be a domain name such as example.com");
export const stringMap = z.record(z.string(), z.string());
export const port = z.number().int().min(1, "must be from 1 to 65535").max(65535, "must be from 1 to 65535");
export const nullableId = inputId.nullable();
export const int = (min: number, max: number, unit = "") =>
  z
    .number()
    .int("must be a whole number")
    .min(min, `must be from ${min} to ${max}${unit}`)
    .max(max, `must be from ${min} to ${max}${unit}`);

/** A rule over a whole object (several fields), reported like a zod issue on one field. */
export type CrossFieldRule<T> = (value: T) => { path: string; message: string } | undefined;

export function withRules<T extends z.ZodObject>(schema: T, rules: CrossFieldRule<z.infer<T>>[]) {
  return schema.superRefine((value, ctx) => {
    for (const rule of rules) {
      const problem = rule(value);
      if (problem) ctx.addIssue({ code: "custom", path: [problem.path], message: problem.message });
    }
  });
}

/**
 * A response field: the expected type, `null`, or absent. A value of another shape reads as absent rather
 * than failing the whole operation (the field keeps its last known value; see kit.ts).
 */
export const field = <T extends z.ZodType>(schema: T) => schema.nullish().catch(undefined);
export const str = field(z.string());
export const bool = field(z.boolean());
export const num = field(z.number());
export const map = field(stringMap);
const timestamps = { createdAt: str, updatedAt: str };

/** A response model: only `id` is required; unknown fields pass through. */
export const response = <S extends Record<string, z.ZodType>>(shape: S) => z.looseObject({ id, ...shape });

export { DEFAULT_PORT_PROTOCOL };

// ---------------------------------------------------------------------------------------------------
// Read-only lookups

export const Plan = response({
  name: str,
  displayName: str,
  minutePrice: field(z.record(z.string(), z.number())),
  monthlyPrice: field(z.record(z.string(), z.number())),
  isPublic: bool,
  ...timestamps,
});
export type Plan = z.infer<typeof Plan>;

/** A storage plan also has `size` (an object; its keys are not published). */
export const StoragePlan = Plan.extend({ size: field(z.record(z.string(), z.unknown())) });
export type StoragePlan = z.infer<typeof StoragePlan>;

export const Region = response({
  name: str,
  displayName: str,
  domain: str,
  isPublic: bool,
  workspaceId: str,
  ...timestamps,
});
export type Region = z.infer<typeof Region>;

export const Workspace = response({
  name: str,
  displayName: str,
  projectsLimit: num,
  serverletsLimit: num,
  cronsLimit: num,
  volumesLimit: num,
  /** The newest generation's name for the storage quota (it has no `volumesLimit`). */
  storageLimit: num,
  proxiesLimit: num,
  dnsLimit: num,
  serversLimit: num,
  apiTokensLimit: num,
  workspaceUsersLimit: num,
  ...timestamps,
});
export type Workspace = z.infer<typeof Workspace>;

export const User = response({ email: str, fullname: str });
/** `GET /auth/context`: the token's user; nothing promises a workspace here. */
export const AuthContext = z.looseObject({ user: User.optional() });
export const LoginRequest = z.object({
  email: z.string().min(3),
  password: z.string().min(1, "must not be empty"),
});
export const LoginResponse = z.looseObject({
  apiToken: z.looseObject({ id, token: z.string(), expiresAt: str }),
  user: User.optional(),
});

/** The error body of every error status (spec); the CLI's mocks show it without `requestId` or `code` too. */
export const FieldError = z.looseObject({
  message: z.string().catch(""),
  code: str,
  field: str,
});
export const ErrorBody = z.looseObject({
  message: str,
  requestId: str,
  clientIp: str,
  errors: field(z.array(FieldError)),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
