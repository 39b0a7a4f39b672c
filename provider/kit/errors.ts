import type { Props } from "../spec";

/**
 * Thrown when the object was created but did not become ready: the host turns `id`, `properties` and
 * `reasons` into ErrorResourceInitFailed, so the engine records the resource instead of losing it.
 */
export class ResourceInitError extends Error {
  override readonly name = "ResourceInitError";
  constructor(
    message: string,
    readonly id: string,
    /** The outputs to record (sealed like every other output before the adapter sends them). */
    public properties: Props,
    readonly reasons: string[],
  ) {
    super(message);
  }
}
