import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { findCategoryFile, readCategoryMeta, type CategoryMeta } from '../content/category.js';
import { docFromParts, docFromSource, type DocSource } from '../content/load-docs.js';
import { keepFactsIn, type BodyFacts } from '../content/body-facts.js';
import type { FileStamp } from '../utils/file-stamps.js';
import type { FrontMatter } from '../content/front-matter.js';
import { CachedDoc, type CachedDocOwner, type Cut, type StoredMeta } from './cached-doc.js';

/**
 * One file as a previous start read it, keyed by its site-relative path: its path in the docs
 * folder (as where it starts in the site-relative path, or in full when that is not its end),
 * what it was (size, mtime) and what the routes need of it. At 10,000 pages the file is
 * parsed at every start: no path in it twice.
 */
type Entry = [relativePath: number | string, size: number, mtimeMs: number, meta: StoredMeta, cut: Cut, facts?: BodyFacts | null, head?: string];

/** A category file as a previous start read it (keyed by its site-relative path). */
type CategoryEntry = [size: number, mtimeMs: number, meta: CategoryMeta];

interface CacheFile {
  engine: string;
  docs: Record<string, Entry>;
  categories?: Record<string, CategoryEntry>;
}

/**
 * What `docgen dev` read of each doc at its last start (front matter, title, slug; not the
 * text), in `<site>/.docgen/cache/dev-docs.json`. The routes and sidebars need only that,
 * so a start reads just the files whose size or modification time changed since: at 10,000
 * pages, reading and parsing every file was most of a start. A page's text is read when it
 * is first compiled. The entry of a file that changes while dev runs is not used again: the
 * next start sees its new mtime.
 */
export class DocCache implements CachedDocOwner {
  private readonly file: string;
  private readonly engine = engineStamp();
  private entries: Record<string, Entry> = {};
  private categories: Record<string, CategoryEntry> = {};
  /** Files read since the cache was last written: only they are kept (deleted docs drop out). */
  private readonly seen = new Set<string>();
  private dirty = false;
  hits = 0;
  misses = 0;
  /** Bodies of cached docs whose front matter had to be parsed again (the file changed meanwhile). */
  parses = 0;

  markDirty(): void {
    this.dirty = true;
  }

  constructor(private readonly siteDir: string) {
    this.file = path.join(siteDir, '.docgen', 'cache', 'dev-docs.json');
  }

  private parsed = false;

  /**
   * Parses the cache file (60 ms at 10,000 pages) now: a start does it while its config
   * loads, unless a kept start page may be answered first (then it is parsed when first needed).
   */
  preload(): void {
    if (this.parsed) return;
    this.parsed = true;
    try {
      const text = readFileSync(this.file, 'utf8');
      const data = JSON.parse(text) as CacheFile;
      // Few sites have dates in their front matter: walking 10,000 entries for none cost 15 ms.
      if (text.includes(JSON.stringify(DATE))) for (const entry of Object.values(data.docs)) reviveDates(entry[3]);
      if (data.engine === this.engine) {
        this.entries = data.docs;
        this.categories = data.categories ?? {};
      }
    } catch {
      // none yet, or unreadable: every doc is read
    }
  }

  /** readDoc, from the cache when the file is as it was. */
  read = (absolutePath: string, relativePath: string, siteRelativePath: string): DocSource => {
    this.preload();
    const stat = statSync(absolutePath, { throwIfNoEntry: false });
    const known = this.entries[siteRelativePath];
    this.seen.add(siteRelativePath);
    if (stat && known && sameRelative(known[0], relativePath, siteRelativePath) && known[1] === stat.size && known[2] === stat.mtimeMs) {
      this.hits++;
      return new CachedDoc(known[3], { absolutePath, relativePath, siteRelativePath }, known[1], known[4], known, this);
    }
    this.misses++;
    const source = readFileSync(absolutePath, 'utf8');
    const head = known?.[4] && typeof known[6] === 'string' ? { cut: known[4], hash: known[6] } : null;
    const { doc, bodyLines } = (head && docOfHead(head, known![3].frontMatter, source, { absolutePath, relativePath, siteRelativePath })) || docFromSource(source, absolutePath, relativePath, siteRelativePath);
    if (stat) {
      const { body: _b, absolutePath: _a, relativePath: _r, siteRelativePath: _s, slug, ...meta } = doc;
      const rel = siteRelativePath.endsWith(relativePath) ? siteRelativePath.length - relativePath.length : relativePath;
      const cut = cutOf(source, doc.body, bodyLines);
      const entry: Entry = [rel, stat.size, stat.mtimeMs, slug === meta.id ? meta : { ...meta, slug }, cut, null];
      if (cut) entry[6] = headHash(source, cut);
      this.entries[siteRelativePath] = entry;
      this.dirty = true;
      keepFactsIn(doc, { get: () => undefined, set: (facts) => void (entry[5] = facts) });
    }
    return doc;
  };

