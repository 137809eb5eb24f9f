import path from 'node:path';
import { transformStandalone, type ChunkRecord, type ChunkRecords, type StandaloneCode } from '../bundle/standalone.js';
import type { JobResult } from '../content/compile-job.js';
import { mapLimit } from '../utils/task.js';
import { BlobPack } from './blob-pack.js';
import { cacheKey, engineCode } from './bundle-cache.js';

/**
 * The two forms of each standalone page (CommonJS for the prerender, an ES module for the
 * browser: bundle/standalone.ts), from the moment they are made to the render, by a key of
 * the engine and the page's code. The compile job prints them (content/standalone-forms.ts):
 * they are held here as each page's result arrives; a page whose compile came from the cache
 * finds them here from an earlier build, else esbuild transforms its code. With a cache they
 * live in its pack file (<site>/.docgen/cache/standalone) and are read back when a stage needs
 * one, not held in the heap: at 10,000 pages the two forms of every page were about half a
 * gigabyte from the server stage to the end of the render. Without a cache (`--no-cache`, the
 * engine running from its sources, or another build holding the pack) they stay in memory.
 */
export class StandaloneStore {
  /** undefined until first used; null: kept in memory. */
  private pack: BlobPack | null | undefined;
  private readonly engine = engineCode();
  private readonly names = new Map<number, string>();
  private readonly memory = new Map<string, StandaloneCode>();

  constructor(private readonly cacheDir: string | null) {}

  /** For compileRoutes' onResult: takes a plain page's printed forms out of its result. */
  readonly holdResult = (result: JobResult): void => {
    if (!result.ok || !result.standalone) return;
    this.hold(result.codeHash, result.standalone);
    delete result.standalone;
  };

  /**
   * Each page's two forms (by route index and its code's hash): held since its compile, kept
   * from an earlier build, or transformed from its code (read only then).
   */
  async fill(codes: [number, string, () => string][]): Promise<void> {
    const pack = this.open();
    await mapLimit(codes, 16, async ([i, hash, read]) => {
      const name = this.nameOf(hash);
      this.names.set(i, name);
      if (pack ? pack.keep(`${name}.cjs`) && pack.keep(`${name}.esm`) : this.memory.has(name)) return;
      this.store(name, await transformStandalone(read()));
    });
  }

  /** The route indexes held. */
  indexes(): number[] {
    return [...this.names.keys()];
  }

  cjs(i: number): string | null {
    return this.read(i, 'cjs');
  }

  esm(i: number): string | null {
    return this.read(i, 'esm');
  }

  /**
   * The records of the browser chunks written from these forms (writeStandaloneChunks): kept
   * beside them in the pack, named by the forms and the chunk's other inputs, so an unchanged
   * chunk is neither read, hashed nor written again. None without a pack.
   */
  readonly chunkRecords: ChunkRecords = {
    get: (i, inputs) => {
      const bytes = this.pack?.get(this.chunkName(i, inputs));
      return bytes ? (JSON.parse(bytes.toString('utf8')) as ChunkRecord) : null;
    },
    put: (i, inputs, record) => this.pack?.put(this.chunkName(i, inputs), Buffer.from(JSON.stringify(record))),
  };

  /** Generated pages have no forms (no name): the engine names the chunk's format then. */
  private chunkName(i: number, inputs: string): string {
    return `${cacheKey([this.engine ?? '', this.names.get(i) ?? '', inputs])}.chunk`;
  }

  /** Keeps this build's entries for the next one (after the render, the last reader). */
  finish(): void {
    this.pack?.finish();
  }

  /**
   * A failed build keeps what it stored too, with everything the last build kept: entries are
   * named by their code, so they stay right, and the next build finds the pages compiled
   * before the failure (their compile is cached) already printed.
   */
  discard(): void {
    this.pack?.keepAll();
    this.pack?.finish();
  }

  private hold(hash: string, forms: StandaloneCode): void {
    const name = this.nameOf(hash);
    const pack = this.open();
    if (pack ? pack.keep(`${name}.cjs`) && pack.keep(`${name}.esm`) : this.memory.has(name)) return;
    this.store(name, forms);
  }

  private store(name: string, { cjs, esm }: StandaloneCode): void {
    const pack = this.open();
    if (!pack) return void this.memory.set(name, { cjs, esm });
    pack.put(`${name}.cjs`, Buffer.from(cjs));
    pack.put(`${name}.esm`, Buffer.from(esm));
  }

  private open(): BlobPack | null {
    if (this.pack === undefined) {
      const pack = this.cacheDir && this.engine ? new BlobPack(path.join(this.cacheDir, 'standalone')) : null;
      this.pack = pack?.usable ? pack : null;
    }
    return this.pack;
  }

  /** `hash`: the code's sha256, which names it as well as the code itself would. */
  private nameOf(hash: string): string {
    return cacheKey([this.engine ?? '', hash]);
  }

  private read(i: number, form: 'cjs' | 'esm'): string | null {
    const name = this.names.get(i);
    if (!name) return null;
    return this.pack ? this.pack.get(`${name}.${form}`)?.toString('utf8') ?? null : this.memory.get(name)?.[form] ?? null;
  }
}
