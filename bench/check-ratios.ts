/**
 * The ratios `make bench-check` (bench/check.ts) compares, how it reads the last recorded ones out of
 * bench/RESULTS.md, and when it flags one: pure functions, tested in test/bench/check-ratios.test.ts.
 *
 * A ratio is recorded at one N. It is compared only with a record at the same N: first the report of
 * `make bench` (the `bench` section), then bench-check's own record (the `bench-check` section, written by
 * `BENCH_CHECK_RECORD=1`). One that grew by more than its noise band (bench/noise-band.json) is flagged.
 */

/** One measured quantity: a time or memory ratio, or state bytes per resource. */
export interface RatioDef {
  key: string;
  /** Bytes are exact: flagged when they grow at all. Ratios have a noise band. */
  kind: "ratio" | "bytes";
}

const OPS = ["create", "no-change up", "refresh", "destroy"] as const;
type Op = (typeof OPS)[number];

/** Every ratio bench-check prints, in order. */
export const RATIOS: RatioDef[] = [
  ...OPS.map((op) => ({ key: `dynamic ${op} / flat baseline`, kind: "ratio" as const })),
  { key: "dynamic refresh / wide baseline", kind: "ratio" },
  { key: "dynamic peak RSS / flat baseline, worst of four", kind: "ratio" },
  ...OPS.map((op) => ({ key: `plugin / dynamic ${op}`, kind: "ratio" as const })),
  { key: "state bytes per resource, dynamic", kind: "bytes" },
  { key: "state bytes per resource, plugin", kind: "bytes" },
];

/** What one round (or the medians of several) measured, per program and operation. */
export interface Measured {
  n: number;
  /** seconds[program][operation] */
  seconds: Record<string, Partial<Record<Op, number>>>;
  /** peak RSS in MB, the same way */
  rss: Record<string, Partial<Record<Op, number>>>;
  /** state bytes per resource, per program */
  stateBytes: Record<string, number>;
}

/** The ratios one measurement gives (those whose programs ran). */
export function ratiosOf(m: Measured): Map<string, number> {
  const out = new Map<string, number>();
  const s = m.seconds;
  const put = (key: string, a: number | undefined, b: number | undefined) => {
    if (a !== undefined && b !== undefined && b > 0) out.set(key, a / b);
  };
  for (const op of OPS) put(`dynamic ${op} / flat baseline`, s.mix?.[op], s.baseline?.[op]);
  put("dynamic refresh / wide baseline", s.mix?.refresh, s.wide?.refresh);
  const rss = OPS.map((op) => (m.rss.mix?.[op] ?? Number.NaN) / (m.rss.baseline?.[op] ?? Number.NaN));
  if (rss.every((x) => Number.isFinite(x)))
    out.set("dynamic peak RSS / flat baseline, worst of four", Math.max(...rss));
  for (const op of OPS) put(`plugin / dynamic ${op}`, s.plugin?.[op], s.mix?.[op]);
  if (m.stateBytes.mix !== undefined) out.set("state bytes per resource, dynamic", m.stateBytes.mix);
  if (m.stateBytes.plugin !== undefined) out.set("state bytes per resource, plugin", m.stateBytes.plugin);
  return out;
}

/** Rows of every markdown table in `text`, each a record by its header's cells (bold marks dropped). */
export function markdownTables(text: string): Record<string, string>[][] {
  const tables: Record<string, string>[][] = [];
  let lines: string[] = [];
  const cells = (line: string) =>
    line
      .trim()
      .replace(/^\||\|$/g, "")
      .split("|")
      .map((c) => c.trim().replace(/^\*\*(.*)\*\*$/, "$1"));
  const flush = () => {
    if (lines.length >= 2 && /^\|[-:| ]+\|$/.test(lines[1]?.trim() ?? "")) {
      const head = cells(lines[0] ?? "");
      tables.push(
        lines.slice(2).map((line) => Object.fromEntries(cells(line).map((c, i) => [head[i] ?? String(i), c]))),
      );
    }
    lines = [];
  };
  for (const line of text.split("\n")) {
    if (line.trim().startsWith("|")) lines.push(line);
    else flush();
  }
  flush();
  return tables;
}

/** The text between a section's markers (bench/sections.ts), or undefined. */
export function sectionText(results: string, name: string): string | undefined {
  const start = results.indexOf(`<!-- ${name}:start -->`);
  const end = results.indexOf(`<!-- ${name}:end -->`);
  return start >= 0 && end > start ? results.slice(start, end) : undefined;
}

const num = (cell: string | undefined): number | undefined => {
  const x = Number(cell);
  return cell === undefined || cell === "" || cell === "–" || !Number.isFinite(x) ? undefined : x;
};

/** A record: the ratios at each N, and where they come from (`make bench, recorded <date>`). */
export interface Recorded {
  source: string;
  byN: Map<number, Map<string, number>>;
}

