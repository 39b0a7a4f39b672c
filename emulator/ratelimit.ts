/**
 * Sliding one-second window per key: at most `perSecond` requests in any 1000 ms. The server keys it by
 * the authenticated token's id (or, without a valid token, by the client address), so spelling one
 * token's header differently shares one budget and bogus headers cannot create keys. Keys idle for a
 * second are swept, and the table never holds more than `maxKeys`.
 */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();
  private lastSweep = 0;
  constructor(
    private readonly perSecond: number,
    private readonly maxKeys = 10_000,
  ) {}

  /** Records the request and returns true when it is within the limit. */
  allow(key: string, now = Date.now()): boolean {
    this.sweep(now);
    let stamps = this.windows.get(key);
    if (!stamps) {
      stamps = [];
      this.windows.set(key, stamps);
    }
    let old = 0;
    while (old < stamps.length && (stamps[old] ?? 0) <= now - 1000) old++;
    if (old > 0) stamps.splice(0, old);
    if (stamps.length >= this.perSecond) return false;
    stamps.push(now);
    return true;
  }

  /** Keys currently tracked. */
  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 1000 && this.windows.size < this.maxKeys) return;
    this.lastSweep = now;
    for (const [key, stamps] of this.windows) {
      if ((stamps[stamps.length - 1] ?? 0) <= now - 1000) this.windows.delete(key);
    }
    // Still full of keys active this very second: drop the oldest-inserted (Map order).
    for (const key of this.windows.keys()) {
      if (this.windows.size < this.maxKeys) break;
      this.windows.delete(key);
    }
  }
}
