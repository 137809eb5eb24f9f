import { createHash } from 'node:crypto';
import type { RenderInput } from '@docgen/core/types';
import { BlobPack } from './blob-pack.js';
import { engineCode } from './bundle-cache.js';

/** What a written page was: its file's key in the output record, its links and ids (for the link check). */
export interface PageRecord {
  key: string;
  hrefs: string[];
  ids: string[];
}

/** A kept page's record: its key, and its links and ids read only if the link check asks (see linksOf). */
export interface KeptPage {
  key: string;
  links(): { hrefs: string[]; ids: string[] };
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * Prerendered page bodies kept between builds (<site>/.docgen/cache/render, one pack file:
 * see BlobPack). React's render is most of a rebuild's time, and a page renders from exactly
 * these inputs: the prerender bundle (theme and bundled pages), the page's own content code,
 * its page data, its locale's site data and its sidebar. The document around the body (asset
 * and data URLs) is assembled fresh every time, so one edited page does not invalidate the
 * others. Entries unused by a build are dropped.
 */
export class RenderCache {
  private readonly jsonHashes = new WeakMap<object, string>();
  private readonly pack: BlobPack;
  hits = 0;

  constructor(
    dir: string,
    /** Hash of the prerender bundle's code. */
    private readonly serverKey: string,
  ) {
    this.pack = new BlobPack(dir);
  }

  /** Whether a body for `input` is kept (so it need not be rendered). */
  has(input: RenderInput, contentKey: string): boolean {
    return this.pack.has(this.nameOf(input, contentKey));
  }

  /** The body for `input`, from the cache or rendered (and kept). */
  body(input: RenderInput, contentKey: string, render: () => string): string {
    const name = this.nameOf(input, contentKey);
    const cached = this.pack.get(name);
    if (cached) {
      this.hits++;
      return cached.toString('utf8');
    }
    const body = render();
    this.pack.put(name, Buffer.from(body));
    return body;
  }

  /** Keeps a body rendered elsewhere (a render worker), as `body` would have. */
  putBody(input: RenderInput, contentKey: string, bytes: Uint8Array): void {
    this.pack.put(this.nameOf(input, contentKey), bytes);
  }

  /**
   * The record of the page the previous build wrote from these inputs and this `document`
   * (everything its HTML holds besides the body), or null. Its body is kept for the next
   * build too. Only for the bundled engine: the page's template is the engine's own code.
   */
  page(input: RenderInput, contentKey: string, document: string): KeptPage | null {
    if (!engineCode()) return null;
    const name = this.pageName(input, contentKey, document);
    const key = this.pack.get(name);
    if (!key || !this.pack.keep(`${name}.links`)) return null;
    this.pack.keep(this.nameOf(input, contentKey));
    // Most of a record's bytes are its links: an unchanged rebuild's link check needs none (link-stage.ts).
    return { key: key.toString('utf8'), links: () => JSON.parse(this.pack.get(`${name}.links`)!.toString('utf8')) as { hrefs: string[]; ids: string[] } };
  }

  putPage(input: RenderInput, contentKey: string, document: string, record: PageRecord): void {
    if (!engineCode()) return;
    const name = this.pageName(input, contentKey, document);
    this.pack.put(name, Buffer.from(record.key));
    this.pack.put(`${name}.links`, Buffer.from(JSON.stringify({ hrefs: record.hrefs, ids: record.ids })));
  }

  /** Keeps this build's bodies (only those) for the next one: after the link check, which may read kept pages' links. */
  finish(): void {
    this.pack.finish();
  }

  /** A failed render: the cache stays as the last build left it. */
  discard(): void {
    this.pack.discard();
  }

  /** A page's name is asked for two or three times per build: its data is hashed once, as the shared objects are. */
  private nameOf(input: RenderInput, contentKey: string): string {
    return `${sha([this.serverKey, contentKey, this.hashOf(input.site), input.sidebar ? this.hashOf(input.sidebar) : '', this.hashOf(input.page)].join('\0'))}.html`;
  }

  private pageName(input: RenderInput, contentKey: string, document: string): string {
    return `${sha([this.nameOf(input, contentKey), engineCode()!, document].join('\0'))}.page`;
  }

  /** Site data and sidebars are shared by many pages, a page's data asked for several times: each object is hashed once. */
  private hashOf(value: object): string {
    let hash = this.jsonHashes.get(value);
    if (!hash) this.jsonHashes.set(value, (hash = sha(JSON.stringify(value))));
    return hash;
  }
}
