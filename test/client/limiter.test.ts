/**
 * The client-side rate limit: a slot is reused a window after the previous request finished, so the
 * server never sees more than `limit` requests in any window.
 */
import { type LimiterClock, type Release, SlidingWindowLimiter, sharedLimiter } from "../../provider/api/limiter";

/** A fake clock: time moves only on `advance`, which fires due timers. */
function fakeClock() {
  let t = 0;
  let timers: { at: number; fn: () => void }[] = [];
  const clock: LimiterClock = {
    now: () => t,
    timer: (fn, ms) => {
      const timer = { at: t + ms, fn };
      timers.push(timer);
      return () => {
        timers = timers.filter((x) => x !== timer);
      };
    },
  };
  /** Lets every resolved waiter run before time moves on. */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));
  const advance = async (ms: number) => {
    await settle();
    const end = t + ms;
    for (;;) {
      const due = timers.filter((x) => x.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      timers = timers.filter((x) => x !== due);
      t = due.at;
      due.fn();
      await settle();
    }
    t = end;
    await settle();
  };
  return { clock, advance, now: () => t };
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

/** Starts `count` requests that each take `latencyMs`; returns the start times. */
async function burst(
  limiter: SlidingWindowLimiter,
  fake: ReturnType<typeof fakeClock>,
  count: number,
  latencyMs: number,
) {
  const starts: number[] = [];
  const all = Promise.all(
    Array.from({ length: count }, async () => {
      const release = await limiter.acquire();
      starts.push(fake.now());
      fake.clock.timer(release, latencyMs);
    }),
  );
  while (starts.length < count) await fake.advance(10);
  await all;
  return starts;
}

test("250 requests at once: 100 now, the next 100 a window after the first ones finished", async () => {
  const fake = fakeClock();
  const limiter = new SlidingWindowLimiter(100, 1000, fake.clock);
  const starts = await burst(limiter, fake, 250, 50);
  expect(starts.filter((t) => t === 0)).toHaveLength(100);
  expect(starts.filter((t) => t === 1050)).toHaveLength(100);
  expect(starts.filter((t) => t === 2100)).toHaveLength(50);
  expect(busiestWindow(starts, 1000)).toBe(100);
});

test("a steady trickle under the limit never waits", async () => {
  const fake = fakeClock();
  const limiter = new SlidingWindowLimiter(10, 1000, fake.clock);
  for (let i = 0; i < 50; i++) {
    const release = await limiter.acquire();
    expect(fake.now()).toBe(i * 100);
    release();
    await fake.advance(100);
  }
});

test("waiters are served in call order; in flight never exceeds the limit", async () => {
  const fake = fakeClock();
  const limiter = new SlidingWindowLimiter(2, 1000, fake.clock);
  const order: number[] = [];
  const releases: Release[] = [];
  const all = [0, 1, 2, 3].map(async (i) => {
    releases.push(await limiter.acquire());
    order.push(i);
  });
  await fake.advance(0);
  expect(limiter.pending).toEqual({ inFlight: 2, waiting: 2 });
  releases[0]?.();
  releases[0]?.(); // a second release of the same slot is ignored
  await fake.advance(999);
  expect(order).toEqual([0, 1]);
  await fake.advance(1);
  expect(order).toEqual([0, 1, 2]);
  releases[1]?.();
  await fake.advance(1000);
  await Promise.all(all);
  expect(order).toEqual([0, 1, 2, 3]);
});

test("idle: the requests that could go now; none while others wait, none from slots still in their window", async () => {
  const fake = fakeClock();
  const limiter = new SlidingWindowLimiter(3, 1000, fake.clock);
  expect(limiter.idle).toBe(3);
  const first = await limiter.acquire();
  const second = await limiter.acquire();
  expect(limiter.idle).toBe(1);
  first();
  // Given back, but reusable only a window after its response.
  expect(limiter.idle).toBe(1);
  await fake.advance(1000);
  expect(limiter.idle).toBe(2);
  await limiter.acquire();
  await limiter.acquire();
  const waiting = limiter.acquire();
  await fake.advance(0);
  expect(limiter.pending).toEqual({ inFlight: 3, waiting: 1 });
  second();
  expect(limiter.idle).toBe(0);
  await fake.advance(1000);
  await waiting;
  expect(limiter.idle).toBe(0);
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
