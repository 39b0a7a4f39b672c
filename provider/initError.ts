/**
 * The error of an object created (or updated) but not ready. Below both the kit (provider/kit/) and the create
 * protocol (provider/create.ts), which both throw it, so neither imports the other's side.
 */
import type { Props } from "./spec";

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
