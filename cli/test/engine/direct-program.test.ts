import { afterEach, describe, expect, it } from 'vitest';
import { directStats, runCompileJob, type CompileJob, type JobResult } from '../../src/content/compile-job.js';

/**
 * A plain page's program is built straight from its final tree (content/direct-program.ts)
 * instead of through MDX's last steps. Each page below is compiled both ways: the code, the
 * standalone forms and the search sections must be the same, and the page must have taken
 * the way the test names (a direct path that never applies would pass the comparison alone).
 */
const PLAIN: Record<string, string> = {
  'headings, inline markup, lists': '# Título\n\nTexto com **negrito**, _ênfase_, `código` e [link](https://exemplo.com.br "título").\n\n## Seção {#secao}\n\n- um\n- dois\n  1. três\n\n> citação\n',
  'one element only (no fragment)': 'Só um parágrafo.',
  'an empty page': '',
  'whitespace only': '   \n\n',
  'a table with aligned columns': '| Campo | Valor | Nota |\n| :--- | :---: | ---: |\n| a | b | c |\n| d | | f |\n',
  'code blocks, highlighted and plain, with a title': '```js title="a.js"\nconst a = 1; // comentário\n```\n\n```\ntexto\n```\n\n```txt\nsem cor\n```\n',
  'admonitions (JSX a plugin adds)': ':::tip Dica\nCuidado com **isto**.\n:::\n\n:::warning\nAtenção.\n:::\n',
  'images, breaks, rules, task lists': '![alt](https://exemplo.com/x.png)\n\nlinha  \nquebrada\n\n---\n\n- [x] feito\n- [ ] a fazer\n',
  'footnotes and autolinks': 'Nota[^1] e https://exemplo.com.br.\n\n[^1]: A nota.\n',
  'a text that mentions import( (sent to the bundler, as before)': 'Carregue com `import("./x.js")` ou import (y).\n',
  'HTML tags written in the page (left as they are, not _components)': '# A\n\n<div className="x" hidden>texto</div>\n\n<section>\n  <h3>Mais</h3>\n\n  Texto **forte**.\n\n</section>\n\nUma <br /> quebra e <kbd>Ctrl</kbd>.\n',
  '<details> (the theme\'s Details, imported by docgen)': '<details>\n  <summary>Mais</summary>\n\n  Texto.\n\n</details>\n',
  'imported components, and exports': "import Tabs from '@theme/Tabs';\nimport TabItem from '@theme/TabItem';\nexport const versao = '2';\n\n# A\n\n<Tabs>\n  <TabItem value=\"a\" label=\"A\" default>\n\n  Texto\n\n  </TabItem>\n</Tabs>\n",
  'components from the theme (not imported: checked, taken from _components)': '<Card title="Um" />\n\n<Admonition type="tip">Dica **forte**.</Admonition>\n',
  'only components, no markdown element': '<Card title="Um" />\n',
  'an import below the component that uses it': "<Card />\n\nimport Card from './Card.js';\n",
  'html entities and escapes': 'Aspas &quot;x&quot; e \\* e &copy; e "quotes" e \\\\ barra.\n',
};

const NOT_PLAIN: Record<string, string> = {
  'an expression': 'Valor {1 + 1}.\n',
  'an attribute with an expression': '<div style={{ color: "red" }}>x</div>\n',
  'a component named with a dot': '<Foo.Bar>x</Foo.Bar>\n',
  'a default export (the page\'s layout)': 'export default function Layout({ children }) { return children; }\n\nTexto.\n',
  'JSX inside an export': 'export const Note = () => <b>nota</b>;\n\n<Note />\n',
  'a re-export from another module': "export { a } from './a.js';\n\nTexto.\n",
  'a comment among the imports': "import X from './x.js'; // o componente\n\n<X />\n",
};

const job = (name: string, body: string, markdownFormat?: CompileJob['markdownFormat']): CompileJob => ({
  body,
  sourcePath: `/site/docs/${name.replaceAll(' ', '-')}.mdx`,
  siteRelativePath: `docs/${name.replaceAll(' ', '-')}.mdx`,
  routePath: '/docs/x',
  linkContext: 0,
  onBrokenMarkdownLinks: 'ignore',
  mermaid: false,
  staticDirs: [],
  base: '',
  search: true,
  ...(markdownFormat ? { markdownFormat } : {}),
});

async function bothWays(name: string, body: string, markdownFormat?: CompileJob['markdownFormat']) {
  const contexts = new Map([[0, new Map<string, string>()]]);
  process.env.DOCGEN_DIRECT = '0';
  const viaMdx = await runCompileJob(job(name, body, markdownFormat), contexts);
  delete process.env.DOCGEN_DIRECT;
  const before = directStats.direct;
  const direct = await runCompileJob(job(name, body, markdownFormat), contexts);
  return { viaMdx, direct, tookDirect: directStats.direct > before };
}

function same(a: JobResult, b: JobResult) {
  if (!a.ok || !b.ok) throw new Error(`compile failed: ${JSON.stringify(a.ok ? b : a)}`);
  expect(b.code).toBe(a.code);
  expect(b.isStandalone).toBe(a.isStandalone);
  expect(b.standalone).toEqual(a.standalone);
  expect(b.search).toEqual(a.search);
}

describe('direct program (plain pages skip MDX\'s estree passes)', () => {
  afterEach(() => {
    delete process.env.DOCGEN_DIRECT;
  });

  for (const [name, body] of Object.entries(PLAIN)) {
    it(`prints what MDX prints: ${name}`, async () => {
      const { viaMdx, direct, tookDirect } = await bothWays(name, body);
      same(viaMdx, direct);
      expect(tookDirect).toBe(true);
    });
  }

  it('prints what MDX prints for CommonMark with raw HTML (format md)', async () => {
    const { viaMdx, direct, tookDirect } = await bothWays('raw html', '# T\n\n<details><summary>Mais</summary>\n\nTexto <b>forte</b>.\n\n</details>\n\n<table><tr><td align="center">c</td></tr></table>\n', 'md');
    same(viaMdx, direct);
    expect(tookDirect).toBe(true);
  });

  for (const [name, body] of Object.entries(NOT_PLAIN)) {
    it(`leaves the page to MDX: ${name}`, async () => {
      const { viaMdx, direct, tookDirect } = await bothWays(name, body);
      same(viaMdx, direct);
      expect(tookDirect).toBe(false);
    });
  }
});
