import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
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
    const cached = this.byPath.get(abs);
    if (cached !== undefined) return cached;
    let publicUrl: string | null = null;
    if (existsSync(abs) && statSync(abs).isFile()) {
      const ext = path.extname(abs);
      const name = path.basename(abs, ext).replace(/[^\w.-]+/g, '-');
      const rel = `assets/img/${name}-${contentHash(readFileSync(abs))}${ext}`;
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
  private fromStatic(urlPath: string): string {
    const paths = this.base && urlPath.startsWith(`${this.base}/`) ? [urlPath, urlPath.slice(this.base.length)] : [urlPath];
    const candidates = paths.flatMap((p) => this.staticDirs.map((dir) => path.join(dir, p)));
    return candidates.find((f) => existsSync(f)) ?? candidates[0];
  }
}

const safeDecode = (s: string) => {
  try {
    return decodeURI(s);
  } catch {
    return s;
  }
};
