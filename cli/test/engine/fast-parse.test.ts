import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createProcessor } from '@mdx-js/mdx';
import remarkDirective from 'remark-directive';
import remarkGfm from 'remark-gfm';
import { compileMdx } from '../../src/content/compile-mdx.js';
import { fastParse } from '../../src/content/fast-parse/index.js';
import { preprocessMarkdown } from '../../src/content/plugins/preprocess.js';
import { seededRandom } from '../helpers';

/**
 * fastParse must give exactly the tree micromark gives (MDX, GFM and directives, positions
 * included) for every page it accepts, and give up (null) on anything else. Checked on
 * pages written for it, on every doc of the repository, and on random edits of those.
 */
const micromark = createProcessor({ remarkPlugins: [remarkGfm, remarkDirective] });
const reference = (doc: string) => JSON.parse(JSON.stringify(micromark.parse(doc)));
const fast = (doc: string) => JSON.parse(JSON.stringify(fastParse(doc)));
/** fastParse with the blocks it does not read left to micromark; `sliced` gets the slices' text. */
const withSlices = (doc: string, sliced: string[] = []) => fastParse(doc, (slice) => (sliced.push(slice), micromark.parse(slice)));

/** Pages the fast parser reads only in part: the rest goes to micromark a slice at a time. */
const SLICED: Record<string, string> = {
  // Front matter blanked (the block starts below line 1), names both imported and local.
  imports: '\n\n\nimport Tabs from "@theme/Tabs";\nimport { TabItem, Outro as O } from "./x";\n\nimport { Card } from "./card";\nexport { Card, TabItem as Item };\n\n# Título\n\nTexto.\n',
  importInContainer: '\n\n:::note\nimport { a } from "b";\n\nTexto.\n:::\n\nFim.\n',
  jsxBlock: 'Antes.\n\n<details>\n<summary>Mais</summary>\n\nDentro, com *ênfase*.\n\n- item\n\n</details>\n\nDepois.\n',
  expressions: '# Título\n\n{1 + 1}\n\n<Tabs groupId="os" values={[{ label: "Linux", value: "linux" }]} {...rest}>\n\nTexto {a}.\n\n</Tabs>\n\nFim.\n',
  bareUrl: '- um\n- dois\n\nVeja https://exemplo.com e &amp;.\n\n## Depois\n\nTexto.\n',
  // The fast parser ends a paragraph at `:::` (a directive), which micromark reads as its
  // text: the slice takes the paragraph too.
  interrupted: 'Intro.\n\n## Seção\n<Componente />\n\nParágrafo\n:::\ncontinua {1}.\n\nFim.\n',
  listGoesOn: '- https://exemplo.com\n\n- segundo\n\nTexto.\n',
  emptyItemGoesOn: '- um\n\n- \n\nTexto {1}.\n',
  nestedDirectives: ':::note\n::::tip\ndentro\n::::\n\nhttps://exemplo.com\n\n:::\n\nTexto.\n',
  unclosedAtEnd: 'Texto.\n\n<Aviso>\n\nsem fim\n',
};

