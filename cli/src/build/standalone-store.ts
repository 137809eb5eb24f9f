import path from 'node:path';
import { transformStandalone, type StandaloneCode } from '../bundle/standalone.js';
import { mapLimit } from '../utils/task.js';
import { BlobPack } from './blob-pack.js';
import { cacheKey, engineCode } from './bundle-cache.js';

/**
 * The two forms of each standalone page (CommonJS for the prerender, an ES module for the
 * browser: bundle/standalone.ts), from the moment they are made to the render. With a cache
 * they live in its pack file (<site>/.docgen/cache/standalone) and are read back when a stage
 * needs one, not held in the heap: at 10,000 pages the two forms of every page were about
 * half a gigabyte from the server stage to the end of the render. Without a cache
 * (`--no-cache`, or the engine running from its sources) they stay in memory.
 */
export class StandaloneStore {
  private pack: BlobPack | null = null;
  private readonly engine = engineCode();
  private readonly names = new Map<number, string>();
  private readonly memory = new Map<number, { cjs: string; esm: string }>();

  constructor(private readonly cacheDir: string | null) {}

  /**
   * Each page's two forms (by route index; code and forms read when its turn comes) that the
   * pack lacks: as the compiler printed them, else transformed from its code.
   */
  async fill(codes: [number, () => string, (() => StandaloneCode | undefined)?][]): Promise<void> {
    // Opened here, inside the build's try: finish() or discard() always follows.
    if (this.cacheDir && this.engine) this.pack = new BlobPack(path.join(this.cacheDir, 'standalone'));
    await mapLimit(codes, 16, async ([i, read, printed]) => {
      const code = read();
      const forms = async () => {
        const p = printed?.();
        return p ? { cjs: p.cjs, esm: p.esm } : transformStandalone(code);
      };
      const pack = this.pack;
      if (!pack) return void this.memory.set(i, await forms());
      const name = cacheKey([this.engine!, code]);
      this.names.set(i, name);
      if (pack.keep(`${name}.cjs`) && pack.keep(`${name}.esm`)) return;
      const { cjs, esm } = await forms();
      pack.put(`${name}.cjs`, Buffer.from(cjs));
      pack.put(`${name}.esm`, Buffer.from(esm));
    });
  }

  /** The route indexes held. */
  indexes(): number[] {
    return [...(this.pack ? this.names : this.memory).keys()];
  }

  cjs(i: number): string | null {
    return this.read(i, 'cjs');
  }

  esm(i: number): string | null {
    return this.read(i, 'esm');
  }

  /** Keeps this build's entries for the next one (after the render, the last reader). */
  finish(): void {
    this.pack?.finish();
  }

  discard(): void {
    this.pack?.discard();
  }

  private read(i: number, form: 'cjs' | 'esm'): string | null {
    if (!this.pack) return this.memory.get(i)?.[form] ?? null;
    const name = this.names.get(i);
    return name ? this.pack.get(`${name}.${form}`)?.toString('utf8') ?? null : null;
  }
}
