// Writes one planned page as MDX: front matter, an opening paragraph, h2 sections with custom
// ids ({#id}) and h3 subsections, one or two blocks per section, inline cross links (some to
// a heading of the other page) and a "Leia também" list. Every link points at a page or
// heading the plan holds, so the corpus builds with --strict-links.
import path from 'node:path';
import { createRng, deriveSeed } from './random.mjs';
import { paragraph, sentence, subheading } from './prose.mjs';
import { admonition, bulletList, codeBlock, orderedSteps, table, taskList } from './blocks.mjs';
import { CATEGORY_IMAGES, STATIC_IMAGES } from './assets.mjs';

const BLOCKS = [admonition, codeBlock, table, taskList, orderedSteps, bulletList];

/** Relative link from one docs file to another, the way writers type them (./x.mdx, ../y/z.md). */
function relLink(fromDir, toFile) {
  const rel = path.posix.relative(fromDir || '.', toFile);
  return rel.startsWith('../') ? rel : `./${rel}`;
}

/** A target page: mostly a neighbour in the same top category, sometimes anywhere. */
function pickTarget(r, page, ctx) {
  const near = ctx.byTop.get(page.topDir) ?? [];
  const pool = near.length > 1 && r.chance(0.6) ? near : ctx.pages;
  for (;;) {
    const t = r.pick(pool);
    if (t !== page) return t;
  }
}

/** A markdown link to another page; 40 % of them carry an #anchor of one of its h2 headings. */
function crossLink(r, page, ctx) {
  const target = pickTarget(r, page, ctx);
  const anchor = r.chance(0.4) ? r.pick(target.sections) : null;
  const text = anchor ? `${anchor.title.toLowerCase()} em “${target.title}”` : target.title;
  return `[${text}](${relLink(page.dir, target.file)}${anchor ? `#${anchor.id}` : ''})`;
}

function image(r, page) {
  if (page.topDir && r.chance(0.6)) {
    const img = r.pick(CATEGORY_IMAGES);
    return `![${img.alt}](${relLink(page.dir, `${page.topDir}/img/${img.name}`)})`;
  }
  const img = r.pick(STATIC_IMAGES);
  return `![${img.alt}](/img/${img.name})`;
}

const yamlString = (s) => JSON.stringify(s); // a JSON string is a valid YAML double-quoted scalar

export function renderPage(page, ctx) {
  const r = createRng(deriveSeed(ctx.seed, page.index));
  const out = ['---', `title: ${yamlString(page.title)}`, `description: ${yamlString(page.description)}`, `sidebar_position: ${page.position}`];
  if (r.chance(0.15)) out.push(`sidebar_label: ${yamlString(page.title.split(' ').slice(0, 3).join(' '))}`);
  out.push('---', '', paragraph(r, 2, 4), '');
  if (page.index === 0) out.push(introLinks(ctx), '');

  page.sections.forEach((section, s) => {
    out.push(`## ${section.title} {#${section.id}}`, '', paragraph(r));
    if (r.chance(0.5)) out.push('', `${sentence(r)} Veja também ${crossLink(r, page, ctx)}.`);
    out.push('', r.pick(BLOCKS)(r));
    if (s === 1 || r.chance(0.15)) out.push('', image(r, page));
    for (let h = 0; h < section.subs; h++) {
      out.push('', `### ${subheading(r)}`, '', paragraph(r, 2, 4));
      if (r.chance(0.4)) out.push('', r.pick(BLOCKS)(r));
    }
    out.push('');
  });

  out.push('## Leia também {#leia-tambem}', '');
  const seen = new Set();
  for (let i = 0; i < 3; i++) {
    const link = crossLink(r, page, ctx);
    if (!seen.has(link)) { seen.add(link); out.push(`- ${link}`); }
  }
  const cat = ctx.categoryOf.get(page.dir);
  if (cat) out.push(`- [Todos os itens de ${cat.label}](/docs/category/${cat.slug})`);
  out.push('');
  return out.join('\n');
}

/** The intro links every top category's generated index page (absolute /docs/category/ links). */
function introLinks(ctx) {
  return ctx.categories
    .filter((c) => c.depth === 1)
    .map((c) => `- [${c.label}](/docs/category/${c.slug}): ${c.description}`)
    .join('\n');
}

export function categoryFile(cat) {
  return `${JSON.stringify({
    label: cat.label,
    position: cat.position,
    collapsed: cat.collapsed,
    link: { type: 'generated-index', description: cat.description },
  }, null, 2)}\n`;
}