const ACCEPTED: Record<string, string> = {
  prose: '# Título da página\n\nUm parágrafo com *ênfase*, **forte**, ***os dois***, `código` e `` com ` crase ``.\nSegunda linha com espaço no fim \ne quebra forçada  \n   depois de recuo.\n',
  emphasis: 'snake_case_var e foo_bar_ e x*y*z, **a*b**, *a **b** c*, __sublinhado__ e _fim_.\n\n**negrito**: depois; (*entre parênteses*) e "*aspas*".\n',
  links: 'Veja [a *página*](../outra.mdx#secao "Título") e ![Tela do painel](./img/tela.png), e [link simples](/docs/intro).\n',
  headings: '## Seção\n\n### Subseção com `código`\n\n###### Nível seis\n\n#sem espaço é parágrafo\n',
  lists: '- um\n- dois\n\n  continuação do dois\n- três\n  - aninhado\n  - outro\n\n1. primeiro\n2. segundo\n\nTexto.\n\n3) outra lista\n\n7. começa no sete\n8. oito\n',
  tasks: '- [ ] pendente\n- [x] feito\n- [X] também feito\n',
  codeInList: '1. Rode:\n\n   ```bash title="terminal"  \n   npm install\n\n   npm test\n   ```\n2. Pronto.\n',
  fences: '```\nsem linguagem\n```\n\n```js {1,3} showLineNumbers\nconst a = 1;\n```\n\n````md\n```\naninhado\n```\n````\n',
  tables: '| Campo | Valor | Centro |\n|:--|--:|:-:|\n| `waba_id` | **sim** | x |\n| só um |\n| | vazio |\n\nsem | barra inicial\n--- | ---\na | b\n',
  directives: ':::note\nTexto da nota.\n:::\n\n:::tip[Boa *prática*]\n- item\n- outro\n\n```sh\nls\n```\n:::\n\n::::warning[Externo]\nAntes.\n::::\n',
  trailingSpaces: 'Parágrafo com espaços no fim   \n\n## Título com espaços  \n\n- item  \n- outro \n',
  emoji: 'Prioridade *🔴* alta, **✅ feito** e _🟡_ média.\n',
  breaks: 'linha um\nlinha dois\n  recuada\n\n`código` \nfim\n',
  tabsInCode: '```go\nfunc main() {\n\tfmt.Println("x")\n\t\n}\n```\n\n- item\n\n  ```yaml\n  a:\n  \tb: 1\n  ```\n\n:::note\n```\n\tdentro\n```\n:::\n',
  tabsInText: 'Nome\tvalor, `a\tb`, ` \t ` e *x*\t*y*.\n\n* [ajuda](/x)\t - mostra a ajuda\n* [x] não é tarefa\tsem espaço\n\n| a\t| b |\n|---|---|\n| c\t|\td |\n\n## Título\tcom tab\n',
  blockquotes: '> citação com *ênfase*\n>\n>sem espaço\n> ```sh\n> ls\n>\n> ```\n\n## Título\n> logo abaixo\n\nParágrafo\n> interrompido\n\n- > em item\n',
  thematicBreaks: 'Texto.\n\n---\n\n***\n\n_ _ _  \n\n## Título\n---\n```\nx\n```\n* * *\n\n- item\n\n  ---\n',
  noBreakSpaces: 'Linha\u00a0\n\n\u00a0\n\n| a | b\u00a0|\n|---|---|\n| \u00a0c | d |\n\n```\u00a0js\nx\n```\n',
};

const REJECTED: Record<string, string> = {
  jsx: 'Texto <Componente /> aqui.\n',
  expression: 'Valor {1 + 1}.\n',
  reference: 'Veja [aqui][ref].\n\n[ref]: https://exemplo.com\n',
  footnote: 'Texto[^1].\n\n[^1]: Nota.\n',
  entity: 'A &amp; B\n',
  escape: 'Um \\* literal\n',
  autolink: 'Acesse www.exemplo.com ou https://exemplo.com\n',
  email: 'Escreva para time@exemplo.com\n',
  textDirective: 'Proporção 1:1 e hora 10:30\n',
  emojiDirective: 'Prioridade :🔴 alta\n',
  strikethrough: '~~riscado~~\n',
  setext: 'Título\n======\n',
  blockquoteText: '> citação em\n> duas linhas\n',
  blockquoteLazy: '> citação\ncontinuação preguiçosa\n',
  blockquoteTab: '>\tcitação\n',
  blockquoteList: '> - item\n>\n> fim\n',
  lazy: '- item\ncontinuação preguiçosa\n',
  indentedListInParagraph: 'Texto\n    - vira lista no MDX\n',
  emptyItem: '- \n- item\n',
  tab: '-\titem\n',
  tabIndent: 'Texto\n\tcontinua\n',
  tabAfterHash: '#\tTítulo\n',
  tabAfterNumber: '1.\titem\n',
  trailingTab: 'fim\t\nlinha\n',
  tabInFenceInfo: '```js\tmeta\nx\n```\n',
  tabClosingFence: '```\nx\n```\t\n',
  tabBlankLineInItem: '- a\n\n  ```\n  x\n\t\n  ```\n',
  tabDelimiterRow: '| a | b |\n|---|\t---|\n',
  tabAfterColon: 'Modo:\tativo\n',
  delimiterRowLikeListItem: '| a | b |\n- |--\n',
  html: '<div>\n\nbloco\n\n</div>\n',
  esm: 'import X from "./x";\n\n<X />\n',
  orderedInterrupt: 'Texto\n2. não interrompe\n',
};

