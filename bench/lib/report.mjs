// Markdown tables for the build and page-weight sections. Every figure is a median with its
// min–max; budgets sit beside the figures with ok/over, and the competitors' figures are
// printed for scale, never as pass/fail.
import { BUILD_BUDGETS, COMPETITORS, COMPETITOR_OUTPUT, COMPETITOR_WEIGHT, PAGE_JS_BUDGET } from './budgets.mjs';
import { fmtBytes, fmtMs, fmtRange, mdTable, summarize, verdict } from './format.mjs';

const ok = (runs) => runs.filter((r) => r.ok);

export function buildTable(results) {
  const rows = [];
  for (const res of results) {
    const budget = BUILD_BUDGETS[res.size] ?? {};
    const coldMedian = summarize(ok(res.cold).map((r) => r.wallMs))?.median;
    for (const [kind, runs] of [['cold', res.cold], ['warm', res.warm], ['one page edited', res.edited ?? []]]) {
      const good = ok(runs);
      if (!runs.length) continue;
      if (!good.length) {
        rows.push([res.size, kind, `failed: ${runs[0].failure.split('\n')[0]}`, '', '', '', '', '', '', '', '', '']);
        continue;
      }
      const wall = summarize(good.map((r) => r.wallMs));
      const rss = summarize(good.map((r) => r.peakTreeBytes));
      const together = summarize(good.map((r) => r.sampledBytes));
      rows.push([
        res.size, kind, fmtRange(wall, fmtMs), kind === 'cold' || !coldMedian ? '1×' : `${(wall.median / coldMedian).toFixed(2)}×`,
        budget.wallMs ? `< ${fmtMs(budget.wallMs)}` : '–', verdict(wall.median, budget.wallMs),
        fmtRange(rss, fmtBytes), fmtBytes(together.median), budget.rssBytes ? `< ${fmtBytes(budget.rssBytes)}` : '–', verdict(rss.median, budget.rssBytes),
        `${good.length}/${runs.length}`,
        kind === 'one page edited' ? '–' : best(res.size, kind, wall.median),
      ]);
    }
  }
  return mdTable(['pages', 'build', 'wall time median (min–max)', 'of cold', 'time budget', 'time', 'peak RSS, tree (min–max)', 'tree RSS at one moment', 'RSS budget', 'RSS', 'runs ok', 'fastest competitor'], rows);
}

/** The fastest competitor's figure at this size and kind, and how docgen compares. */
function best(size, kind, ms) {
  const rows = COMPETITORS.filter((c) => c.pages === size);
  if (!rows.length) return '–';
  const top = rows.reduce((a, b) => (b[kind] < a[kind] ? b : a));
  const ratio = top[kind] / ms;
  return `${top.tool} ${fmtMs(top[kind])} (docgen ${ratio >= 1 ? `${ratio.toFixed(1)}× faster` : `${(1 / ratio).toFixed(1)}× slower`})`;
}

export function competitorTable(results) {
  const docgen = new Map(results.map((r) => [r.size, r]));
  const rows = [];
  for (const c of COMPETITORS) {
    const d = docgen.get(c.pages);
    const cold = d && summarize(ok(d.cold).map((r) => r.wallMs));
    const warm = d && summarize(ok(d.warm).map((r) => r.wallMs));
    const rss = d && summarize(ok(d.cold).map((r) => r.peakTreeBytes));
    rows.push([c.tool, c.pages, fmtMs(c.cold), fmtMs(c.warm), fmtBytes(c.rss),
      cold ? `${(c.cold / cold.median).toFixed(1)}×` : '–', warm ? `${(c.warm / warm.median).toFixed(1)}×` : '–',
      rss ? `${(c.rss / rss.median).toFixed(1)}×` : '–']);
  }
  return mdTable(['tool (TESTING-NOTES.md)', 'pages', 'cold', 'warm', 'peak RSS', 'cold ÷ docgen', 'warm ÷ docgen', 'RSS ÷ docgen'], rows);
}

