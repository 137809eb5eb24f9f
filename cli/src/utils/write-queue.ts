import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Pool } from './pool.js';

/** Writes in flight at once: enough to keep the disk busy while the main thread computes. */
const IN_FLIGHT = 16;
/**
 * Past this much waiting (bytes, a string's counted at two per character as V8 may hold it),
 * write synchronously: on a slow disk a queue of whole pages held 140 MB at 1000 pages.
 */
const MAX_WAITING_BYTES = 16 * 2 ** 20;

/**
 * Writes files on libuv's thread pool while the main thread goes on rendering: creating
 * thousands of files costs a build seconds of blocking system calls on a slow disk. `flush`
 * waits for every write and rethrows the first failure, so a failed write still fails the build.
 */
export class WriteQueue {
  /** Folders made (or being made) by this queue: each is made once, off the main thread. */
  private readonly dirs = new Map<string, Promise<unknown>>();
  private waitingBytes = 0;
  private readonly pool = new Pool<[string, string | Uint8Array]>(IN_FLIGHT, async ([file, contents]) => {
    try {
      await this.dirOf(file);
      await writeFile(file, contents);
    } finally {
      this.waitingBytes -= sizeOf(contents);
    }
  });

  write(file: string, contents: string | Uint8Array): void {
    if (this.waitingBytes >= MAX_WAITING_BYTES) {
      mkdirSync(path.dirname(file), { recursive: true });
      return writeFileSync(file, contents);
    }
    this.waitingBytes += sizeOf(contents);
    this.pool.push([file, contents]);
  }

  private dirOf(file: string): Promise<unknown> {
    const dir = path.dirname(file);
    let made = this.dirs.get(dir);
    if (!made) this.dirs.set(dir, (made = mkdir(dir, { recursive: true })));
    return made;
  }

  flush(): Promise<void> {
    return this.pool.settled();
  }
}

/**
 * A slice of a large buffer is counted with the whole buffer, which it keeps alive; small
 * buffers share node's 8 KB pool slabs, and counting each as its slab stalled the queue.
 */
const sizeOf = (contents: string | Uint8Array) => (typeof contents === 'string' ? contents.length * 2 : contents.buffer.byteLength > Buffer.poolSize ? Math.max(contents.byteLength, contents.buffer.byteLength) : contents.byteLength);
