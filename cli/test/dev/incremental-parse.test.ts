import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createProcessor } from '@mdx-js/mdx';
import { VFile } from 'vfile';
import { compileMdx, type CompileInput } from '../../src/content/compile-mdx.js';
import { parseIncrementally } from '../../src/content/incremental-parse.js';
import { parseFrontMatter } from '../../src/content/front-matter.js';
import { seededRandom } from '../helpers';

/**
 * An edited page compiled incrementally (docgen dev: only the blocks the edit touched are
 * parsed again) must give exactly what a whole compile gives: the same code, headings,
 * links, problems and search sections, or the same error at the same place. Checked on the
 * company site's docs and the fixtures' docs, each through a chain of edits of every kind
 * a writer makes (and some that break the page), each compiled after the previous one.
 */
const REPO = fileURLToPath(new URL('../../../', import.meta.url));

function docs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'build' ? [] : docs(p);
    return /\.mdx?$/.test(e.name) && !e.name.startsWith('_') && statSync(p).size > 0 ? [p] : [];
  });
}

const files = [...docs(path.join(REPO, 'content', 'docs')), ...docs(path.join(REPO, 'cli', 'test', 'fixtures')).filter((f) => f.includes(`${path.sep}docs${path.sep}`))];

type Edit = (text: string, pick: (n: number) => number) => string;
const blankLines = (t: string) => [...t.matchAll(/\n\n/g)].map((m) => m.index! + 2);
const at = (t: string, i: number, s: string) => t.slice(0, i) + s + t.slice(i);
const EDITS: [string, Edit][] = [
  ['append a paragraph', (t, pick) => `${t}\n\nParágrafo novo ${pick(1000)}.\n`],
  ['insert a paragraph', (t, pick) => { const b = blankLines(t); return b.length ? at(t, b[pick(b.length)], `Inserido ${pick(1000)} aqui.\n\n`) : t; }],
  ['change a letter', (t, pick) => { const i = pick(t.length); return /[a-z]/.test(t[i] ?? '') ? t.slice(0, i) + 'x' + t.slice(i + 1) : t; }],
  ['type at the end of a line', (t, pick) => { const ends = [...t.matchAll(/[a-z.]\n/g)].map((m) => m.index! + 1); return ends.length ? at(t, ends[pick(ends.length)], ' e mais') : t; }],
  ['delete a line', (t, pick) => { const lines = t.split('\n'); lines.splice(pick(lines.length), 1); return lines.join('\n'); }],
  ['join two blocks', (t, pick) => { const b = blankLines(t); if (!b.length) return t; const i = b[pick(b.length)]; return t.slice(0, i - 1) + t.slice(i); }],
  ['start a list', (t, pick) => { const b = blankLines(t); return b.length ? at(t, b[pick(b.length)], '- item um\n- item dois\n\n') : t; }],
  ['indent a block', (t, pick) => { const b = blankLines(t); return b.length ? at(t, b[pick(b.length)], '  ') : t; }],
  ['open a code fence', (t, pick) => { const b = blankLines(t); return b.length ? at(t, b[pick(b.length)], '```js\nconst a = 1;\n\n') : t; }],
  ['open an admonition', (t, pick) => { const b = blankLines(t); return b.length ? at(t, b[pick(b.length)], ':::note\n\nDentro.\n\n') : t; }],
  ['close a code fence early', (t, pick) => { const b = blankLines(t); return b.length ? at(t, b[pick(b.length)], '```\n\n') : t; }],
  ['break the MDX', (t, pick) => { const b = blankLines(t); return b.length ? at(t, b[pick(b.length)], 'Um <b sem fim\n\n') : t; }],
  ['add a definition', (t) => `${t}\n\n[def]: /docs/intro\n`],
  ['undo to the original', (t) => t],
];

async function compile(sourcePath: string, body: string, incremental: boolean) {
  // A compile only awaits promises that are already settled: without a turn of the event loop
  // the whole file (a minute of CPU) would block the vitest worker, whose reply to the runner
  // then times out after 60 s and fails a green run.
  await new Promise((resolve) => setImmediate(resolve));
  let search: unknown = null;
  const input: CompileInput = {
    body,
    sourcePath,
    siteRelativePath: path.relative(REPO, sourcePath),
    routePath: '/docs/pagina',
    routeByFile: new Map(),
    onBrokenMarkdownLinks: 'warn',
    resolveImage: () => null,
    onHast: (tree) => (search = JSON.stringify(tree)),
    incremental,
  };
  try {
    const { code, forms, data } = await compileMdx(input);
    const { resolveImage: _r, routeByFile: _m, ...plain } = data;
    return { code, forms, data: JSON.parse(JSON.stringify(plain)), search };
  } catch (error) {
    return { error: String((error as Error).message), location: (error as { location?: unknown }).location };
  }
}

describe('incremental parse in docgen dev', () => {
  it.each(files.map((f) => [path.relative(REPO, f), f]))('compiles edits of %s exactly as a whole compile does', async (_name, file) => {
    const original = parseFrontMatter(readFileSync(file, 'utf8'), file).body;
    const pick = ((r) => (n: number) => Math.floor(r() * n))(seededRandom(file.length));
    await compile(file, original, true); // the page's first compile: its tree is kept
    let text = original;
    for (let round = 0; round < 3; round++) {
      for (const [name, edit] of EDITS) {
        text = name === 'undo to the original' ? original : edit(text, pick);
        const [incremental, whole] = [await compile(file, text, true), await compile(file, text, false)];
        expect(incremental, `${name} (round ${round + 1})`).toEqual(whole);
        // A broken page goes back to its last good text, as a writer fixes it.
        if ('error' in whole) text = original;
      }
    }
  }, 120_000);
});

describe('what an edit reparses', () => {
  /** The texts handed to the parser for a page's first parse and then for each edit. */
  function parsedTexts(pages: string[]): string[] {
    const processor = createProcessor();
    const seen: string[] = [];
    const parse = (file: VFile) => (seen.push(String(file.value)), processor.parse(file));
    for (const page of pages) parseIncrementally(processor, parse as never, new VFile({ value: page, path: '/p.mdx' }), 'page');
    return seen;
  }

  it('only the edited block, whatever lists or fences come earlier or later in the page', () => {
    const page = (edited: string) => `# Título\n\n- um\n- dois\n\n\`\`\`js\nconst a = 1;\n\`\`\`\n\nParágrafo do meio.\n\n${edited}\n\nMais um.\n\n- três\n- quatro\n`;
    expect(parsedTexts([page('Outro parágrafo.'), page('Outro parágrafo, editado.')])).toEqual([page('Outro parágrafo.'), '\nOutro parágrafo, editado.\n\n']);
  });

  it('the whole page when the edit is in an import below the first line (its positions are the whole parse\'s own)', () => {
    const page = (name: string) => `# Título\n\nimport X from './${name}';\n\n<X />\n`;
    expect(parsedTexts([page('a.js'), page('b.js')])).toEqual([page('a.js'), page('b.js')]);
  });
});

