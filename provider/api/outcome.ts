/**
 * Errors for a create whose outcome the client could not confirm. A create that failed for certain is a
 * FutrouApiError (errors.ts); these two say something else: the object may exist (or does), and the
 * caller must neither forget it nor create it again blindly.
 */

/** An ambiguous create (the request may have been processed) whose recovery lookup failed too. */
export class OutcomeUnknownError extends Error {
  override readonly name = "OutcomeUnknownError";
  constructor(
    readonly method: string,
    readonly path: string,
    /** Why the create itself is ambiguous (a lost answer, a 502, a timeout). */
    readonly ambiguous: unknown,
    /** Why the lookup that should have settled it failed. */
    readonly lookup: unknown,
  ) {
    super(
      `${method} ${path}: created or not is unknown — ${messageOf(ambiguous)}, and the lookup for the new ` +
        `object failed: ${messageOf(lookup)}`,
    );
  }
}

/** A 2xx answer to a create whose body is not the model: the object exists; `id` when the body says it. */
export class UnreadableCreateError extends Error {
  override readonly name = "UnreadableCreateError";
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    /** The `id` of the body when it is a JSON object with a non-empty string `id`. */
    readonly id: string | undefined,
    readonly problem: unknown,
  ) {
    super(`${method} ${path} answered ${status} (created) but ${messageOf(problem)}`);
  }
}

/** The `id` of a response body, when it is a JSON object carrying a non-empty string `id`. */
export function idOfBody(text: string): string | undefined {
  try {
    const json: unknown = JSON.parse(text);
    const id = typeof json === "object" && json !== null ? (json as { id?: unknown }).id : undefined;
    return typeof id === "string" && id !== "" ? id : undefined;
  } catch {
    return undefined;
  }
}

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));
