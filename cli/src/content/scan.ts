import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';

export interface ContentFile {
  /** Absolute path on disk. */
  absolutePath: string;
  /** Path relative to the scanned root, with '/' separators. */
  relativePath: string;
}

/**
 * Lists content files under `root` in a stable (sorted) order. Files and folders whose
 * name starts with '_' or '.' are skipped, as in Docusaurus (partials, _category_ files).
 */
export function scanFiles(root: string, extensions: string[]): ContentFile[] {
  if (!existsSync(root)) return [];
  const out: ContentFile[] = [];
  const walk = (dir: string, rel: string) => {
    const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1));
    const base = folderPrefix(dir);
    for (const entry of entries) {
      if (entry.name.startsWith('_') || entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(base + entry.name, relPath);
      else if (extensions.includes(path.extname(entry.name))) out.push({ absolutePath: base + entry.name, relativePath: relPath });
    }
  };
  walk(root, '');
  return out;
}

/**
 * `dir` normalised, ending in one separator ('' for ''): `folderPrefix(dir) + name` is
 * path.join(dir, name) for a name from readdir, without normalising a long path per file
 * (11,000 times at 10,000 pages).
 */
export function folderPrefix(dir: string): string {
  return path.join(dir, '_').slice(0, -1);
}

/** Every file under `root` (static assets), skipping dotfiles. */
export function scanAllFiles(root: string): ContentFile[] {
  if (!existsSync(root)) return [];
  const out: ContentFile[] = [];
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const relPath = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), relPath);
      else out.push({ absolutePath: path.join(dir, entry.name), relativePath: relPath });
    }
  };
  walk(root, '');
  return out;
}

/**
 * Docusaurus number prefixes: "01-intro" → {position: 1, name: "intro"}. As in Docusaurus's
 * DefaultNumberPrefixParser, a name that starts like a version or a date ("1.0", "2016-1",
 * "2021-11-05-notes") keeps its digits.
 */
export function stripNumberPrefix(name: string): { name: string; position?: number } {
  const match = /^(\d+)\s*[-_.]+\s*([^-_.\s].*)$/.exec(name);
  if (!match || /^\d+[-_.]\d+/.test(name)) return { name };
  return { name: match[2], position: Number(match[1]) };
}
