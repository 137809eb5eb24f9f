import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { compressText, isCompressible, MIN_COMPRESS_BYTES } from '../output/compression.js';
import { contentTypeOf } from './content-type.js';
import { BoundedMemo } from './memo.js';
import { inlineScriptHashes } from './security-headers.js';

/**
 * The build folder's files as the server sends them: looked up once, small ones kept in
 * memory with their ETag, inline-script hashes and compressed variants (`.br`, `.gz` written
 * by `docgen build` for shared scripts and styles; made here, once, for every other text file). A build folder does not change while it is served (a rebuild
 * swaps a new folder in): the manifest is looked at about once a second, and a new one
 * empties the caches.
 */
export interface BuildFolder {
  /** Absolute, symlinks resolved. */
  root: string;
}

export interface FileEntry {
  file: string;
  type: string;
  size: number;
  etag: string;
  /** Kept in memory (small files), else streamed from disk. */
  body: Buffer | null;
  br: Buffer | null;
  gzip: Buffer | null;
  /** Hashes of an HTML page's inline scripts, for its CSP. */
  scriptHashes: string[];
  /** The CSP header, once computed (the site's auth settings do not change while serving). */
  csp?: string;
  /** Whole header lists, per way of sending it (sendFile): computed on first use. */
  headerLists?: Map<object, (string[] | undefined)[]>;
}

/** What a request path resolved to in this build: a file, or the not-found page. */
export interface ResolvedRoute {
  entry: FileEntry;
  status: 200 | 404;
}

/** Files up to this size are kept in memory, with their variants. */
const MEMORY_FILE_BYTES = 512 * 1024;
const MAX_MEMORY_BYTES = 128 * 1024 * 1024;
const MAX_LOOKUPS = 20_000;
const GENERATION_CHECK_MS = 1_000;

export class FileCache {
  private lookups = new Map<string, Promise<string | null>>();
  private entries = new Map<string, Promise<FileEntry>>();
  /** Request paths already resolved to what they send: one map lookup per request. */
  readonly routes = new BoundedMemo<string, ResolvedRoute>(MAX_LOOKUPS);
  private memoryBytes = 0;
  private generation: string | null = null;
  private checkedAt = 0;

  constructor(readonly build: BuildFolder, private readonly manifestFile: string) {}

  /**
   * Whether the caches may be used as they are. False about once a second: the caller then
   * awaits refresh(), which looks at the manifest (without blocking the other requests).
   */
  isFresh(): boolean {
    return Date.now() - this.checkedAt < GENERATION_CHECK_MS;
  }

  async refresh(): Promise<void> {
    this.checkedAt = Date.now();
    const generation = await this.readGeneration();
    if (generation === this.generation) return;
    if (this.generation !== null) {
      this.lookups.clear();
      this.entries.clear();
      this.routes.clear();
      this.memoryBytes = 0;
    }
    this.generation = generation;
  }

  /**
   * The file a request path (relative to baseUrl, '' for the home page) names: the file
   * itself, else `<path>/index.html`, else `<path>.html`. Null when none exists.
   */
  find(rel: string): Promise<string | null> {
    let found = this.lookups.get(rel);
    if (!found) {
      // Unknown paths are many (every probe): keep the map bounded rather than clever.
      if (this.lookups.size >= MAX_LOOKUPS) this.lookups.clear();
      found = findFile(this.build, rel);
      this.lookups.set(rel, found);
    }
    return found;
  }

  entry(file: string): Promise<FileEntry> {
    let entry = this.entries.get(file);
    if (!entry) {
      entry = this.load(file);
      this.entries.set(file, entry);
      entry.catch(() => this.entries.delete(file));
    }
    return entry;
  }

  private async load(file: string): Promise<FileEntry> {
    const entry = await readEntry(file, MAX_MEMORY_BYTES - this.memoryBytes, path.relative(this.build.root, file).split(path.sep).join('/'));
    this.memoryBytes += (entry.body?.length ?? 0) + (entry.br?.length ?? 0) + (entry.gzip?.length ?? 0);
    return entry;
  }

  private async readGeneration(): Promise<string> {
    try {
      const info = await stat(this.manifestFile);
      return `${info.ino}:${info.mtimeMs}:${info.size}`;
    } catch {
      return 'none';
    }
  }
}

/**
 * One file as it is sent, read now (`docgen dev` calls this for every request: its files
 * change as the writer saves). Kept in memory when small and within `memoryLeft` bytes.
 * Given its path in the build folder (`docgen serve`), a text file the build left without
 * compressed copies is compressed now, with the build's settings: the entry is kept, so
 * that happens once per file and server.
 */
export async function readEntry(file: string, memoryLeft = MEMORY_FILE_BYTES, rel: string | null = null): Promise<FileEntry> {
  const info = await stat(file);
  const type = contentTypeOf(file);
  if (info.size > MEMORY_FILE_BYTES || info.size > memoryLeft) {
    // Streamed: an ETag from size and time, as static servers do, costs no read.
    const etag = `W/"${info.size.toString(16)}-${Math.floor(info.mtimeMs).toString(16)}"`;
    return { file, type, size: info.size, etag, body: null, br: null, gzip: null, scriptHashes: [] };
  }
  const body = await readFile(file);
  let [br, gzip] = await Promise.all([variant(file, '.br', body.length), variant(file, '.gz', body.length)]);
  if (rel !== null && !br && !gzip && body.length >= MIN_COMPRESS_BYTES && isCompressible(rel)) {
    const made = await compressText(rel, body);
    // A copy no smaller than the file is useless, as in the build.
    br = made.br.length < body.length ? made.br : null;
    gzip = made.gzip.length < body.length ? made.gzip : null;
  }
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  const scriptHashes = type.startsWith('text/html') ? inlineScriptHashes(body.toString('utf8')) : [];
  return { file, type, size: body.length, etag, body, br, gzip, scriptHashes };
}

/** A precompressed sibling, only when it is smaller than the file (else identity is better). */
async function variant(file: string, ext: string, size: number): Promise<Buffer | null> {
  const bytes = await readFile(file + ext).catch(() => null);
  return bytes && bytes.length < size ? bytes : null;
}

async function findFile(build: BuildFolder, rel: string): Promise<string | null> {
  const candidates = rel === '' ? ['index.html'] : [rel, `${rel}/index.html`, `${rel}.html`];
  for (const candidate of candidates) {
    const full = path.join(build.root, ...candidate.split('/'));
    if (!isInside(build.root, full)) return null;
    const info = await stat(full).catch(() => null);
    if (!info?.isFile()) continue;
    const real = await realpath(full);
    return isInside(build.root, real) && !hasDotSegment(path.relative(build.root, real)) ? real : null;
  }
  return null;
}

function isInside(root: string, file: string): boolean {
  return file.startsWith(root + path.sep);
}

function hasDotSegment(relative: string): boolean {
  return relative.split(path.sep).some((s) => s.startsWith('.'));
}
