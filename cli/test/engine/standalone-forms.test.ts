import { mkdtempSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { runCompileJob, type CompileJob } from '../../src/content/compile-job.js';
import { transformStandalone } from '../../src/bundle/standalone.js';
import { evaluateCommonJs } from '../../src/bundle/evaluate.js';
import { RUNTIME_PLACEHOLDER } from '../../src/content/standalone-forms.js';

/**
 * A plain page's CommonJS and browser forms are printed by the compiler (no esbuild
 * transform): each must behave exactly as esbuild's transform of the page's module did, for
 * every way MDX lets a page export something.
 */
const require = createRequire(import.meta.url);
const runtimeUrl = pathToFileURL(require.resolve('react/jsx-runtime')).href;
const dir = mkdtempSync(path.join(tmpdir(), 'standalone-forms-'));

const PAGES: Record<string, string> = {
  'plain text and markup': '# Título\n\nUm parágrafo com **negrito**, `código` e [link](https://exemplo.com.br).\n\n- um\n- dois\n',
  'exports of every kind': [
    'export const a = 1, { b, c: [d, ...rest] } = { b: 2, c: [3, 4, 5] };',
    'export function twice(x) { return 2 * x; }',
    'export class Box { constructor(v) { this.v = v; } }',
    'export { late as renamed };',
    'export const late = "declared after its export";',
    '',
    'Valor {a + b + d} e {twice(rest.length)} e {late} e {new Box(7).v}.',
  ].join('\n'),
  'a default export (layout)': 'export default function Layout({ children }) { return <section className="layout">{children}</section>; }\n\nDentro do layout.\n',
  'an anonymous default export': 'export default ({ children }) => <main>{children}</main>;\n\nTexto.\n',
};

const job = (name: string, body: string): CompileJob => ({
  body,
  sourcePath: path.join(dir, `${name.replaceAll(' ', '-')}.mdx`),
  siteRelativePath: `docs/${name.replaceAll(' ', '-')}.mdx`,
  routePath: '/docs/pagina',
  linkContext: 0,
  onBrokenMarkdownLinks: 'warn',
  mermaid: false,
  staticDirs: [],
  base: '',
  search: false,
});

async function importEsm(code: string, name: string): Promise<Record<string, unknown>> {
  const file = path.join(dir, `${name.replaceAll(' ', '-')}-${Math.random().toString(36).slice(2)}.mjs`);
  writeFileSync(file, code.replaceAll(JSON.stringify(RUNTIME_PLACEHOLDER), JSON.stringify(runtimeUrl)));
  return import(pathToFileURL(file).href);
}

/** What a module gives the theme: its rendered content and every other export, as JSON (minified names aside). */
function observe(mod: Record<string, unknown>) {
  const Content = mod.default as ((props: object) => unknown) & { contentTitle?: string };
  const exports = Object.fromEntries(Object.entries(mod).filter(([k]) => k !== 'default' && k !== '__esModule').map(([k, v]) => [k, typeof v === 'function' ? 'function' : v]));
  return { html: renderToStaticMarkup(createElement(Content as never)), contentTitle: Content.contentTitle, exports: JSON.parse(JSON.stringify(exports)) };
}

describe('standalone forms printed by the compiler', () => {
  it.each(Object.entries(PAGES))('%s: both forms behave as esbuild\'s transforms of the module', async (name, body) => {
    const result = await runCompileJob(job(name, body), new Map([[0, new Map()]]));
    if (!result.ok) throw new Error(result.message);
    expect(result.standalone).toBeDefined();
    const ours = result.standalone!;
    const theirs = await transformStandalone(result.code);
    const cjs = (code: string) => evaluateCommonJs(code, `${name}.cjs`, (id) => require(id));
    expect(observe(cjs(ours.cjs))).toEqual(observe(cjs(theirs.cjs)));
    expect(observe(await importEsm(ours.esm, `${name}-ours`))).toEqual(observe(await importEsm(theirs.esm, `${name}-theirs`)));
    // The browser form imports the runtime only through the placeholder the build replaces.
    expect(ours.esm).not.toContain('react/jsx-runtime');
  });

  it('an export named by a string (which esbuild\'s CommonJS transform got wrong) keeps its name', async () => {
    const result = await runCompileJob(job('string-export', 'export const a = 1;\nexport { a as "nome com espaço" };\n\nTexto.\n'), new Map([[0, new Map()]]));
    if (!result.ok) throw new Error(result.message);
    expect(evaluateCommonJs(result.standalone!.cjs, 'string-export.cjs', (id) => require(id))['nome com espaço']).toBe(1);
    expect((await importEsm(result.standalone!.esm, 'string-export'))['nome com espaço']).toBe(1);
  });

  it('a page that imports anything else has no forms: it goes through the bundler', async () => {
    const result = await runCompileJob(job('imports', 'import Tabs from "@theme/Tabs";\n\n<Tabs />\n'), new Map([[0, new Map()]]));
    expect(result.ok && result.standalone).toBe(undefined);
  });

  it('a "react/jsx-runtime" string in the text is not taken for the import', async () => {
    const result = await runCompileJob(job('runtime-text', 'O módulo se chama `"react/jsx-runtime"` no código.\n'), new Map([[0, new Map()]]));
    if (!result.ok) throw new Error(result.message);
    const mod = await importEsm(result.standalone!.esm, 'runtime-text');
    expect(observe(mod).html).toContain('&quot;react/jsx-runtime&quot;');
  });
});
