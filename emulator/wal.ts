/**
 * The write-ahead log's record format. One line per commit: `<crc32 hex> <json>\n`, the JSON being
 * `{"g": generation, "ops": [{"p": path, "v": value}, {"p": path}]}` (no `v`: the unit was deleted).
 * The generation ties the log to the snapshot it follows: a snapshot written by a compaction carries
 * a new generation, so records of older generations left in the log are ignored, never replayed twice.
 */
import { crc32 } from "node:zlib";
import { z } from "zod";
import type { UnitPath } from "./store";

/** One unit's new value, already serialized (undefined: deleted). */
export interface Op {
  path: UnitPath;
  json: string | undefined;
}

export function encodeRecord(generation: number, ops: readonly Op[]): string {
  const body = `{"g":${generation},"ops":[${ops
    .map((op) => `{"p":${JSON.stringify(op.path)}${op.json === undefined ? "" : `,"v":${op.json}`}}`)
    .join(",")}]}`;
  return `${checksum(body)} ${body}\n`;
}

const RecordSchema = z.object({
  g: z.number().int(),
  ops: z.array(z.object({ p: z.array(z.string()).min(1), v: z.unknown().optional() })),
});
export type LogRecord = z.infer<typeof RecordSchema>;

/**
 * The records of a log file. A damaged tail (a record cut short or garbled by a crash before its fsync
 * returned, so never acknowledged) ends the log; a damaged record followed by good ones is corruption.
 */
export function decodeLog(text: string, file: string): { records: LogRecord[]; tornTail: boolean } {
  const lines = text.split("\n");
  const complete = lines.slice(0, -1); // the part after the last newline is never a whole record
  const records: LogRecord[] = [];
  for (const [i, line] of complete.entries()) {
    const record = decodeLine(line);
    if (record) {
      records.push(record);
      continue;
    }
    if (complete.slice(i + 1).some((rest) => decodeLine(rest) !== undefined)) {
      throw new Error(
        `emulator log ${file} is corrupt at line ${i + 1} (later records are intact); move it away to start`,
      );
    }
    return { records, tornTail: true };
  }
  return { records, tornTail: (lines[lines.length - 1] ?? "") !== "" };
}

function decodeLine(line: string): LogRecord | undefined {
  const space = line.indexOf(" ");
  if (space < 0) return undefined;
  const body = line.slice(space + 1);
  if (line.slice(0, space) !== checksum(body)) return undefined;
  try {
    const parsed = RecordSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const checksum = (body: string): string => crc32(body).toString(16).padStart(8, "0");
