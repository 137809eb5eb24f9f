// Browser half of the search bench: serves a built site on 127.0.0.1 and, in headless
// Chromium, loads the search exactly as the search box does (the built runtime chunk, then
// the index), and times the first result and every query. No sign-in: the bench page is
// served beside the build's assets, which are plain files on disk.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';

const TYPES = { '.js': 'text/javascript; charset=utf-8', '.json': 'application/json; charset=utf-8', '.html': 'text/html; charset=utf-8' };

// The page the bench drives: window.__bench(...) runs in the browser and returns raw timings.
const BENCH_PAGE = `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>search bench</title>
<script type="module">
window.__bench = async ({ runtimeUrl, indexUrl, queries, typing, excerptQueries }) => {
  const t0 = performance.now();
  const { loadSearch } = await import(runtimeUrl);
  const searcher = await loadSearch(indexUrl);
  // A sharded index first fetches the files the query reaches (prepare); one in a file has none.
  await searcher.prepare?.(queries[0], 8);
  const first = searcher.search(queries[0], 8);
  const firstResultMs = performance.now() - t0;
  // Timed: the synchronous answer, once the query's files are here (fetching is not the query).
  const time = async (q) => { await searcher.prepare?.(q, 8); const s = performance.now(); searcher.search(q, 8); return performance.now() - s; };
  const queryMs = [];
  for (const q of queries) queryMs.push(await time(q));
  // Every keystroke of typing a query: what the box actually runs while one types.
  const keystrokeMs = [];
  for (const q of typing) for (let i = 0; i < q.length; i++) keystrokeMs.push(await time(q.slice(0, i + 1)));
  const excerptMs = [];
  for (const q of excerptQueries) {
    const s = performance.now();
    await searcher.searchWithExcerpts(q, 8);
    excerptMs.push(performance.now() - s);
  }
  return { firstResultMs, firstResultPages: first.length, queryMs, keystrokeMs, excerptMs };
};
window.__ready = true;
</script></html>`;

function serve(root) {
  const server = createServer(async (req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (pathname === '/__search-bench/') return res.writeHead(200, { 'content-type': TYPES['.html'] }).end(BENCH_PAGE);
    const file = path.resolve(root, '.' + decodeURIComponent(pathname));
    if (!file.startsWith(root + path.sep)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Runs the page `runs` times (a fresh browser page each, so every first result is a cold
 * load) and returns the raw timings of each run.
 */
export async function measureInBrowser({ buildDir, runtimeUrl, indexUrl, queries, typing, excerptQueries, runs, log }) {
  const server = await serve(path.resolve(buildDir));
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    timeout: 60_000,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
      '--disable-component-update', '--disable-sync', '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1'],
  });
  try {
    const base = `http://127.0.0.1:${server.address().port}`;
    const out = [];
    for (let run = 0; run < runs; run++) {
      const page = await browser.newPage();
      page.setDefaultTimeout(60_000);
      await page.goto(`${base}/__search-bench/`);
      await page.waitForFunction(() => window.__ready === true);
      out.push(await page.evaluate((args) => window.__bench(args), { runtimeUrl, indexUrl, queries, typing, excerptQueries }));
      await page.close();
      log?.(`    browser run ${run + 1}/${runs}: first result ${Math.round(out.at(-1).firstResultMs)} ms`);
    }
    return out;
  } finally {
    await browser.close();
    await new Promise((resolve) => server.close(resolve));
  }
}
