/** Optional JSON-file persistence: atomic (write a temp file, then rename), debounced, flushed on close. */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import { z } from "zod";
import { type StoreData, StoreDataSchema } from "./store";

const DEBOUNCE_MS = 50;

export function loadData(file: string): StoreData | undefined {
  if (!existsSync(file)) return undefined;
  const parsed = StoreDataSchema.safeParse(JSON.parse(readFileSync(file, "utf8")));
  if (!parsed.success) throw new Error(`emulator data file ${file} is not usable: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export class FilePersistence {
  private timer: NodeJS.Timeout | undefined;
  constructor(
    private readonly file: string,
    private readonly snapshot: () => StoreData,
  ) {
    mkdirSync(dirname(file), { recursive: true });
  }

  /** Coalesces bursts of writes into one file write. */
  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), DEBOUNCE_MS);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const tmp = `${this.file}.${process.pid}.tmp`;
    // Tokens and variable values live in the file: owner-only.
    writeFileSync(tmp, JSON.stringify(this.snapshot()), { mode: 0o600 });
    renameSync(tmp, this.file);
  }
}
