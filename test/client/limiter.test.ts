/** The client-side rate limit: never more than `limit` request starts in any window. */
import { type LimiterClock, SlidingWindowLimiter, sharedLimiter } from "../../provider/api/limiter";

/** A fake clock: `sleep` records when each waiter would start; time only moves when told. */
function fakeClock() {
  let t = 0;
  const starts: number[] = [];
  const clock: LimiterClock = {
    now: () => t,
    sleep: async (ms) => void starts.push(t + ms),
  };
  return {
    clock,
    starts,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

/** The most starts inside any window of `windowMs`. */
function busiestWindow(starts: number[], windowMs: number): number {
  const sorted = [...starts].sort((a, b) => a - b);
  let best = 0;
  for (let i = 0, j = 0; j < sorted.length; j++) {
    while ((sorted[j] ?? 0) - (sorted[i] ?? 0) >= windowMs) i++;
    best = Math.max(best, j - i + 1);
  }
  return best;
}

test("250 requests at once: 100 now, 100 a window later, 50 after that", async () => {
  const { clock, starts } = fakeClock();
  const limiter = new SlidingWindowLimiter(100, 1000, clock);
  await Promise.all(Array.from({ length: 250 }, () => limiter.acquire()));
  expect(starts).toHaveLength(150); // the first 100 did not wait
  expect(starts.filter((t) => t === 1000)).toHaveLength(100);
  expect(starts.filter((t) => t === 2000)).toHaveLength(50);
  expect(busiestWindow([...Array(100).fill(0), ...starts], 1000)).toBe(100);
});

test("a steady trickle under the limit never waits", async () => {
  const { clock, starts, advance } = fakeClock();
  const limiter = new SlidingWindowLimiter(10, 1000, clock);
  for (let i = 0; i < 50; i++) {
    await limiter.acquire();
    advance(100);
  }
  expect(starts).toEqual([]);
});

test("waiters are served in call order", async () => {
  const { clock, starts } = fakeClock();
  const limiter = new SlidingWindowLimiter(2, 1000, clock);
  for (let i = 0; i < 6; i++) await limiter.acquire();
  expect(starts).toEqual([1000, 1000, 2000, 2000]);
});

test("one limiter per base URL + token in the process", () => {
  const a = sharedLimiter("http://127.0.0.1:1/v2", "id-secret");
  expect(sharedLimiter("http://127.0.0.1:1/v2", "id-secret")).toBe(a);
  expect(sharedLimiter("http://127.0.0.1:1/v2", "other-token")).not.toBe(a);
  expect(sharedLimiter("http://127.0.0.1:2/v2", "id-secret")).not.toBe(a);
  expect(a.limit).toBe(100);
});

test("a limit below 1 is refused", () => {
  expect(() => new SlidingWindowLimiter(0)).toThrow(RangeError);
});