  /**
   * readCategoryMeta, from the cache when the file is as it was: one stat instead of reading
   * and validating it (1,300 folders at 10,000 pages). Which file a folder has is still looked
   * for each time (a new `_category_.json` takes over from a `.yml`); a bad file is not kept.
   */
  readCategory = (dir: string, siteDir: string, name = findCategoryFile(dir)): CategoryMeta | null => {
    if (!name) return null;
    this.preload();
    const file = path.join(dir, name);
    const key = path.relative(siteDir, file);
    this.seen.add(key);
    const stat = statSync(file, { throwIfNoEntry: false });
    const known = this.categories[key];
    if (stat && known && known[0] === stat.size && known[1] === stat.mtimeMs) return known[2];
    const meta = readCategoryMeta(dir, siteDir, name);
    if (stat && meta) {
      this.categories[key] = [stat.size, stat.mtimeMs, meta];
      this.dirty = true;
    }
    return meta;
  };

  /**
   * True when every doc and category file this cache holds has, in `stamps` (taken of the
   * whole site just now), the size and time it was read with: nothing changed that the
   * session has not read yet (start-page.ts).
   */
  agrees(stamps: readonly FileStamp[]): boolean {
    this.preload();
    const now = new Map(stamps.map(([file, size, mtime]) => [file, [size, mtime]]));
    const same = (key: string, size: number, mtime: number) => {
      const [s, m] = this.rereads.get(key) ?? [size, mtime];
      const disk = now.get(path.join(this.siteDir, key));
      return disk !== undefined && disk[0] === s && disk[1] === m;
    };
    return Object.entries(this.entries).every(([key, e]) => same(key, e[1], e[2])) && Object.entries(this.categories).every(([key, c]) => same(key, c[0], c[1]));
  }

  /** Docs read again for a save of their text (their entry is left as it was): size and time before that read. */
  private readonly rereads = new Map<string, [number, number]>();

  /** A save's doc is about to be read again outside the route table (DevContent.refreshDoc). */
  rereading(absolutePath: string, siteRelativePath: string): void {
    const s = statSync(absolutePath, { throwIfNoEntry: false });
    this.rereads.set(siteRelativePath, s ? [s.size, s.mtimeMs] : [-1, -1]);
  }

  /**
   * Writes what the routes just read (after a start or a rebuild), when something was read
   * afresh or is gone. Best effort: a cache that cannot be written costs the next start time.
   */
  save(): void {
    if (!this.parsed) return; // nothing read, nothing to write (and the file's entries not even known)
    let gone = 0;
    for (const entries of [this.entries, this.categories]) {
      for (const f of Object.keys(entries)) if (!this.seen.has(f)) (delete entries[f], gone++);
    }
    this.seen.clear();
    if (!this.dirty && gone === 0) return;
    this.dirty = false;
    try {
      mkdirSync(path.dirname(this.file), { recursive: true });
      const tmp = `${this.file}.${process.pid}.tmp`;
      writeFileSync(tmp, JSON.stringify({ engine: this.engine, docs: this.entries, categories: this.categories } satisfies CacheFile, markDates));
      renameSync(tmp, this.file);
    } catch {
      // read-only site folder or full disk
    }
  }
}

