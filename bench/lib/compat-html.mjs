// Reads two built sites, Docusaurus's and docgen's, from their HTML only (no engine
// internals), and compares them route by route: which routes exist, the sidebar each doc page
// shows, and the doc content (heading ids, counts of code blocks, admonitions, tables,
// images, tabs, link targets, text overlap). HTML is parsed by parse5 into a small DOM
// (mini-dom.mjs), body only, one page at a time: nothing of a page outlives its analysis.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseHtml } from './mini-dom.mjs';

/** The selectors that mean the same thing in each engine's HTML. */
export const ENGINES = {
  docusaurus: {
    article: '.theme-doc-markdown',
    sidebar: 'aside.theme-doc-sidebar-container nav.menu, nav.menu.thin-scrollbar',
    sidebarLink: 'a.menu__link',
    // A category without a page of its own: a toggle whose href is only a crawl fallback in the
    // server HTML (its first item), gone once the page runs (useCategoryHrefWithSSRFallback).
    sidebarToggle: 'a.menu__link--sublist-caret',
    // The same fallback in a swizzled category that dropped that class: the link of a category
    // (menu__link--sublist) whose href is its first item's is no page of the category's own.
    sidebarCategory: 'a.menu__link--sublist',
    admonition: '.theme-admonition, .admonition',
    anchor: 'a.hash-link',
    drop: 'a.hash-link, button, .theme-code-block-highlighted-line-number, .buttonGroup__atx, .sr-only',
    codeTitle: '[class*="codeBlockTitle"]',
    // Drawn in the browser only: left out of the comparison (see clientOnly below).
    clientOnly: '.docusaurus-mermaid-container',
    assetPrefix: /(?:src|href)="(\/[^"]*?)assets\/(?:js|css)\//,
  },
  docgen: {
    article: 'article.dg-markdown',
    sidebar: 'nav.dg-sidebar__nav',
    // A site's swizzle of Docusaurus's sidebar items draws Docusaurus's markup in docgen too,
    // read as Docusaurus's is (its categories' server-side fallback hrefs included).
    sidebarLink: 'a.dg-menu__link, .dg-menu__link, a.menu__link',
    sidebarToggle: 'a.menu__link--sublist-caret',
    sidebarCategory: 'a.menu__link--sublist',
    admonition: '.dg-admonition',
    anchor: 'a.dg-hash-link',
    drop: 'a.dg-hash-link, button, .dg-sr-only, #dg-heading-link-label',
    codeTitle: '.dg-codeblock__title',
    // A mermaid diagram: the server HTML holds its source as a no-JavaScript fallback, where
    // Docusaurus's holds nothing; both draw the same SVG in the browser.
    clientOnly: '.dg-mermaid',
    assetPrefix: /(?:src|href)="(\/[^"]*?)assets\/(?:app|chunks|r)[-/]/,
  },
};

/** Every HTML file of a build as route → file. `/a/b/index.html` and `/a/b.html` are route `/a/b`. */
export function listRoutes(outDir) {
  const routes = new Map();
  const walk = (dir, rel) => {
    let entries;
    try { entries = readdirSync(dir, { withFileTypes: true }); } catch { return; }
    for (const e of entries) {
      const abs = path.join(dir, e.name);
      const r = `${rel}/${e.name}`;
      if (e.isDirectory()) {
        if (rel === '' && (e.name === 'assets' || e.name === '.docgen' || e.name === 'img')) continue;
        walk(abs, r);
      } else if (e.name.endsWith('.html')) {
        let route = r === '/index.html' ? '/' : r.replace(/\/index\.html$/, '').replace(/\.html$/, '');
        route = safeDecode(route);
        if (route === '/404' || route === '/search' || route.startsWith('/__')) continue;
        if (!routes.has(route) || e.name === 'index.html') routes.set(route, abs);
      }
    }
  };
  walk(outDir, '');
  return routes;
}

/** The plugins (`<plugin>/<id>`) whose pages docgen makes: the default docs, pages and blog. */
export const DOCGEN_ORIGINS = new Set(['docs/default', 'pages/default', 'blog/default']);

/**
 * Which plugin made a Docusaurus page: its `<html>` class names it (`plugin-docs plugin-id-wiki`,
 * `plugin-redoc plugin-id-…`); a client redirect (plugin-client-redirects) is a bare page with
 * a meta refresh. 'unknown' when neither is there.
 */
