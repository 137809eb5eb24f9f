// Issue 3's figure: the JavaScript a doc page loads before it is interactive, gzip, sign-in
// SDK excluded. Read from a built doc page: its <script type="module" src> entries and
// <link rel="modulepreload"> hints, plus every module those import statically (the browser
// fetches static imports before running the entry, preloaded or not; a chunk missing from
// the hints still counts). Dynamic import() targets load later and are not counted.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

// Level 6 is zlib's and most servers' default; the competitors' figures are transfer sizes.
const gzip = (buf) => gzipSync(buf, { level: 6 }).length;

const attr = (tag, name) => new RegExp(`\\s${name}\\s*=\\s*["']([^"']*)["']`, 'i').exec(tag)?.[1];
const STATIC_IMPORT = /(?:^|[;\s}])(?:import|export)\s*(?:[\w$*{}\s,]*?from\s*)?["']([^"']+\.m?js)["']/g;
// The Firebase SDK registers itself under these names; its chunk is the sign-in SDK.
const isSignInSdk = (rel, text) => /firebase/i.test(rel) || text.includes('@firebase/auth') || text.includes('@firebase/app"');

/** Output file for a URL of the page (absolute under baseUrl, or relative to the page). */
function fileFor(outDir, baseUrl, pageRel, url) {
  const clean = decodeURI(url.split(/[?#]/)[0]);
  if (/^[a-z]+:/i.test(clean)) return null; // another origin: not part of the build
  const rel = clean.startsWith('/') ? clean.slice(baseUrl.length) : path.posix.join(path.posix.dirname(pageRel), clean);
  return path.posix.normalize(rel);
}

/** A doc page to measure: the deepest doc route (the heaviest breadcrumbs and sidebar state). */
export function pickDocPage(outDir) {
  const manifest = JSON.parse(readFileSync(path.join(outDir, '.docgen', 'manifest.json'), 'utf8'));
  const docs = manifest.routes.filter((r) => r.startsWith(`${manifest.baseUrl}docs/`) && !r.includes('/category/'));
  docs.sort((a, b) => b.split('/').length - a.split('/').length || a.localeCompare(b));
  const route = docs[0];
  return route && { route, baseUrl: manifest.baseUrl, rel: `${decodeURI(route).slice(manifest.baseUrl.length)}/index.html` };
}

export function pageWeight(outDir) {
  const page = pickDocPage(outDir);
  if (!page) return { error: 'no doc route in .docgen/manifest.json' };
  const html = readFileSync(path.join(outDir, page.rel), 'utf8');
  const entries = [];
  const css = [];
  const data = [];
  for (const [tag] of html.matchAll(/<(?:script|link)\b[^>]*>/gi)) {
    const isScript = /^<script/i.test(tag);
    const rel = (attr(tag, 'rel') ?? '').toLowerCase();
    if (isScript && (attr(tag, 'type') ?? '').toLowerCase() === 'module' && attr(tag, 'src')) entries.push(attr(tag, 'src'));
    else if (rel === 'modulepreload') entries.push(attr(tag, 'href'));
    else if (rel === 'stylesheet') css.push(attr(tag, 'href'));
    else if (rel === 'preload' && attr(tag, 'as') === 'fetch') data.push(attr(tag, 'href'));
  }
  const js = new Map(); // rel → { gzip, raw, sdk }
  const missing = [];
  const queue = entries.map((u) => fileFor(outDir, page.baseUrl, page.rel, u)).filter(Boolean);
  const hinted = new Set(queue);
  while (queue.length) {
    const rel = queue.shift();
    if (js.has(rel)) continue;
    const file = path.join(outDir, rel);
    if (!existsSync(file)) { missing.push(rel); js.set(rel, null); continue; }
    const buf = readFileSync(file);
    const text = buf.toString('utf8');
    js.set(rel, { rel, raw: buf.length, gzip: gzip(buf), sdk: isSignInSdk(rel, text) });
    // Specifiers are URLs (esbuild writes absolute /assets/... ones): resolve them as a browser would.
    for (const m of text.matchAll(STATIC_IMPORT)) {
      const target = fileFor(outDir, page.baseUrl, rel, new URL(m[1], `http://page${page.baseUrl}${rel}`).pathname);
      if (target) queue.push(target);
    }
  }
  const files = [...js.values()].filter(Boolean);
  const counted = files.filter((f) => !f.sdk);
  const sizeOf = (urls) => urls.map((u) => fileFor(outDir, page.baseUrl, page.rel, u)).filter((r) => r && existsSync(path.join(outDir, r)))
    .reduce((a, r) => a + gzip(readFileSync(path.join(outDir, r))), 0);
  return {
    route: page.route,
    jsGzip: counted.reduce((a, f) => a + f.gzip, 0),
    jsRaw: counted.reduce((a, f) => a + f.raw, 0),
    jsFiles: counted.length,
    sdkExcluded: files.filter((f) => f.sdk).map((f) => f.rel),
    notPreloaded: files.filter((f) => !hinted.has(f.rel)).map((f) => f.rel), // static imports without a hint
    missing,
    cssGzip: sizeOf(css),
    dataGzip: sizeOf(data),
    ...bootData(outDir, page, html, sizeOf),
    htmlGzip: gzip(Buffer.from(html)),
    htmlRaw: Buffer.byteLength(html),
    biggest: counted.sort((a, b) => b.gzip - a.gzip).slice(0, 5),
  };
}

/**
 * Issue 14's figures, read from the page's boot data: the JSON the client fetches before it
 * hydrates (the sidebar, or a split sidebar's top and branch files), and the route manifest
 * (or the shard of it) the first navigation intent fetches, here for the page's "next" link.
 * A built page finds the manifest and its search index through its build's `current.json`
 * (boot.current; fetched first, so counted with the manifest); older builds named them in the
 * boot data itself.
 */
function bootData(outDir, page, html, sizeOf) {
  const text = /<script id="__docgen_boot" type="application\/json">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!text) return {};
  const boot = JSON.parse(text);
  const current = boot.current ? readCurrent(outDir, page, boot.current) : null;
  const where = current ?? boot;
  const startJson = [...new Set([boot.sidebar, ...(boot.sidebarBranch ?? [])].filter(Boolean))];
  const target = boot.page.next?.href ?? boot.page.path;
  const shards = where.manifestShards ?? 1;
  const manifestUrl = shards > 1 ? where.manifest.replace('{shard}', String(shardOf(target, shards))) : where.manifest;
  return {
    startJsonGzip: sizeOf(startJson),
    startJsonFiles: startJson.length,
    manifestGzip: sizeOf([...(boot.current ? [boot.current] : []), manifestUrl]),
    manifestShards: shards,
    searchIndex: (current ? current.searchIndexes?.[boot.searchKey] : boot.searchIndex) ?? null,
    currentGzip: boot.current ? sizeOf([boot.current]) : 0,
    title: boot.page.title,
  };
}

/** The build's `current.json` the page names, read from the output. */
function readCurrent(outDir, page, url) {
  const rel = fileFor(outDir, page.baseUrl, page.rel, url);
  if (!rel) throw new Error(`page weight: the boot data names ${url}, which the build does not hold`);
  return JSON.parse(readFileSync(path.join(outDir, rel), 'utf8'));
}

/** core/src/shard.ts's shardOf, repeated here so the bench needs no TypeScript. */
function shardOf(key, count) {
  let hash = 0;
  for (let i = 0; i < key.length; i++) hash = (hash * 31 + key.charCodeAt(i)) >>> 0;
  return hash % count;
}
