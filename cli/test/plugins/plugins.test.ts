import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { evaluateCommonJs } from '../../src/bundle/evaluate.js';
import { compileMdx } from '../../src/content/compile-mdx.js';

/**
 * The remark/rehype plugins, one fixture folder per case (unified's style):
 * `fixtures/<plugin>/<case>/input.mdx` compiles (as the page `/docs/pagina`, beside a doc
 * `intro.md` routed at `/docs/intro`) to `output.html` (rendered with plain stand-ins for the
 * theme's components) and `output.json` (what the plugins record: headings, links, JSX
 * names, problems). `UPDATE_FIXTURES=1` rewrites the expected files; review them by eye.
 */
const root = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const update = process.env.UPDATE_FIXTURES === '1';
const cases = readdirSync(root).flatMap((plugin) => readdirSync(path.join(root, plugin)).map((name) => [plugin, name] as const));

/** Stand-ins that show their props: the fixture checks what the plugins produce, not the theme. */
const Admonition = ({ type, title, children }: { type: string; title?: string; children: ReactNode }) =>
  createElement('aside', { 'data-type': type, 'data-title': title }, children);
const Unknown = (name: string) => ({ children }: { children?: ReactNode }) => createElement('x-component', { 'data-name': name }, children);

/**
 * Compile options a case sets in options.json (the site's markdown.mermaid…); `remarkPlugins`
 * names packages, loaded as a site's config would.
 */
async function caseOptions(dir: string): Promise<Record<string, unknown>> {
  const file = path.join(dir, 'options.json');
  if (!existsSync(file)) return {};
  const { remarkPlugins, ...options } = JSON.parse(readFileSync(file, 'utf8')) as { remarkPlugins?: string[] };
  if (!remarkPlugins) return options;
  const loaded = await Promise.all(remarkPlugins.map(async (name) => (await import(name)).default));
  return { ...options, plugins: { remarkPlugins: loaded, rehypePlugins: [] } };
}

async function compileCase(dir: string) {
  // options.json may name the page's file (a .md, for the 'mdx1' format's rules).
  const { sourceFile = 'pagina.mdx', ...options } = (await caseOptions(dir)) as { sourceFile?: string };
  const sourcePath = path.join(dir, sourceFile);
  const { code, data } = await compileMdx({
    body: readFileSync(path.join(dir, 'input.mdx'), 'utf8'),
    sourcePath,
    siteRelativePath: 'content/docs/pagina.mdx',
    routePath: '/docs/pagina',
    routeByFile: new Map([[path.join(dir, 'intro.md'), '/docs/intro'], [sourcePath, '/docs/pagina']]),
    onBrokenMarkdownLinks: 'warn',
    resolveImage: () => null,
    ...options,
  });
  const cjs = (await transform(code, { format: 'cjs', loader: 'js', target: 'node20' })).code;
  // Imports a plugin adds (npm2yarn's `@theme/Tabs`) get stand-ins too.
  const require = (id: string) => {
    if (id.startsWith('@theme/') || /\.mdx?$|Componente$/.test(id)) return { __esModule: true, default: Unknown(id) };
    return id.endsWith('.css') ? {} : createRequire(import.meta.url)(id); // a stylesheet a page imports does nothing here
  };
  const Content = evaluateCommonJs(cjs, `${dir}.cjs`, require).default as (props: { components: object }) => ReactNode;
  const components: Record<string, unknown> = { admonition: Admonition };
  for (const { name } of data.jsx) components[name] ??= Unknown(name); // components the page names without importing
  const html = renderToStaticMarkup(createElement(Content, { components }));
  const json = { toc: data.toc, h1: data.h1, partials: data.partials.map((p) => ({ ...p, path: path.relative(dir, p.path) })), links: data.links, jsx: data.jsx, problems: data.problems };
  return { html: `${html.replace(/></g, '>\n<')}\n`, json: `${JSON.stringify(json, null, 2)}\n` };
}

describe('remark/rehype plugins (fixture folders)', () => {
  it.each(cases)('%s: %s', async (plugin, name) => {
    const dir = path.join(root, plugin, name);
    const out = await compileCase(dir);
    for (const [file, text] of [['output.html', out.html], ['output.json', out.json]] as const) {
      const expected = path.join(dir, file);
      if (update) writeFileSync(expected, text);
      expect(existsSync(expected), `${expected} is missing: run with UPDATE_FIXTURES=1 and review it`).toBe(true);
      expect(text, `${plugin}/${name}/${file}`).toBe(readFileSync(expected, 'utf8'));
    }
  });

  it('has a case for every plugin', () => {
    const plugins = readdirSync(path.join(root, '..', '..', '..', 'src', 'content', 'plugins')).map((f) => f.replace(/\.ts$/, '')).filter((p) => p !== 'types' && p !== 'preprocess');
    expect(plugins.filter((p) => !existsSync(path.join(root, p)))).toEqual([]);
  });
});