function docs(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name.startsWith('.') ? [] : docs(p);
    return /\.mdx?$/.test(e.name) && statSync(p).size > 0 ? [p] : [];
  });
}

const REPO = fileURLToPath(new URL('../../../', import.meta.url));
const bodies = [...docs(path.join(REPO, 'content')), ...docs(path.join(REPO, 'cli', 'test', 'fixtures'))].map((file) => ({
  file,
  // Front matter blanked out, line numbers kept, as the compile does.
  body: preprocessMarkdown(readFileSync(file, 'utf8').replace(/^---\n[\s\S]*?\n---\n/, (m) => m.replace(/[^\n]/g, '')), 'mdx').body,
}));

/** A random piece (`size` characters) of one of `from`'s bodies, with `edits` of `bits` put in. */
function randomEdit(random: () => number, from: { body: string }[], bits: string[], size: number, edits: number): string {
  let body = from[Math.floor(random() * from.length)].body;
  const start = Math.floor(random() * Math.max(1, body.length - size));
  body = body.slice(start, start + size);
  for (let k = 0; k < edits; k++) {
    const at = Math.floor(random() * body.length);
    body = body.slice(0, at) + bits[Math.floor(random() * bits.length)] + body.slice(at);
  }
  return body;
}

describe('fastParse', () => {
  it.each(Object.entries(ACCEPTED))('reads %s exactly as micromark does', (_, doc) => {
    expect(fastParse(doc)).not.toBeNull();
    expect(fast(doc)).toEqual(reference(doc));
  });

  it.each(Object.entries(REJECTED))('leaves %s to micromark', (_, doc) => {
    expect(fastParse(doc)).toBeNull();
  });

  it('gives micromark’s tree for every doc of the repository it accepts', () => {
    let accepted = 0;
    for (const { file, body } of bodies) {
      if (!fastParse(body)) continue;
      accepted++;
      expect(fast(body), file).toEqual(reference(body));
    }
    expect(accepted).toBeGreaterThan(10);
  });

  it.each(Object.entries(SLICED))('reads %s in part, leaving slices to micromark', (name, doc) => {
    expect(fastParse(doc)).toBeNull();
    const sliced: string[] = [];
    const tree = withSlices(doc, sliced);
    if (name === 'unclosedAtEnd') return expect(tree).toBeNull(); // micromark's error, from a whole parse
    expect(JSON.parse(JSON.stringify(tree))).toEqual(reference(doc));
    expect(sliced.length).toBeGreaterThan(0);
    expect(sliced.at(-1)!.length).toBeLessThan(doc.length);
  });

  it('leaves pages with definitions or with imports in two places to micromark whole', () => {
    expect(withSlices('<X />\n\nVeja [a].\n\n[a]: https://exemplo.com\n')).toBeNull();
    expect(withSlices('import A from "./a";\n\nTexto.\n\nimport B from "./b";\n\n<A />\n')).toBeNull();
  });

  it('gives micromark’s tree with slices for every doc of the repository and random edits (bounded fuzz)', () => {
    const random = seededRandom(10);
    const bits = ['<br />', '\n<Aviso>\n\n', '\n</Aviso>\n', '{1}', '\n{a}\n', ' https://x.y ', '&amp;', '\nimport { a } from "b";\n', '\n\n', '\n- ', '\n:::note\n', '\n:::\n', '\n```\n', '> ', '    '];
    let checked = 0;
    for (const { file, body } of bodies) {
      const tree = withSlices(body);
      if (tree) expect(JSON.parse(JSON.stringify(tree)), file).toEqual(reference(body)), checked++;
    }
    const started = Date.now();
    for (let n = 0; n < 1500 && Date.now() - started < 10_000; n++) {
      const body = randomEdit(random, bodies, bits, 600, 2);
      let expected: unknown;
      try {
        expected = reference(body);
      } catch {
        expect(withSlices(body), JSON.stringify(body)).toBeNull();
        continue;
      }
      const tree = withSlices(body);
      if (tree) expect(JSON.parse(JSON.stringify(tree)), JSON.stringify(body)).toEqual(expected), checked++;
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('gives micromark’s tree after random edits of those docs (bounded fuzz, fixed seed)', () => {
    const random = seededRandom(14);
    const bits = ['*', '**', '_', '`', ' ', '  ', '\n', '\n\n', '- ', '1. ', '2) ', '# ', '[', ']', '](x)', '![a](b)', '|', ':::', '```', '    ', 'é', ':', '- [ ] ', '\n  - ', '\t', ' \t', '\n\t', '\n> ', '>'];
    const plain = bodies.filter(({ body }) => fastParse(body));
    let checked = 0;
    const started = Date.now();
    for (let n = 0; n < 3000 && Date.now() - started < 20_000; n++) {
      const body = randomEdit(random, plain, bits, 300, 3);
      if (!fastParse(body)) continue;
      checked++;
      expect(fast(body), JSON.stringify(body)).toEqual(reference(body));
    }
    expect(checked).toBeGreaterThan(50);
  });
});

/**
 * A site plugin adding syntax of its own (here `%text%` read as inline code): the fast
 * reading, which does not know it, must leave such a processor's pages to micromark.
 */
function remarkPercent(this: { data(): Record<string, unknown[] | undefined> }) {
  const data = this.data();
  const percent = {
    name: 'percent',
    tokenize(effects: any, ok: any, nok: any) {
      const inside = (code: number | null): unknown => {
        if (code === 37) return effects.consume(code), effects.exit('percent'), ok;
        if (code === null || code < 0) return nok(code);
        return effects.consume(code), inside;
      };
      return (code: number) => (effects.enter('percent'), effects.consume(code), inside);
    },
  };
  (data.micromarkExtensions ??= []).push({ text: { 37: percent } });
  (data.fromMarkdownExtensions ??= []).push({
    enter: { percent(this: any, token: any) { this.enter({ type: 'inlineCode', value: this.sliceSerialize(token).slice(1, -1) }, token); } },
    exit: { percent(this: any, token: any) { this.exit(token); } },
  });
}

describe('fastParse in the compile', () => {
  it('steps aside when a site plugin adds syntax', async () => {
    const compile = (plugins?: { remarkPlugins: never[]; rehypePlugins: never[] }) =>
      compileMdx({ body: 'Um %trecho% aqui.\n', sourcePath: '/site/docs/a.mdx', siteRelativePath: 'docs/a.mdx', routePath: '/docs/a', routeByFile: new Map(), onBrokenMarkdownLinks: 'warn', resolveImage: () => null, plugins });
    expect((await compile()).code).toContain('%trecho%');
    const withPlugin = await compile({ remarkPlugins: [remarkPercent as never], rehypePlugins: [] });
    expect(withPlugin.code).toMatch(/_components\.code, \{\s*children: "trecho"/);
  });
});
