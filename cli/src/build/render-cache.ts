import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { RenderInput } from '@docgen/core/types';
import { WriteQueue } from '../utils/write-queue.js';

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Prerendered page bodies kept on disk (<site>/.docgen/cache/render) between builds. React's
 * render is most of a rebuild's time, and a page renders from exactly these inputs: the
 * prerender bundle (theme and bundled pages), the page's own content code, its page data,
 * its locale's site data and its sidebar. The document around the body (asset and data URLs,
 * which change whenever any page changes) is assembled fresh every time, so one edited page
 * does not invalidate the others. Entries unused by a build are pruned.
 */
export class RenderCache {
  private readonly used = new Set<string>();
  private readonly jsonHashes = new WeakMap<object, string>();
  private readonly queue = new WriteQueue();
  hits = 0;

  constructor(
    private readonly dir: string,
    /** Hash of the prerender bundle's code. */
    private readonly serverKey: string,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /** Whether a body for `input` is kept (so it need not be rendered). */
  has(input: RenderInput, contentKey: string): boolean {
    return existsSync(path.join(this.dir, this.nameOf(input, contentKey)));
  }

  /** The body for `input`, from the cache or rendered (and kept). */
  body(input: RenderInput, contentKey: string, render: () => string): string {
    const name = this.nameOf(input, contentKey);
    this.used.add(name);
    const file = path.join(this.dir, name);
    try {
      const cached = readFileSync(file, 'utf8');
      this.hits++;
      return cached;
    } catch {
      const body = render();
      this.queue.write(file, body);
      return body;
    }
  }

  /** Finishes writing new entries and drops the ones this build did not use. */
  async finish(): Promise<void> {
    await this.queue.flush();
    if (!existsSync(this.dir)) return;
    for (const name of readdirSync(this.dir)) if (!this.used.has(name)) rmSync(path.join(this.dir, name), { force: true });
  }

  private nameOf(input: RenderInput, contentKey: string): string {
    return `${sha([this.serverKey, contentKey, this.hashOf(input.site), input.sidebar ? this.hashOf(input.sidebar) : '', JSON.stringify(input.page)].join('\0'))}.html`;
  }

  /** Site data and sidebars are shared by many pages: hash each object once. */
  private hashOf(value: object): string {
    let hash = this.jsonHashes.get(value);
    if (!hash) this.jsonHashes.set(value, (hash = sha(JSON.stringify(value))));
    return hash;
  }
}
