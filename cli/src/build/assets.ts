import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';

export const contentHash = (data: string | Uint8Array, length = 8) => createHash('sha256').update(data).digest('hex').slice(0, length);

/**
 * Images referenced from content: resolved (relative to the page, or from the static folders
 * for absolute paths), copied once under assets/img/ with a content hash in the name.
 */
export class ImageRegistry {
  /** Output path (relative to the build) → source file. */
  readonly files = new Map<string, string>();
  private readonly byPath = new Map<string, string | null>();

  constructor(
    private readonly staticDirs: string[],
    private readonly base: string,
  ) {}

  resolve = (url: string, sourcePath: string): string | null => {
    const clean = safeDecode(url.split(/[?#]/)[0]);
    const abs = clean.startsWith('/') ? this.fromStatic(clean) : path.resolve(path.dirname(sourcePath), clean);
    // No static folder to look in: an absolute path names nothing.
    if (abs === undefined) return null;
    const cached = this.byPath.get(abs);
    if (cached !== undefined) return cached;
    let publicUrl: string | null = null;
    const stat = statSync(abs, { throwIfNoEntry: false });
    if (stat?.isFile()) {
      const ext = path.extname(abs);
      const name = path.basename(abs, ext).replace(/[^\w.-]+/g, '-');
      const rel = `assets/img/${name}-${fileHash(abs, stat)}${ext}`;
      this.files.set(rel, abs);
      publicUrl = `${this.base}/${rel}`;
    }
    this.byPath.set(abs, publicUrl);
    return publicUrl;
  };

  /**
   * An absolute URL path in the first static folder that has it (Docusaurus's staticDirectories
   * order). A path written with the site's baseUrl (`/docs/img/x.png` under baseUrl `/docs/`)
   * is the same file, as the browser finds it on the published site.
   */
  private fromStatic(urlPath: string): string | undefined {
    const paths = this.base && urlPath.startsWith(`${this.base}/`) ? [urlPath, urlPath.slice(this.base.length)] : [urlPath];
    const candidates = paths.flatMap((p) => this.staticDirs.map((dir) => path.join(dir, p)));
    return candidates.find((f) => existsSync(f)) ?? candidates[0];
  }
}

/**
 * Each image's content hash, per thread, while its size and mtime stay the same: a registry
 * lives for one page, and a site's shared images (a logo, a diagram in every version of a
 * doc) were read and hashed again for every page that shows them.
 */
const hashes = new Map<string, { size: number; mtimeMs: number; hash: string }>();

function fileHash(file: string, stat: Stats): string {
  const known = hashes.get(file);
  if (known && known.size === stat.size && known.mtimeMs === stat.mtimeMs) return known.hash;
  const hash = contentHash(readFileSync(file));
  hashes.set(file, { size: stat.size, mtimeMs: stat.mtimeMs, hash });
  return hash;
}

const safeDecode = (s: string) => {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
};
