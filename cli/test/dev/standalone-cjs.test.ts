import { transform } from 'esbuild';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { evaluateCommonJs } from '../../src/bundle/evaluate.js';
import { compileMdx } from '../../src/content/compile-mdx.js';
import { withToc } from '../../src/content/partials.js';
import { standaloneToCommonJs, warmUpScanner } from '../../src/dev/standalone-cjs.js';

type Module = { default: ((props: object) => ReactNode) & { contentTitle?: string }; [name: string]: unknown };

async function viaEsbuild(code: string): Promise<Module> {
  const { code: cjs } = await transform(code, { format: 'cjs', loader: 'js', target: 'node20' });
  return evaluateCommonJs(cjs, '/site/esbuild.cjs') as Module;
}

function viaScan(code: string): Module {
  const cjs = standaloneToCommonJs(code);
  expect(cjs).not.toBeNull();
  return evaluateCommonJs(cjs!, '/site/scan.cjs') as Module;
}

const html = (m: Module) => renderToStaticMarkup(createElement(m.default, {}));

describe('standaloneToCommonJs (a plain page evaluated without esbuild, docgen dev)', () => {
  it('gives the same exports and the same HTML as esbuild for a compiled page', async () => {
    const body = [
      '# Título com `código`',
      '',
      'export const answer = { value: 42, text: "export const not = 1;" };',
      '',
      'Texto com "aspas", \'apóstrofos\', uma barra / e uma crase ` solta.',
      '',
      '```js title="exemplo.js"',
      'export const inCode = `template',
      'export default 1`;',
      '// a comment /* not closed',
      '```',
      '',
      '## Seção {#secao}',
      '',
      '{`texto',
      'export const hidden = 1`}',
    ].join('\n');
    const { code: compiled, data } = await compileMdx({ body, sourcePath: '/site/content/docs/a.mdx', siteRelativePath: 'content/docs/a.mdx', routePath: '/docs/a', routeByFile: new Map(), onBrokenMarkdownLinks: 'ignore', resolveImage: () => null } as never);
    const code = withToc(compiled, data.toc);
    const [expected, actual] = [await viaEsbuild(code), viaScan(code)];
    expect(Object.keys(actual).sort()).toEqual(Object.keys(expected).filter((k) => k !== '__esModule').sort());
    expect(actual.answer).toEqual({ value: 42, text: 'export const not = 1;' });
    expect(actual.toc).toEqual(expected.toc);
    expect(actual.default.contentTitle).toBe(expected.default.contentTitle);
    expect(html(actual)).toBe(html(expected));
    expect(html(actual)).toContain('export default 1');
    expect(html(actual)).toContain('export const hidden = 1');
  });

  it('leaves template literals and comments as they are', () => {
    const code = [
      'import {jsx as _jsx} from "react/jsx-runtime";',
      'const text = `a',
      'export const inside = ${"}"} 1`;',
      '/* export const alsoInside = 2; */',
      'export const outside = text;',
      'export default function MDXContent() {',
      '  return _jsx("p", {children: text});',
      '}',
    ].join('\n');
    const m = viaScan(code);
    expect(m.outside).toBe('a\nexport const inside = } 1');
    expect(Object.keys(m).sort()).toEqual(['default', 'outside']);
    expect(html(m)).toBe('<p>a\nexport const inside = } 1</p>');
  });

  it('warms up on a page of the compiler\'s shape (it must convert, not decline)', () => {
    expect(warmUpScanner()).toBe(true);
  });

  it('declines what it does not fully understand, for esbuild to handle', () => {
    const page = (line: string) => `import {jsx as _jsx} from "react/jsx-runtime";\n${line}\nexport default function MDXContent() {\n  return _jsx("p", {});\n}\n`;
    expect(standaloneToCommonJs(page('export const a = 1;'))).not.toBeNull();
    for (const line of [
      'export const a = 1, b = 2;',
      'export const {a} = {a: 1};',
      'const a = 1;\nexport {a};',
      'export * from "x";',
      'export default 1;',
      'const r = /}/;',
      'const half = 1 / 2;',
      'import x from "other";',
      'import "side-effect";',
    ]) {
      expect(standaloneToCommonJs(page(line)), line).toBeNull();
    }
  });
});