/**
 * Reads a small doc from a string: what the first save runs to read the saved file (gray-matter
 * and its YAML parser, the front matter schema). A start from the cache parses no front
 * matter, so the first save paid for loading all of it and running it for the first time
 * (in the bench at load 10, its first saves took 240 ms on average where a start that parsed
 * some front matter had them at 150).
 */
export function warmDocReader(): void {
  docFromSource('---\ntitle: docgen\nsidebar_position: 1\n---\n\n# docgen\n', path.resolve('warm-up.md'), 'warm-up.md', 'warm-up.md');
}

/** Where a doc's body starts in its source (the front matter block before it) and that block's hash. */
export interface DocHead {
  cut: NonNullable<Cut>;
  hash: string;
}

/** The head of a doc read from `source` by docFromSource (with its `bodyLines`); null when its body is not the source's end. */
export function headOf(source: string, doc: DocSource, bodyLines: number): DocHead | null {
  const cut = cutOf(source, doc.body, bodyLines);
  return cut ? { cut, hash: headHash(source, cut) } : null;
}

/** What identifies the front matter block a doc's text starts with (the source up to its body). */
const headHash = (source: string, cut: NonNullable<Cut>) => createHash('sha1').update(source.slice(0, cut[0])).digest('base64');

/**
 * The doc a changed file holds, when it starts with the front matter block `head` was made
 * from, byte for byte: the front matter parser (gray-matter, a YAML parser: 30 ms to load, the
 * largest part of reading one edited doc) would read `frontMatter` again, and the body follows
 * it. Null when the block is not the same.
 */
export function docOfHead(head: DocHead, frontMatter: FrontMatter, source: string, where: Pick<DocSource, 'absolutePath' | 'relativePath' | 'siteRelativePath'>): { doc: DocSource; bodyLines: number } | null {
  const [bodyStart, bodyLines] = head.cut;
  if (bodyStart > source.length) return null;
  // No front matter before: the same only while none starts the file now.
  if (bodyStart === 0 ? source.startsWith('---') || source.startsWith('\uFEFF') : headHash(source, head.cut) !== head.hash) return null;
  const body = bodyLines > 0 ? '\n'.repeat(bodyLines) + source.slice(bodyStart) : source.slice(bodyStart);
  return { doc: docFromParts(frontMatter, body, where.absolutePath, where.relativePath, where.siteRelativePath), bodyLines };
}

/** Whether a doc's path in its docs folder is the one the cache knew it by. */
function sameRelative(known: number | string, relativePath: string, siteRelativePath: string): boolean {
  return typeof known === 'string' ? known === relativePath : siteRelativePath.length - known === relativePath.length && siteRelativePath.endsWith(relativePath);
}

/** Where `body` starts in `source`, when it is the source's end after `bodyLines` blank lines. */
function cutOf(source: string, body: string, bodyLines: number): Cut {
  const text = body.slice(bodyLines);
  return body === source ? [0, 0] : bodyLines > 0 && source.endsWith(text) ? [source.length - text.length, bodyLines] : null;
}

/** docgen's own code: a new engine may read docs differently, so its cache starts over. */
function engineStamp(): string {
  const self = fileURLToPath(import.meta.url);
  const s = statSync(self, { throwIfNoEntry: false });
  return `${self}\0${s?.size}\0${s?.mtimeMs}`;
}

/**
 * Front matter holds dates (YAML `2026-03-04`, e.g. `last_update.date`) that JSON turns into
 * strings: they are written marked and made dates again on reading, so a doc from the cache
 * renders as one read from its file.
 */
const DATE = '\u0000date';

function markDates(this: Record<string, unknown>, key: string, value: unknown): unknown {
  return this[key] instanceof Date ? { [DATE]: value } : value;
}

function reviveDates(value: unknown): void {
  if (!value || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  for (const [key, child] of Object.entries(record)) {
    if (child && typeof child === 'object' && DATE in child) record[key] = new Date((child as Record<string, string>)[DATE]);
    else reviveDates(child);
  }
}

/** True when `value` holds a date anywhere: JSON would turn it into a string. */
export function holdsDates(value: unknown): boolean {
  return JSON.stringify(value, markDates)?.includes(JSON.stringify(DATE)) ?? false;
}
