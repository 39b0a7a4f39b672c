/** Per-token sliding one-second window: at most `perSecond` requests in any 1000 ms. */
export class RateLimiter {
  private readonly windows = new Map<string, number[]>();
  constructor(private readonly perSecond: number) {}

  /** Records the request and returns true when it is within the limit. */
  allow(key: string, now = Date.now()): boolean {
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
}
