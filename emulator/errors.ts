/** The contract's error body, and the one exception type every handler throws to answer with it. */
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ERROR_CODES } from "./wire/api";

export interface FieldErrorOut {
  message: string;
  code: string;
  field: string | null;
  stack: unknown[];
}

/** Thrown by handlers; the server turns it into the contract's error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrorOut[] = [],
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function fieldError(code: string, field: string | null, message: string): FieldErrorOut {
  return { message, code, field, stack: [] };
}

/** 400 VALIDATION_ERROR on one field; the top-level message repeats it so one line says everything. */
export function invalid(field: string | null, message: string, code: string = ERROR_CODES.validation): ApiError {
  return new ApiError(400, field ? `${field}: ${message}` : message, [fieldError(code, field, message)]);
}

/** One entry per zod issue, `field` the dotted path (null for the body itself). */
export function fromZod(error: z.ZodError): ApiError {
  const errors = error.issues.map((issue) =>
    fieldError(ERROR_CODES.validation, issue.path.length > 0 ? issue.path.join(".") : null, issue.message),
  );
  const summary = errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join("; ");
  return new ApiError(400, `Invalid request: ${summary}`, errors);
}

export function notFound(what: string): ApiError {
  return new ApiError(404, `${what} not found`, [fieldError(ERROR_CODES.notFound, null, `${what} not found`)]);
}

export function forbidden(field: string, message: string): ApiError {
  return new ApiError(403, `Access denied: ${field} ${message}`, [fieldError(ERROR_CODES.forbidden, field, message)]);
}

export function unauthorized(reason: string): ApiError {
  return new ApiError(401, `Unauthorized: ${reason}`, [fieldError(ERROR_CODES.unauthorized, null, reason)]);
}

export function withRetryAfter(status: 429 | 503, seconds: number, message: string): ApiError {
  const code = status === 429 ? ERROR_CODES.rateLimited : ERROR_CODES.unavailable;
  return new ApiError(status, message, [fieldError(code, null, message)], { "retry-after": String(seconds) });
}

/** The body every error status carries (spec), with a fresh request id. */
export function errorBody(error: ApiError, requestId: string, clientIp: string) {
  return { message: error.message, requestId, clientIp, errors: error.errors };
}

export const newRequestId = randomUUID;