export function docusaurusOrigin(file) {
  const head = readFileSync(file, 'utf8').slice(0, 8192);
  const m = /<html[^>]*\sclass="[^"]*\bplugin-([\w-]+) plugin-id-([\w.-]+)/.exec(head);
  if (m) return `${m[1]}/${m[2]}`;
  return /http-equiv="refresh"/i.test(head) ? 'redirect' : 'unknown';
}

/** The baseUrl a build serves its assets under ("/" or "/repo/"), read from its home page. */
export function detectBaseUrl(routes, engine) {
  const files = [routes.get('/'), ...routes.values()].filter(Boolean).slice(0, 5);
  for (const f of files) {
    const m = ENGINES[engine].assetPrefix.exec(readFileSync(f, 'utf8'));
    if (m) return m[1];
  }
  return '/';
}

function safeDecode(s) {
  try { return decodeURIComponent(s); } catch { return s; }
}

/**
 * A link target comparable across engines: baseUrl cut, decoded, no trailing slash or
 * index.html. `pageUrl` is the URL the page is served at, which relative links resolve from.
 */
export function normalizeHref(href, baseUrl, pageUrl) {
  if (!href) return null;
  if (/^(mailto|tel|javascript|data):/i.test(href)) return href.toLowerCase().startsWith('javascript') ? null : href;
  if (/^https?:\/\//i.test(href) || href.startsWith('//')) {
    // External links are kept as they are, but without a trailing slash difference.
    return href.replace(/\/(?=$|[?#])/, '');
  }
  let url;
  try { url = new URL(href, `http://site${pageUrl}`); } catch { return href; }
  let p = safeDecode(url.pathname);
  if (baseUrl !== '/' && (p + '/').startsWith(baseUrl)) p = `/${p.slice(baseUrl.length)}`;
  p = p.replace(/\/index\.html$/, '/').replace(/\.html$/, '');
  if (p.length > 1) p = p.replace(/\/+$/, '');
  return `${p}${url.search}${safeDecode(url.hash)}`;
}

function parseBody(html) {
  const start = html.indexOf('<body');
  const end = html.lastIndexOf('</body>');
  let body = start >= 0 ? html.slice(start, end > start ? end + 7 : undefined) : html;
  body = body.replace(/<script\b[\s\S]*?<\/script>/gi, '').replace(/<style\b[\s\S]*?<\/style>/gi, '').replace(/<svg\b[\s\S]*?<\/svg>/gi, '<svg></svg>');
  return parseHtml(`<!doctype html><html>${body}</html>`);
}

const WORD = /[\p{L}\p{N}]+/gu;

/** What one page shows: its doc content summary and its sidebar, or null parts when absent. */
export function analyzePage(file, engine, route, baseUrl) {
  const sel = ENGINES[engine];
  const html = readFileSync(file, 'utf8');
  const doc = parseBody(html);
  // Docusaurus serves a/b/index.html at 'a/b/' (a/b.html at 'a/b'); docgen serves every page without a slash.
  const pageUrl = engine === 'docusaurus' && path.basename(file) === 'index.html' && route !== '/' ? `${route}/` : route;
  const out = { hasArticle: false, content: null, sidebar: null };
  const nav = doc.querySelector(sel.sidebar);
  if (nav) out.sidebar = sidebarItems(nav, sel, baseUrl, pageUrl);
  const art = doc.querySelector(sel.article);
  if (!art) return out;
  out.hasArticle = true;
  for (const d of art.querySelectorAll(sel.clientOnly)) d.remove();
  const headingIds = [...art.querySelectorAll('h2[id], h3[id], h4[id], h5[id], h6[id]')].map((h) => h.getAttribute('id'));
  const links = new Set();
  for (const a of art.querySelectorAll('a[href]')) {
    if (a.matches(sel.anchor)) continue;
    const n = normalizeHref(a.getAttribute('href'), baseUrl, pageUrl);
    if (n) links.add(n);
  }
  const counts = {
    code: art.querySelectorAll('pre').length,
    admonitions: art.querySelectorAll(sel.admonition).length,
    tables: art.querySelectorAll('table').length,
    images: art.querySelectorAll('img').length,
    tabs: art.querySelectorAll('[role="tablist"]').length,
  };
  for (const d of art.querySelectorAll(sel.drop)) d.remove();
  const text = blockText(art);
  const words = new Set((text.toLowerCase().match(WORD) ?? []));
  out.content = { headingIds, counts, links: [...links].sort(), words };
  return out;
}

const BLOCK = new Set(['P', 'DIV', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'LI', 'UL', 'OL', 'PRE', 'TABLE', 'TR', 'TD', 'TH', 'BLOCKQUOTE', 'HEADER', 'SECTION', 'BR', 'DETAILS', 'SUMMARY', 'FIGURE', 'FIGCAPTION', 'HR', 'DL', 'DT', 'DD']);

/** Text with a space at every block boundary (engines differ in the newlines between blocks, not in inline markup). */
function blockText(node) {
  let out = '';
  for (const c of node.childNodes) {
    if (c.nodeType === 3) out += c.textContent;
    else if (c.nodeType === 1) {
      const block = BLOCK.has(c.tagName);
      out += block ? ` ${blockText(c)} ` : blockText(c);
    }
  }
  return out;
}

/** Sidebar entries in document order: depth (nesting of lists), label and normalized target. */
function sidebarItems(nav, sel, baseUrl, pageUrl) {
  const items = [];
  // Screen-reader-only text (docgen's "(opens in a new tab)" on external links) is left out, as in the content.
  for (const hidden of nav.querySelectorAll('.dg-sr-only, .sr-only')) hidden.remove();
  for (const a of nav.querySelectorAll(sel.sidebarLink)) {
    let depth = 0;
    for (let n = a.parentElement; n && n !== nav; n = n.parentElement) if (n.tagName === 'UL') depth++;
    const href = a.getAttribute('href');
    // Compared as targets: a swizzle may write its category's link with a trailing slash its first item's lacks.
    const toggle = (sel.sidebarToggle && a.matches(sel.sidebarToggle)) || (sel.sidebarCategory && a.matches(sel.sidebarCategory) && sameTarget(href, firstItemHref(a, sel), baseUrl, pageUrl));
    const target = toggle || !href || href === '#' ? '' : normalizeHref(href, baseUrl, pageUrl);
    items.push(`${depth}|${(a.textContent ?? '').replace(/\s+/g, ' ').trim()}|${target}`);
  }
  return items;
}

function sameTarget(a, b, baseUrl, pageUrl) {
  return a === b || (!!a && !!b && normalizeHref(a, baseUrl, pageUrl) === normalizeHref(b, baseUrl, pageUrl));
}

/** The href of the first link inside the list that follows a category's link (its items). */
function firstItemHref(a, sel) {
  let li = a.parentElement;
  while (li && li.tagName !== 'LI') li = li.parentElement;
  const list = li?.querySelector('ul');
  return list?.querySelector(sel.sidebarLink)?.getAttribute('href') ?? undefined;
}

/** Word-set Jaccard similarity. */
function jaccard(a, b) {
  if (!a.size && !b.size) return 1;
  let inter = 0;
  for (const w of a) if (b.has(w)) inter++;
  return inter / (a.size + b.size - inter);
}

export const TEXT_THRESHOLD = 0.9;

/** The differences between two pages' contents (empty list = equivalent) and the text overlap. */
export function compareContent(u, d) {
  const diffs = [];
  const detail = {};
  if (u.headingIds.join('\n') !== d.headingIds.join('\n')) {
    diffs.push('heading ids');
    detail.headingIds = { onlyDocusaurus: u.headingIds.filter((x) => !d.headingIds.includes(x)), onlyDocgen: d.headingIds.filter((x) => !u.headingIds.includes(x)) };
  }
  for (const k of Object.keys(u.counts)) {
    if (u.counts[k] !== d.counts[k]) {
      diffs.push(k);
      detail[k] = { docusaurus: u.counts[k], docgen: d.counts[k] };
    }
  }
  const ul = new Set(u.links);
  const dl = new Set(d.links);
  const onlyU = u.links.filter((x) => !dl.has(x));
  const onlyD = d.links.filter((x) => !ul.has(x));
  if (onlyU.length || onlyD.length) {
    diffs.push('link targets');
    detail.links = { onlyDocusaurus: onlyU.slice(0, 20), onlyDocgen: onlyD.slice(0, 20) };
  }
  const overlap = jaccard(u.words, d.words);
  if (overlap < TEXT_THRESHOLD) {
    diffs.push('text');
    detail.text = { overlap: Number(overlap.toFixed(3)), onlyDocusaurus: [...u.words].filter((w) => !d.words.has(w)).slice(0, 25), onlyDocgen: [...d.words].filter((w) => !u.words.has(w)).slice(0, 25) };
  }
  return { diffs, detail, overlap };
}

/** Positional comparison of two sidebars: entries equal at the same index (depth, label, target). */
export function compareSidebar(u, d) {
  let same = 0;
  for (let i = 0; i < u.length; i++) if (u[i] === d[i]) same++;
  return { same, total: u.length, equal: same === u.length && u.length === d.length };
}

export function isFile(p) {
  try { return statSync(p).isFile(); } catch { return false; }
}
