import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseFrontMatter } from '../content/front-matter.js';
import { readDoc, type DocSource } from '../content/load-docs.js';

type Meta = Omit<DocSource, 'body' | 'absolutePath' | 'relativePath' | 'siteRelativePath'>;

/** One file as a previous start read it: what it was (size, mtime) and what the routes need of it. */
type Entry = [relativePath: string, siteRelativePath: string, size: number, mtimeMs: number, meta: Meta];

interface CacheFile {
  engine: string;
  docs: Record<string, Entry>;
}

/**
 * What `docgen dev` read of each doc at its last start (front matter, title, slug; not the
 * text), in `<site>/.docgen/cache/dev-docs.json`. The routes and sidebars need only that,
 * so a start reads just the files whose size or modification time changed since: at 10,000
 * pages, reading and parsing every file was most of a start. A page's text is read when it
 * is first compiled. The entry of a file that changes while dev runs is not used again: the
 * next start sees its new mtime.
 */
export class DocCache {
  private readonly file: string;
  private readonly engine = engineStamp();
  private entries: Record<string, Entry> = {};
  /** Files read since the cache was last written: only they are kept (deleted docs drop out). */
  private readonly seen = new Set<string>();
  private dirty = false;
  hits = 0;
  misses = 0;

  constructor(siteDir: string) {
    this.file = path.join(siteDir, '.docgen', 'cache', 'dev-docs.json');
    try {
      const data = JSON.parse(readFileSync(this.file, 'utf8')) as CacheFile;
      if (data.engine === this.engine) this.entries = data.docs;
    } catch {
      // none yet, or unreadable: every doc is read
    }
  }

  /** readDoc, from the cache when the file is as it was. */
  read = (absolutePath: string, relativePath: string, siteRelativePath: string): DocSource => {
    const stat = statSync(absolutePath, { throwIfNoEntry: false });
    const known = this.entries[absolutePath];
    this.seen.add(absolutePath);
    if (stat && known && known[0] === relativePath && known[1] === siteRelativePath && known[2] === stat.size && known[3] === stat.mtimeMs) {
      this.hits++;
      return lazyBody({ ...known[4], absolutePath, relativePath, siteRelativePath } as DocSource);
    }
    this.misses++;
    const doc = readDoc(absolutePath, relativePath, siteRelativePath);
    if (stat) {
      const { body: _b, absolutePath: _a, relativePath: _r, siteRelativePath: _s, ...meta } = doc;
      this.entries[absolutePath] = [relativePath, siteRelativePath, stat.size, stat.mtimeMs, meta];
      this.dirty = true;
    }
    return doc;
  };

  /**
   * Writes what the routes just read (after a start or a rebuild), when something was read
   * afresh or is gone. Best effort: a cache that cannot be written costs the next start time.
   */
  save(): void {
    const gone = Object.keys(this.entries).filter((f) => !this.seen.has(f));
    for (const f of gone) delete this.entries[f];
    this.seen.clear();
    if (!this.dirty && gone.length === 0) return;
    this.dirty = false;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ engine: this.engine, docs: this.entries } satisfies CacheFile));
      renameSync(tmp, this.file);
    } catch {
      // read-only site folder or full disk
    }
  }
}

/** The doc's text, read (and its front matter cut off) the first time something asks for it. */
function lazyBody(doc: DocSource): DocSource {
  let body: string | undefined;
  Object.defineProperty(doc, 'body', {
    enumerable: true,
    configurable: true,
    get: () => (body ??= parseFrontMatter(readFileSync(doc.absolutePath, 'utf8'), doc.siteRelativePath).body),
    set: (value: string) => (body = value),
  });
  return doc;
}

/** docgen's own code: a new engine may read docs differently, so its cache starts over. */
function engineStamp(): string {
  const self = fileURLToPath(import.meta.url);
  const s = statSync(self, { throwIfNoEntry: false });
  return `${self}\0${s?.size}\0${s?.mtimeMs}`;
}
