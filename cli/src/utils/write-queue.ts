import { mkdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/** Writes in flight at once: enough to keep the disk busy while the main thread computes. */
const IN_FLIGHT = 16;
/** Past this many waiting writes, write synchronously: memory stays bounded at any site size. */
const MAX_WAITING = 1000;

/**
 * Writes files on libuv's thread pool while the main thread goes on rendering: creating
 * thousands of files costs a build seconds of blocking system calls on a slow disk. `flush`
 * waits for every write and rethrows the first failure, so a failed write still fails the build.
 */
export class WriteQueue {
  private readonly waiting: [string, string | Uint8Array][] = [];
  private readonly dirs = new Set<string>();
  private running = 0;
  private failure: unknown = null;
  private idle: (() => void)[] = [];

  write(file: string, contents: string | Uint8Array): void {
    const dir = path.dirname(file);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    if (this.waiting.length >= MAX_WAITING) return writeFileSync(file, contents);
    this.waiting.push([file, contents]);
    this.pump();
  }

  async flush(): Promise<void> {
    if (this.running > 0 || this.waiting.length > 0) await new Promise<void>((resolve) => this.idle.push(resolve));
    if (this.failure) {
      const failure = this.failure;
      this.failure = null;
      throw failure;
    }
  }

  private pump() {
    while (this.running < IN_FLIGHT && this.waiting.length > 0) {
      const [file, contents] = this.waiting.shift()!;
      this.running++;
      writeFile(file, contents)
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
