/**
 * Requests per client address in a fixed window, in bounded memory: the window's counts are
 * dropped as a whole when it ends, and past `maxKeys` addresses the oldest are forgotten
 * (a flood of addresses costs an attacker its own limit, never the server's memory).
 */
export class RateLimiter {
  private counts = new Map<string, number>();
  private windowStart: number;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 10_000,
    private readonly now: () => number = Date.now,
  ) {
    this.windowStart = now();
  }

  /** Whether `key` used up its limit in this window. */
  isLimited(key: string): boolean {
    this.roll();
    return (this.counts.get(key) ?? 0) >= this.limit;
  }

  /** Counts one event for `key`. */
  hit(key: string): void {
    this.roll();
    const count = (this.counts.get(key) ?? 0) + 1;
    if (count === 1 && this.counts.size >= this.maxKeys) {
      // Maps iterate in insertion order: the first keys are the oldest.
      let drop = Math.ceil(this.maxKeys / 10);
      for (const k of this.counts.keys()) {
        if (drop-- <= 0) break;
        this.counts.delete(k);
      }
    }
    this.counts.set(key, count);
  }

  private roll(): void {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.counts.clear();
      this.windowStart = now;
    }
  }

  /** Seconds until the current window ends (for Retry-After). */
  retryAfterS(): number {
    return Math.max(1, Math.ceil((this.windowStart + this.windowMs - this.now()) / 1000));
  }

  get size(): number {
    return this.counts.size;
  }
}
