/**
 * The engine that started this process: the dynamic-provider host and the provider plugin are its children
 * (their launchers `exec` node). `kill -9` of `pulumi` leaves them running, orphaned (their parent becomes
 * another process), in process groups of their own: nothing would ever stop them, and what they created
 * after that would be recorded by no one. So they watch their parent and exit when it changes; a create in
 * flight keeps its journal entry (provider/journal.ts), which the next run adopts.
 *
 * The engine closes a provider it is done with by SIGINT (then SIGKILL after 5 s). By then every step it
 * ran is in the state, so the creates this process returned are confirmed: their journal entries go.
 */
import { CreateJournal } from "./journal";

/** The parent at start: the engine. */
const ENGINE_PID = process.ppid;

/** The engine that started this process is gone (this process was re-parented). */
export const engineGone = (): boolean => process.ppid !== ENGINE_PID;

/** How often a host looks at its parent: cheap (one getppid), and soon enough after a kill. */
export const WATCH_INTERVAL_MS = 1000;

let watching = false;

/**
 * In a process the engine started (the dynamic-provider host, the plugin): exit once the engine is gone, and
 * confirm the returned creates when the engine closes it normally. Once per process; the timer is unref'd,
 * so it never keeps a process alive by itself.
 */
export function watchEngine(exit: (code: number) => void = (code) => process.exit(code)): void {
  if (watching) return;
  watching = true;
  setInterval(() => {
    if (engineGone()) exit(0);
  }, WATCH_INTERVAL_MS).unref();
  process.on("SIGINT", () => {
    if (!engineGone()) CreateJournal.confirmReturned();
    exit(0);
  });
}

/** True in the process @pulumi/pulumi's dynamic-provider host runs (its entry module is cmd/dynamic-provider). */
export function inDynamicProviderHost(): boolean {
  const main = require.main?.filename ?? process.argv[1] ?? "";
  return /[\\/]cmd[\\/]dynamic-provider[\\/]index\.js$/.test(main);
}
