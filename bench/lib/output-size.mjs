// Size of a build's output: total bytes, number of files, and the HTML pages (every
// <route>/index.html and 404.html; .docgen/ holds server-only files and is left out of the
// page average). Per-page HTML size matters at 1000 pages: an engine that inlines the whole
// sidebar into every page grows its output with N², as the notes show for VitePress.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';

function* walk(dir, rel = '') {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const r = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) yield* walk(path.join(dir, e.name), r);
    else if (e.isFile()) yield { rel: r, size: statSync(path.join(dir, e.name)).size };
  }
}

export function outputSize(outDir, { top = 5 } = {}) {
  let total = 0;
  let files = 0;
  let htmlBytes = 0;
  let htmlCount = 0;
  let largestHtml = null;
  const all = [];
  for (const f of walk(outDir)) {
    total += f.size;
    files++;
    all.push(f);
    if (f.rel.endsWith('.html') && !f.rel.startsWith('.docgen/')) {
      htmlBytes += f.size;
      htmlCount++;
      if (!largestHtml || f.size > largestHtml.size) largestHtml = f;
    }
  }
  all.sort((a, b) => b.size - a.size);
  return { total, files, htmlBytes, htmlCount, htmlAvg: htmlCount ? htmlBytes / htmlCount : 0, largestHtml, biggest: all.slice(0, top) };
}
