// The corpus's shape, decided before any page is written: the category tree, every page's
// file, title and headings (with their ids). Pages link to each other and to headings of
// other pages, so all targets must be known first; that is why planning and writing are two
// passes (plan.mjs, then page.mjs).
import { createRng } from './random.mjs';
import { description, pageTitle } from './prose.mjs';
import { CATEGORY_BASES, CATEGORY_QUALIFIERS, SECTION_TITLES } from './words.mjs';

/** The docs engine's category slug (github-slugger) for labels made of letters, digits, spaces. */
export const labelSlug = (label) => label.toLowerCase().replace(/[^\p{L}\p{N}\p{M}\s-]/gu, '').trim().replace(/\s/g, '-');
/** ASCII slug for custom heading ids and some file names (writers often avoid accents there). */
export const asciiSlug = (text) => labelSlug(text.normalize('NFD').replace(/\p{M}/gu, ''));

const pad = (n) => String(n).padStart(2, '0');

/**
 * Plans a corpus of `total` doc pages: intro.mdx at the root, the rest spread over top-level
 * categories, split into subcategories (up to three levels) when a folder would hold more than
 * nine pages, so the sidebar at 1000 pages is as deep as a real one.
 */
export function planCorpus(total, seed) {
  const r = createRng(seed);
  const categories = [];
  const pages = [];
  const usedLabels = new Set();
  const usedNames = new Set(); // dir/name without the number prefix: the route the engine derives

  const uniqueLabel = () => {
    for (let attempt = 0; ; attempt++) {
      const q = attempt < 40 ? r.pick(CATEGORY_QUALIFIERS) : String(attempt);
      const label = `${r.pick(CATEGORY_BASES)}${q ? ` ${q}` : ''}`;
      if (!usedLabels.has(label)) { usedLabels.add(label); return label; }
    }
  };

  const addPage = (dir, position, topDir) => {
    const title = pageTitle(r);
    // Number prefixes are stripped from routes, so two titles alike in one folder would claim
    // the same route (the engine rightly refuses); a counter keeps names unique.
    const stem = asciiSlug(title).slice(0, 48).replace(/-+$/, '');
    let name = stem;
    for (let i = 2; usedNames.has(`${dir}/${name}`); i++) name = `${stem}-${i}`;
    usedNames.add(`${dir}/${name}`);
    const base = `${pad(position)}-${name}`;
    const ext = r.chance(0.85) ? 'mdx' : 'md';
    const file = `${dir ? `${dir}/` : ''}${base}.${ext}`;
    pages.push({ index: pages.length, file, dir, title, description: description(r), position, topDir, sections: planSections(r) });
  };

  // Fills one folder with `count` pages, directly or through subcategories.
  const fill = (dir, count, depth, topDir) => {
    if (count <= 9 || depth >= 3) {
      for (let i = 1; i <= count; i++) addPage(dir, i, topDir);
      return;
    }
    const direct = r.int(2, 3);
    const rest = count - direct;
    const k = Math.min(5, Math.ceil(rest / 9));
    for (let i = 1; i <= direct; i++) addPage(dir, i, topDir);
    split(rest, k, r).forEach((n, i) => addCategory(dir, direct + i + 1, n, depth + 1, topDir));
  };

  const addCategory = (parent, position, count, depth, topDir) => {
    const label = uniqueLabel();
    // Half the folders keep accents in their names (as 02-referência in the fixtures): routes,
    // output paths and link checking must all cope with non-ASCII paths.
    const name = `${pad(position)}-${r.chance(0.5) ? labelSlug(label) : asciiSlug(label)}`;
    const dir = parent ? `${parent}/${name}` : name;
    categories.push({
      dir, label, slug: labelSlug(label), position, depth,
      collapsed: depth > 1 || r.chance(0.5),
      description: description(r),
    });
    fill(dir, count, depth, topDir ?? dir);
  };

  addPage('', 1, null);
  pages[0].title = 'Introdução';
  pages[0].file = 'intro.mdx';
  const tops = Math.max(3, Math.round(Math.sqrt(total) / 2.4));
  split(total - 1, tops, r).forEach((n, i) => addCategory('', i + 2, n, 1, null));
  return { pages, categories };
}

/** Splits n into k positive parts of roughly equal size (±25 %), summing exactly to n. */
function split(n, k, r) {
  k = Math.max(1, Math.min(k, n));
  const weights = Array.from({ length: k }, () => 0.75 + r.next() * 0.5);
  const sum = weights.reduce((a, b) => a + b, 0);
  const parts = weights.map((w) => Math.max(1, Math.floor((w / sum) * n)));
  let diff = n - parts.reduce((a, b) => a + b, 0);
  for (let i = 0; diff !== 0; i = (i + 1) % k) {
    if (diff > 0) { parts[i]++; diff--; } else if (parts[i] > 1) { parts[i]--; diff++; }
  }
  return parts;
}

/**
 * Four to seven h2 sections, each with a custom id ({#id}, linkable from other pages) and
 * sometimes h3 subsections (automatic ids). Titles are unique within a page.
 */
function planSections(r) {
  const titles = r.sample(SECTION_TITLES, r.int(4, 7));
  return titles.map((title) => ({ title, id: asciiSlug(title), subs: r.chance(0.45) ? r.int(1, 2) : 0 }));
}
