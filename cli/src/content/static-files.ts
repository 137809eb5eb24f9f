import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { scanAllFiles } from './scan.js';

/**
 * The files of the site's static folders, served at the site root. With several folders
 * (Docusaurus's staticDirectories) the first that holds a path wins, as in Docusaurus.
 */
export function staticFiles(dirs: string[]): { relativePath: string; absolutePath: string }[] {
  const seen = new Set<string>();
  const out: { relativePath: string; absolutePath: string }[] = [];
  for (const dir of dirs) {
    for (const f of scanAllFiles(dir)) {
      if (seen.has(f.relativePath)) continue;
      seen.add(f.relativePath);
      out.push(f);
    }
  }
  return out;
}

/** The file a site-root URL path (already decoded, without base) names in the static folders, or null. */
export function findStaticFile(dirs: string[], rel: string): string | null {
  for (const root of dirs) {
    const file = path.join(root, ...rel.split('/'));
    if (!file.startsWith(root + path.sep)) return null; // `..` out of the folder
    if (existsSync(file) && statSync(file).isFile()) return file;
  }
  return null;
}