/** The ratios of `make bench`'s report (the `bench` section of RESULTS.md), per N. */
export function recordedByBench(results: string): Recorded | undefined {
  const text = sectionText(results, "bench");
  if (!text) return undefined;
  const when = /Recorded (\S+)/.exec(text)?.[1] ?? "at an unknown date";
  const measured = new Map<number, Measured>();
  const at = (n: number) => {
    let m = measured.get(n);
    if (!m) {
      m = { n, seconds: {}, rss: {}, stateBytes: {} };
      measured.set(n, m);
    }
    return m;
  };
  const set = (table: Record<string, Partial<Record<Op, number>>>, program: string, op: Op, x?: number) => {
    if (x === undefined) return;
    table[program] = { ...table[program], [op]: x };
  };
  for (const table of markdownTables(text)) {
    for (const row of table) {
      const n = num(row.N);
      const op = row.operation as Op | undefined;
      if (n === undefined) continue;
      const m = at(n);
      if (op && OPS.includes(op) && "futrou (s)" in row) {
        set(m.seconds, "mix", op, num(row["futrou (s)"]));
        set(m.seconds, "baseline", op, num(row["flat baseline (s)"]));
        set(m.seconds, "wide", op, num(row["wide baseline (s)"]));
        set(m.rss, "mix", op, num(row["futrou peak RSS (MB)"]));
        set(m.rss, "baseline", op, num(row["flat baseline peak RSS (MB)"]));
      } else if (op && OPS.includes(op) && "plugin (s)" in row) {
        set(m.seconds, "plugin", op, num(row["plugin (s)"]));
        set(m.rss, "plugin", op, num(row["plugin peak RSS (MB)"]));
      } else if (row.program && "state bytes / resource" in row) {
        const bytes = num(row["state bytes / resource"]);
        if (bytes !== undefined) m.stateBytes[row.program] = bytes;
      }
    }
  }
  return {
    source: `make bench, recorded ${when}`,
    byN: new Map([...measured].map(([n, m]) => [n, ratiosOf(m)])),
  };
}

/** bench-check's own record (`BENCH_CHECK_RECORD=1`): a table of N, ratio, value. */
export function recordedByCheck(results: string): Recorded | undefined {
  const text = sectionText(results, "bench-check");
  if (!text) return undefined;
  const when = /Recorded (\S+)/.exec(text)?.[1] ?? "at an unknown date";
  const byN = new Map<number, Map<string, number>>();
  for (const table of markdownTables(text)) {
    for (const row of table) {
      const n = num(row.N);
      const value = num(row.value);
      if (n === undefined || value === undefined || !row.ratio) continue;
      byN.set(n, (byN.get(n) ?? new Map()).set(row.ratio, value));
    }
  }
  return { source: `make bench-check, recorded ${when}`, byN };
}

/** The noise band of each ratio (bench/noise-band.json): the relative spread of repeated runs. */
export interface NoiseBands {
  measured: string;
  n: number;
  bands: Record<string, { band: number; runs: number[] }>;
}

/** Relative spread of repeated runs of one ratio: (max − min) / median. Bytes: 0 (they are exact). */
export function spread(runs: number[]): number {
  const sorted = [...runs].sort((a, b) => a - b);
  const mid = sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
  return ((sorted[sorted.length - 1] ?? mid) - (sorted[0] ?? mid)) / mid;
}

export interface Compared {
  key: string;
  now: number;
  recorded?: number;
  /** Where the record is from; says so when it is at another N (then not flagged). */
  source?: string;
  /** now / recorded − 1 */
  growth?: number;
  band?: number;
  flagged: boolean;
}

/**
 * Each ratio beside its record at the same N (make bench's first, else bench-check's); where neither has
 * this N, beside make bench's at the nearest N, for reading only (not flagged). Flagged: a ratio that grew
 * by more than its band, or a byte count that grew at all.
 */
export function compare(now: Map<string, number>, n: number, records: Recorded[], noise?: NoiseBands): Compared[] {
  const out: Compared[] = [];
  for (const def of RATIOS) {
    const value = now.get(def.key);
    if (value === undefined) continue;
    const same = records.find((r) => r.byN.get(n)?.has(def.key));
    const band = def.kind === "bytes" ? 0 : noise?.bands[def.key]?.band;
    if (same) {
      const recorded = same.byN.get(n)?.get(def.key) as number;
      const growth = value / recorded - 1;
      const grew =
        def.kind === "bytes" ? Math.round(value) > Math.round(recorded) : band !== undefined && growth > band;
      out.push({ key: def.key, now: value, recorded, source: `${same.source}, N=${n}`, growth, band, flagged: grew });
      continue;
    }
    const other = records
      .flatMap((r) => [...r.byN].filter(([, m]) => m.has(def.key)).map(([m, ratios]) => ({ r, m, ratios })))
      .sort((a, b) => Math.abs(a.m - n) - Math.abs(b.m - n))[0];
    out.push(
      other
        ? {
            key: def.key,
            now: value,
            recorded: other.ratios.get(def.key),
            source: `${other.r.source}, N=${other.m}: another N, not compared`,
            band,
            flagged: false,
          }
        : { key: def.key, now: value, band, flagged: false },
    );
  }
  return out;
}

/** The comparison as a table for a terminal (and the closing note of a change). */
export function render(rows: Compared[], n: number): string {
  const fmt = (def: RatioDef | undefined, x: number | undefined) =>
    x === undefined ? "–" : def?.kind === "bytes" ? x.toFixed(0) : x.toFixed(2);
  const pct = (x: number | undefined) => (x === undefined ? "–" : `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)} %`);
  const lines = [
    `| N = ${n} | now | recorded | growth | noise band | | recorded by |`,
    "|---|---|---|---|---|---|---|",
  ];
  for (const row of rows) {
    const def = RATIOS.find((d) => d.key === row.key);
    const band =
      def?.kind === "bytes" ? "exact" : row.band === undefined ? "not measured" : `±${(row.band * 100).toFixed(1)} %`;
    lines.push(
      `| ${row.key} | ${fmt(def, row.now)} | ${fmt(def, row.recorded)} | ${pct(row.growth)} | ${band} | ${row.flagged ? "**GREW**" : ""} | ${row.source ?? "no record"} |`,
    );
  }
  return lines.join("\n");
}
