/**
 * bench/convert.ts at a small N (`make bench-convert` runs 1,000): the conversion of a project with N records
 * stays within N/100 + 20 API requests and writes nothing, and the first up imports every object, as many as
 * the engine's own import of the same ids and as the same program's up on the do-nothing plugin (the issue's
 * baseline), empty or answering the real records' state (which then weighs in its checkpoints as in the real
 * stack's); the fast path (checkpoints skipped) adopts as much, writes nothing and leaves no change to make.
 * Timing is the bench's, not asserted here.
 */
import { benchConvert } from "../../bench/convert";
import { requireBuilt } from "../languages/lifecycle";

jest.setTimeout(600_000);

test("convert + adopt of 30 records: at most N/100 + 20 requests, no write, every object imported", async () => {
  requireBuilt();
  const r = await benchConvert(30, 1);
  // The records, the zone, the project, a serverlet, a storage, a proxy and a cron.
  expect(r.objects).toBe(30 + 6);
  expect(r.convertRequests).toBeLessThanOrEqual(Math.floor(r.n / 100) + 20);
  expect(r.convertWrites).toBe(0);
  expect(r.upWrites).toBe(0);
  expect(r.upImports).toBe(r.objects);
  expect(r.baselineImports).toBe(r.objects);
  expect(r.nothingImports).toBe(r.objects);
  expect(r.sameStateImports).toBe(r.objects);
  expect({ imports: r.fastImports, writes: r.fastWrites, changesAfter: r.fastPreviewChanges }).toEqual({
    imports: r.objects,
    writes: 0,
    changesAfter: 0,
  });
  // The same-state baseline stores the records' inputs and outputs as the real stack does; the empty one, none.
  expect(r.stateBytes.sameState).toBeGreaterThan(r.stateBytes.nothing + 300);
  expect(r.stateBytes.sameState).toBeLessThanOrEqual(r.stateBytes.up);
  expect(r.rounds).toHaveLength(1);
});
