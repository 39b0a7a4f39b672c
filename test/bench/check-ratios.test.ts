/**
 * `make bench-check` (bench/check.ts) reads the last recorded ratios out of bench/RESULTS.md and flags the
 * ones that grew by more than their noise band: the reading and the flagging, on a report written the way
 * `make bench` writes it. No bench is run here.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  compare,
  markdownTables,
  type NoiseBands,
  ratiosOf,
  recordedByBench,
  recordedByCheck,
  render,
  spread,
} from "../../bench/check-ratios";

const report = `<!-- bench:start -->
# Benchmark results

Recorded 2026-11-26T03:21:04.056Z by \`make bench\` (bench/run.ts).

| N | operation | futrou (s) | flat baseline (s) | ratio | shaped baseline (s) | ratio to shaped | wide baseline (s) | ratio to wide | API floor (s) | ratio net of the floor | futrou peak RSS (MB) | flat baseline peak RSS (MB) |
|---|---|---|---|---|---|---|---|---|---|---|---|---|
| 100 | create | 12.00 | 10.00 | **1.20** | – | – | – | – | 1.00 | 1.10 | 300 | 250 |
| 100 | no-change up | 2.00 | 2.00 | **1.00** | – | – | – | – | 0.00 | 1.00 | 200 | 200 |
| 100 | refresh | 1.50 | 1.00 | **1.50** | – | – | 1.25 | **1.20** | 0.00 | 1.50 | 100 | 100 |
| 100 | destroy | 11.00 | 10.00 | **1.10** | – | – | – | – | 1.00 | 1.00 | 90 | 100 |

| N | operation | dynamic (s) | plugin (s) | plugin / dynamic | dynamic peak RSS (MB) | plugin peak RSS (MB) |
|---|---|---|---|---|---|---|
| 100 | create | 12.00 | 9.60 | **0.80** | 300 | 280 |

| N | program | resources | state bytes / resource | serialized provider bytes / resource |
|---|---|---|---|---|
| 100 | mix | 100 | 2473 | 239 |
| 100 | plugin | 100 | 1884 | 0 |
<!-- bench:end -->

Notes written by hand, with a table that is not the bench's:

| N | something else |
|---|---|
| 100 | 7 |

<!-- bench-check:start -->
## make bench-check's record (bench/check.ts)

Recorded 2026-11-27T15:00:00.000Z at abc1234, load average (1 min) 2.00 (1.90–2.10); median of 3 rounds.

| N | ratio | value |
|---|---|---|
| 300 | dynamic create / flat baseline | 1.150 |
<!-- bench-check:end -->
`;

const noise: NoiseBands = {
  measured: "a test",
  n: 100,
  bands: {
    "dynamic create / flat baseline": { band: 0.05, runs: [1.19, 1.2, 1.25] },
    "dynamic destroy / flat baseline": { band: 0.2, runs: [1, 1.1, 1.2] },
  },
};

describe("reading the record", () => {
  it("reads make bench's tables by their headers, bold marks and dashes included", () => {
    const recorded = recordedByBench(report);
    const at100 = recorded?.byN.get(100);
    expect(recorded?.source).toBe("make bench, recorded 2026-11-26T03:21:04.056Z");
    expect(at100?.get("dynamic create / flat baseline")).toBeCloseTo(1.2);
    expect(at100?.get("dynamic refresh / wide baseline")).toBeCloseTo(1.2);
    expect(at100?.get("plugin / dynamic create")).toBeCloseTo(0.8);
    expect(at100?.get("state bytes per resource, dynamic")).toBe(2473);
    expect(at100?.get("state bytes per resource, plugin")).toBe(1884);
    // Worst of the four operations: create, 300 / 250.
    expect(at100?.get("dynamic peak RSS / flat baseline, worst of four")).toBeCloseTo(1.2);
  });

  it("leaves out what the report does not have: the plugin's other operations, and notes outside the section", () => {
    const at100 = recordedByBench(report)?.byN.get(100);
    expect(at100?.has("plugin / dynamic refresh")).toBe(false);
    expect([...(recordedByBench(report)?.byN.keys() ?? [])]).toEqual([100]);
  });

  it("reads bench-check's own record", () => {
    const recorded = recordedByCheck(report);
    expect(recorded?.byN.get(300)?.get("dynamic create / flat baseline")).toBe(1.15);
    expect(recorded?.source).toContain("2026-11-27T15:00:00.000Z");
  });

  it("finds no record where the file has no section", () => {
    expect(recordedByBench("# nothing recorded\n")).toBeUndefined();
    expect(recordedByCheck("# nothing recorded\n")).toBeUndefined();
  });

  it("reads the repository's own RESULTS.md: make bench's ratios at N = 1000", () => {
    const text = readFileSync(join(__dirname, "..", "..", "bench", "RESULTS.md"), "utf8");
    const at1000 = recordedByBench(text)?.byN.get(1000);
    expect(at1000?.get("dynamic create / flat baseline")).toBeGreaterThan(0);
    expect(at1000?.get("state bytes per resource, dynamic")).toBeGreaterThan(0);
  });

  it("splits markdown tables at the first line that is not a row", () => {
    expect(markdownTables("| a | b |\n|---|---|\n| 1 | **2** |\ntext\n| c |\n|---|\n| 3 |")).toEqual([
      [{ a: "1", b: "2" }],
      [{ c: "3" }],
    ]);
  });
});

describe("flagging", () => {
  const records = [recordedByBench(report), recordedByCheck(report)].flatMap((r) => (r ? [r] : []));
  const now = (values: Record<string, number>) => new Map(Object.entries(values));

  it("flags a ratio that grew by more than its band, not one that grew by less", () => {
    const rows = compare(
      now({ "dynamic create / flat baseline": 1.3, "dynamic destroy / flat baseline": 1.3 }),
      100,
      records,
      noise,
    );
    const create = rows.find((r) => r.key === "dynamic create / flat baseline");
    const destroy = rows.find((r) => r.key === "dynamic destroy / flat baseline");
    expect(create).toMatchObject({ recorded: 1.2, band: 0.05, flagged: true });
    expect(create?.growth).toBeCloseTo(1.3 / 1.2 - 1);
    // 1.3 / 1.1 is 18 % more, inside destroy's band of 20 %.
    expect(destroy).toMatchObject({ flagged: false });
  });

  it("does not flag a ratio that fell, nor one without a measured band", () => {
    const rows = compare(
      now({ "dynamic create / flat baseline": 1.0, "dynamic no-change up / flat baseline": 5 }),
      100,
      records,
      noise,
    );
    expect(rows.map((r) => r.flagged)).toEqual([false, false]);
    expect(rows[1]?.band).toBeUndefined();
  });

  it("flags state bytes that grew by a whole byte per resource, whatever the band", () => {
    const rows = compare(
      now({ "state bytes per resource, dynamic": 2473.4, "state bytes per resource, plugin": 1885 }),
      100,
      records,
      noise,
    );
    expect(rows.map((r) => [r.key, r.flagged])).toEqual([
      ["state bytes per resource, dynamic", false],
      ["state bytes per resource, plugin", true],
    ]);
  });

  it("uses bench-check's record where make bench has none at this N", () => {
    const [row] = compare(now({ "dynamic create / flat baseline": 1.4 }), 300, records, noise);
    expect(row).toMatchObject({ recorded: 1.15, flagged: true });
    expect(row?.source).toContain("make bench-check");
  });

  it("shows the nearest N's record where this N has none, and does not flag against it", () => {
    const [row] = compare(now({ "plugin / dynamic create": 2 }), 1000, records, noise);
    expect(row?.recorded).toBeCloseTo(0.8);
    expect(row?.flagged).toBe(false);
    expect(row?.source).toContain("N=100: another N, not compared");
  });

  it("renders one row per ratio, the flagged ones marked", () => {
    const text = render(compare(now({ "dynamic create / flat baseline": 1.3 }), 100, records, noise), 100);
    expect(text).toContain("| dynamic create / flat baseline | 1.30 | 1.20 | +8.3 % | ±5.0 % | **GREW** |");
  });
});

describe("the ratios of one measurement", () => {
  it("divides each program's time by its baseline's, and leaves out what did not run", () => {
    const ratios = ratiosOf({
      n: 100,
      seconds: { mix: { create: 12, refresh: 3 }, baseline: { create: 10, refresh: 2 }, plugin: { create: 6 } },
      rss: {},
      stateBytes: { mix: 2500 },
    });
    expect(Object.fromEntries(ratios)).toEqual({
      "dynamic create / flat baseline": 1.2,
      "dynamic refresh / flat baseline": 1.5,
      "plugin / dynamic create": 0.5,
      "state bytes per resource, dynamic": 2500,
    });
  });

  it("measures a band as the spread of the runs over their median", () => {
    expect(spread([1.1, 1.0, 1.2])).toBeCloseTo(0.2 / 1.1);
  });
});
