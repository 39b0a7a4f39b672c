/**
 * Errors meant for users say all in their message, so they are shown without stack frames: the Pulumi
 * program runner prints a RunError as its message alone (it knows one by the `__pulumiRunError` mark, checked
 * by property, so nothing here loads @pulumi/pulumi), and a host that prints `stack` prints one line.
 * `FUTROU_DEBUG=1` keeps the stack trace.
 */
export function asOneLine<E extends Error>(error: E): E {
  if (process.env.FUTROU_DEBUG) return error;
  Object.defineProperty(error, "__pulumiRunError", { value: true });
  error.stack = `${error.name}: ${error.message}`;
  return error;
}
