/**
 * The dynamic-provider host prints every error thrown by check, diff, read and delete itself
 * (`console.error(\`${e}: ${e.stack}\`)`: the message twice, then a JS stack trace), and the engine prints
 * the same error again on the resource. Errors this provider throws are meant for users and say all in
 * their message, so that extra print is dropped for them (and only for them); set `FUTROU_DEBUG=1` to
 * keep it, stack trace included.
 */
const reported = new Set<string>();
let consoleFiltered = false;

export function filterHostReports(): void {
  if (consoleFiltered || process.env.FUTROU_DEBUG) return;
  consoleFiltered = true;
  const print = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    if (args.length === 1 && typeof args[0] === "string" && reported.delete(args[0])) return;
    print(...args);
  };
}

/** Marks an error so the host does not print it a second time. */
export function reportedOnce(error: unknown): void {
  if (error instanceof Error) {
    filterHostReports();
    reported.add(`${error}: ${error.stack}`);
    if (reported.size > 100) reported.delete(reported.values().next().value as string);
  }
}
