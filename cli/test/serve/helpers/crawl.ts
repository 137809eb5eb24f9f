import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Every file under `dir`, as '/'-separated paths relative to it (dot folders included). */
export async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The request target of a build file (each segment percent-encoded, as a browser sends it). */
export function targetOf(baseUrl: string, rel: string): string {
  return baseUrl + rel.split('/').map(encodeURIComponent).join('/');
}

/**
 * Text that only a signed-in reader may see, taken from the build itself: the headings and
 * paragraphs inside each page's prerendered root, and a slice of every protected data file
 * and image. Scripts and stylesheets are left out: their library code (React, Firebase) is
 * legitimately shared with the public login bundle, and the content inside route chunks is
 * the same text the pages' samples already look for.
 */
export async function protectedSamples(dir: string, files: string[], isProtected: (rel: string) => boolean): Promise<Map<string, string[]>> {
  const samples = new Map<string, string[]>();
  for (const rel of files.filter(isProtected)) {
    const text = await readFile(path.join(dir, rel), 'utf8');
    if (rel.endsWith('.html')) {
      const root = /<div id="__docgen">([\s\S]*?)<\/div>\s*<script id="__docgen_boot"/.exec(text)?.[1] ?? '';
      const blocks = [...root.matchAll(/<(h1|p|li|td|code)\b[^>]*>([\s\S]*?)<\/\1>/g)]
        .map((m) => decodeEntities(m[2].replace(/<[^>]+>/g, '')).trim())
        .filter((t) => t.length >= 24);
      samples.set(rel, blocks);
    } else if (!/\.(js|css|map)$/.test(rel) && text.length >= 48) {
      const mid = Math.floor(text.length / 2);
      samples.set(rel, [text.slice(mid - 24, mid + 24)]);
    }
  }
  return samples;
}

function decodeEntities(s: string): string {
  return s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, '&');
}
