/** The rate limiter's memory stays bounded: idle keys are swept, and a flood of keys cannot pile up. */
import { RateLimiter } from "../../emulator/ratelimit";

test("keys idle for a second are swept", () => {
  const limiter = new RateLimiter(5);
  for (let i = 0; i < 5000; i++) limiter.allow(`key-${i}`, 1_000);
  expect(limiter.size).toBe(5000);
  limiter.allow("later", 2_500);
  expect(limiter.size).toBe(1);
});

test("never more than maxKeys, even when all are active in the same second", () => {
  const limiter = new RateLimiter(5, 100);
  for (let i = 0; i < 10_000; i++) limiter.allow(`key-${i}`, 1_000 + (i % 500));
  expect(limiter.size).toBeLessThanOrEqual(100);
});

test("the window slides: a full budget frees up one second later", () => {
  const limiter = new RateLimiter(2);
  expect([limiter.allow("t", 0), limiter.allow("t", 10), limiter.allow("t", 20)]).toEqual([true, true, false]);
  expect(limiter.allow("t", 1_001)).toBe(true);
});
