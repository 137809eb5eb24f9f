import { mkdirSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Pool } from './pool.js';

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
  private readonly dirs = new Set<string>();
  private readonly pool = new Pool<[string, string | Uint8Array]>(IN_FLIGHT, ([file, contents]) => writeFile(file, contents));

  write(file: string, contents: string | Uint8Array): void {
    const dir = path.dirname(file);
    if (!this.dirs.has(dir)) {
      mkdirSync(dir, { recursive: true });
      this.dirs.add(dir);
    }
    if (this.pool.waiting.length >= MAX_WAITING) return writeFileSync(file, contents);
    this.pool.push([file, contents]);
  }

  flush(): Promise<void> {
    return this.pool.settled();
  }
}
