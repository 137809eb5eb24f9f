import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Bundles kept on disk (<site>/.docgen/cache/bundle-<name>) between builds. An entry is keyed
 * by what the build generated (entries, compiled pages) and is valid only while every real
 * file esbuild read for it (theme, site components, packages) keeps its size and mtime, as
 * dev's theme cache does. Each name keeps its newest entry only.
 */
type Inputs = [string, number, number][];

/**
 * The hash of the parts joined by NUL, fed part by part: at 10,000 pages the parts are every
 * page's code or search text, and joining them first made one string of a hundred MB.
 */
export function cacheKey(parts: Iterable<string>): string {
  const hash = createHash('sha256');
  let first = true;
  for (const part of parts) {
    if (!first) hash.update('\0');
    hash.update(part);
    first = false;
  }
  return hash.digest('hex');
}

let engine: string | null | undefined;
/**
 * The engine's own code, which decides what a bundle holds (generated entries, plugins): the
 * bundled CLI's files. Null when running from sources (tests in-process): no bundle cache.
 */
export function engineCode(): string | null {
  if (engine !== undefined) return engine;
  const dir = path.dirname(fileURLToPath(import.meta.url));
  if (path.basename(dir) !== 'dist') return (engine = null);
  const hash = createHash('sha256');
  for (const name of readdirSync(dir).filter((n) => n.endsWith('.js')).sort()) hash.update(name).update(readFileSync(path.join(dir, name)));
  return (engine = hash.digest('hex'));
}

export class BundleCache<T> {
  private readonly dir: string;

  constructor(cacheDir: string | null, name: string) {
    this.dir = cacheDir && engineCode() ? path.join(cacheDir, `bundle-${name}`) : '';
  }

  /** The value stored under `key` if its inputs are unchanged, with its folder of files. */
  read(partsKey: string): { value: T; files: string } | undefined {
    if (!this.dir) return undefined;
    try {
      const entry = JSON.parse(readFileSync(path.join(this.dir, 'entry.json'), 'utf8')) as { key: string; value: T; inputs: Inputs };
      if (entry.key !== cacheKey([engineCode()!, partsKey])) return undefined;
      for (const [file, size, mtime] of entry.inputs) {
        const st = statSync(file);
        if (st.size !== size || st.mtimeMs !== mtime) return undefined;
      }
      return { value: entry.value, files: path.join(this.dir, 'files') };
    } catch {
      return undefined;
    }
  }

  /** Stores a value, the input files it was built from, and `files` (by path relative to the files folder). */
  write(partsKey: string, value: T, inputs: string[], files: { rel: string; contents: Uint8Array }[] = []): void {
    if (!this.dir) return;
    rmSync(this.dir, { recursive: true, force: true });
    mkdirSync(path.join(this.dir, 'files'), { recursive: true });
    for (const f of files) {
      const abs = path.join(this.dir, 'files', f.rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, f.contents);
    }
    const stats: Inputs = inputs.filter((f) => existsSync(f)).map((f) => {
      const st = statSync(f);
      return [f, st.size, st.mtimeMs];
    });
    writeFileSync(path.join(this.dir, 'entry.json'), JSON.stringify({ key: cacheKey([engineCode()!, partsKey]), value, inputs: stats }));
  }
}