/** Median time per stage (from docgen's own stage lines) and its share of the summed stages. */
export function stageTable(results) {
  const header = ['stage'];
  const columns = [];
  for (const res of results) {
    const coldMedian = summarize(ok(res.cold).map((r) => r.wallMs))?.median;
    for (const [kind, runs] of [['cold', res.cold], ['warm', res.warm], ['one page edited', res.edited ?? []]]) {
      const good = ok(runs);
      if (!good.length) continue;
      header.push(`N=${res.size} ${kind}`);
      const names = good[0].stages.map(([n]) => n);
      const med = new Map(names.map((n) => [n, summarize(good.map((r) => r.stages.find(([m]) => m === n)?.[1])).median]));
      const total = [...med.values()].reduce((a, b) => a + b, 0);
      columns.push({ med, total });
    }
  }
  if (!columns.length) return '';
  const names = [...new Set(columns.flatMap((c) => [...c.med.keys()]))];
  const rows = names.map((n) => [n, ...columns.map((c) => (c.med.has(n) ? `${fmtMs(c.med.get(n))} (${Math.round((100 * c.med.get(n)) / c.total)} %)` : '–'))]);
  rows.push(['**sum of stages**', ...columns.map((c) => `**${fmtMs(c.total)}**`)]);
  return mdTable(header, rows);
}

export function outputTable(outputs) {
  const rows = outputs.map(({ size, out }) => [size, out.files, fmtBytes(out.total), out.htmlCount, fmtBytes(out.htmlAvg),
    `${fmtBytes(out.largestHtml?.size)} \`${out.largestHtml?.rel ?? ''}\``,
    COMPETITOR_OUTPUT.filter((c) => c.pages === size).map((c) => `${c.tool}: ${fmtBytes(c.htmlPerPage)}/page, ${fmtBytes(c.total)}`).join('; ') || '–']);
  const table = mdTable(['pages', 'files', 'total', 'HTML pages', 'HTML per page (avg)', 'largest HTML', 'for scale'], rows);
  const lists = outputs.map(({ size, out }) =>
    `Biggest files at N=${size}: ${out.biggest.map((f) => `\`${f.rel}\` ${fmtBytes(f.size)}`).join(', ')}`);
  return `${table}\n\n${lists.join('\n\n')}`;
}

/** Issue 14: the data a doc page and the first search download, per size (from pageWeight and searchWeight). */
export function dataTable(weights) {
  const rows = weights.map(({ size, w }) => (w.error ? [size, w.error, '', '', ''] : [
    size,
    `${fmtBytes(w.startJsonGzip)} (${w.startJsonFiles} file${w.startJsonFiles === 1 ? '' : 's'})`,
    `${fmtBytes(w.manifestGzip)}${w.manifestShards > 1 ? ` (1 of ${w.manifestShards} shards)` : ''}`,
    w.search?.error ?? `${fmtBytes(w.search.totalGzip)} (runtime ${fmtBytes(w.search.runtimeGzip)} + ${w.search.files} data file${w.search.files === 1 ? '' : 's'} ${fmtBytes(w.search.dataGzip)})`,
    w.search?.error ? '' : `“${w.search.query}”, ${w.search.results} results`,
  ]));
  return mdTable(['pages', 'JSON before interactive, gzip', 'route manifest, gzip', 'before the first search result, gzip', 'query'], rows);
}

export function weightTable(weights) {
  const rows = weights.map(({ size, w }) => (w.error ? [size, w.error, '', '', '', '', '', '', ''] : [
    size, `${fmtBytes(w.jsGzip)} (${w.jsFiles} files, ${fmtBytes(w.jsRaw)} raw)`, `< ${fmtBytes(PAGE_JS_BUDGET)}`, verdict(w.jsGzip, PAGE_JS_BUDGET),
    fmtBytes(w.cssGzip), fmtBytes(w.dataGzip), fmtBytes(w.htmlGzip),
    w.sdkExcluded.length ? w.sdkExcluded.map((f) => `\`${f}\``).join(', ') : 'none in the static graph',
    COMPETITOR_WEIGHT.filter((c) => c.pages === size).map((c) => `${c.tool} ${fmtBytes(c.jsGzip)}`).join(', ') || '–',
  ]));
  const table = mdTable(['pages', 'JS before interactive, gzip', 'budget', 'JS', 'CSS gzip', 'preloaded data gzip', 'page HTML gzip', 'sign-in SDK excluded', 'for scale'], rows);
  const notes = weights.filter(({ w }) => !w.error).map(({ size, w }) => {
    const lines = [`N=${size}, page \`${w.route}\`: ${w.biggest.map((f) => `\`${f.rel}\` ${fmtBytes(f.gzip)}`).join(', ')}`];
    if (w.notPreloaded.length) lines.push(`  static imports without a modulepreload hint (an extra round trip): ${w.notPreloaded.join(', ')}`);
    if (w.missing.length) lines.push(`  referenced but missing from the build: ${w.missing.join(', ')}`);
    return lines.join('\n');
  });
  return `${table}\n\nBiggest JS files the page loads (gzip):\n\n${notes.join('\n\n')}`;
}
