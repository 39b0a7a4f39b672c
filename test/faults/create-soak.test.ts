/**
 * The create protocol under heavy faults, without the engine (a smaller run of bench/soak-create.ts):
 * 429/500/503, connections dropped before and after the write committed, answers that come after the
 * client's timeout, and a quarter of the creates tempted by a pre-existing object with the same unique value
 * (records: identical values). Nothing may be orphaned, duplicated, adopted by mistake or lost.
 */
import { HEAVY_FAULTS, runSoak } from "../../bench/soak-create";

jest.setTimeout(180_000);

test("240 faulted creates: no orphan, no duplicate, no wrong adoption, nothing lost", async () => {
  const report = await runSoak({
    creates: 240,
    seed: 3,
    faults: HEAVY_FAULTS,
    temptShare: 0.25,
    concurrency: 8,
    timeoutMs: 400,
  });
  if (process.env.FUTROU_TEST_REPORT) console.log(JSON.stringify(report));
  expect({
    orphans: report.orphans,
    duplicates: report.duplicates,
    wrongAdoptions: report.wrongAdoptions,
    lost: report.lost,
  }).toEqual({ orphans: [], duplicates: [], wrongAdoptions: [], lost: [] });
  // The dice hit every kind of fault, and tempted creates were refused, not given someone else's object.
  for (const kind of ["429", "500", "503", "dropped"]) expect(report.injected[kind]).toBeGreaterThan(0);
  expect(report.firstRun.refused).toBeGreaterThan(0);
  // Every create ends with an object by the rerun, except the tempted unique ones (their value is taken).
  expect(report.rerun.failed).toBe(0);
});
