/**
 * A queue of async jobs with at most `limit` running: the shared core of the build's
 * background work (file writes, compression). `settled` waits until nothing runs or waits and
 * rethrows the first failure, so background work still fails the build.
 */
export class Pool<T> {
  readonly waiting: T[] = [];
  private running = 0;
  private failure: unknown = null;
  private idle: (() => void)[] = [];

  constructor(
    private readonly limit: number,
    private readonly run: (job: T) => Promise<void>,
  ) {}

  push(job: T): void {
    this.waiting.push(job);
    this.pump();
  }

  async settled(): Promise<void> {
    if (this.running > 0 || this.waiting.length > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failure) {
      const failure = this.failure;
      this.failure = null;
      throw failure;
    }
  }

  /** Drops what waits and lets what runs end. */
  async drain(): Promise<void> {
    this.waiting.length = 0;
    await this.settled().catch(() => undefined);
  }

  private pump() {
    while (this.running < this.limit && this.waiting.length > 0) {
      const job = this.waiting.pop()!;
      this.running++;
      this.run(job)
        .catch((error: unknown) => {
          this.failure ??= error;
        })
        .finally(() => {
          this.running--;
          this.pump();
          if (this.running === 0 && this.waiting.length === 0) for (const resolve of this.idle.splice(0)) resolve();
        });
    }
  }
}
