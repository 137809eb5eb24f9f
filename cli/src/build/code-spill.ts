import { closeSync, openSync, readSync, rmSync, writeSync } from 'node:fs';

/**
 * Compiled pages' code moved out of the heap into one temporary file and read back when a
 * stage needs it. At 10,000 pages the code was about 500 MB of heap from the compile to the
 * client bundle (most pages have a typographic quote or dash, so V8 holds their code as
 * two-byte strings), and every stage between collected garbage over it. Each page's code is
 * read a few times (to hash it, transform it, bundle it), from the operating system's cache.
 */
export class CodeSpill {
  private fd: number | null;
  private size = 0;

  /** `file`: a path of its own beside the build's staging folder (same disk, removed by close). */
  constructor(private readonly file: string) {
    this.fd = openSync(file, 'w+');
  }

  /** Moves `target.code` into the file: reading it reads the file; setting it (to '') drops it. */
  hold(target: { code: string }): void {
    const bytes = Buffer.from(target.code);
    if (this.fd === null) throw new Error('internal: code spill used after close');
    writeSync(this.fd, bytes, 0, bytes.length, this.size);
    let place: [number, number] | null = [this.size, bytes.length];
    this.size += bytes.length;
    let replaced = '';
    Object.defineProperty(target, 'code', {
      enumerable: true,
      configurable: true,
      get: () => (place ? this.read(place) : replaced),
      set: (code: string) => {
        place = null;
        replaced = code;
      },
    });
  }

  /** For `hold` as each compile result arrives (compileRoutes' onResult). */
  readonly holdResult = (result: { ok: boolean; code?: string }): void => {
    // A cached page's code is already read from the compile cache's pack only when asked for.
    if (result.ok && !Object.getOwnPropertyDescriptor(result, 'code')?.get) this.hold(result as { code: string });
  };

  close(): void {
    if (this.fd !== null) closeSync(this.fd);
    this.fd = null;
    rmSync(this.file, { force: true });
  }

  private read([offset, length]: [number, number]): string {
    if (this.fd === null) throw new Error('internal: code spill used after close');
    const bytes = Buffer.allocUnsafe(length);
    if (readSync(this.fd, bytes, 0, length, offset) !== length) throw new Error(`internal: short read in ${this.file}`);
    return bytes.toString('utf8');
  }
}

/** `to.code` becomes `from.code` as it is: a string, or a spill's reader (not read now). */
export function moveCode(from: { code: string }, to: { code: string }): void {
  moveField(from, to, 'code');
}

/** `to[field]` becomes `from[field]` as it is: a value, or a reader of the compile cache (not read now). */
export function moveField<K extends string>(from: Record<K, unknown>, to: Record<K, unknown>, field: K): void {
  Object.defineProperty(to, field, Object.getOwnPropertyDescriptor(from, field)!);
}
