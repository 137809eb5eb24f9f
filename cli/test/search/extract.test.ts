import type { Root } from 'hast';
import { describe, expect, it } from 'vitest';
import { extractSearchSections, spliceSearchPartials } from '../../src/search/extract.js';

// Tiny hast builders: the trees below mirror what the engine hands over (ids already set).
type Child = Record<string, unknown>;
const t = (value: string) => ({ type: 'text', value });
const h = (tagName: string, properties: Record<string, unknown>, ...children: (Child | string)[]) => ({
  type: 'element',
  tagName,
  properties,
  children: children.map((c) => (typeof c === 'string' ? t(c) : c)),
});
const root = (...children: Child[]) => ({ type: 'root', children }) as unknown as Root;

describe('extractSearchSections', () => {
  it('splits the text at h2/h3 with ids and keeps the heading path', () => {
    const tree = root(
      h('p', {}, 'Antes do primeiro título.'),
      h('h2', { id: 'passo-a-passo' }, 'Passo a passo'),
      h('p', {}, 'Siga as etapas.'),
      h('h3', { id: 'criar-o-app' }, 'Criar o ', h('code', {}, 'app')),
      h('p', {}, 'Abra o painel.'),
      h('h4', { id: 'detalhe' }, 'Detalhe'),
      h('p', {}, 'Texto do h4 fica na seção do h3.'),
      h('h2', { id: 'erros' }, 'Erros'),
      h('h3', { id: 'token' }, 'Token'),
    );
    expect(extractSearchSections(tree)).toEqual([
      { anchor: '', headings: [], text: 'Antes do primeiro título.' },
      { anchor: 'passo-a-passo', headings: ['Passo a passo'], text: 'Siga as etapas.' },
      { anchor: 'criar-o-app', headings: ['Passo a passo', 'Criar o app'], text: 'Abra o painel. Detalhe Texto do h4 fica na seção do h3.' },
      { anchor: 'erros', headings: ['Erros'], text: '' },
      { anchor: 'token', headings: ['Erros', 'Token'], text: '' },
    ]);
  });

  it('keeps an empty top section when the page starts with a heading', () => {
    const sections = extractSearchSections(root(h('h2', { id: 'a' }, 'A'), h('p', {}, 'x')));
    expect(sections[0]).toEqual({ anchor: '', headings: [], text: '' });
  });

  it('does not glue words across blocks, and keeps inline text together', () => {
    const tree = root(
      h('p', {}, 'fim'),
      h('p', {}, 'início e ', h('strong', {}, 'neg'), 'rito'),
      h('ul', {}, h('li', {}, 'um'), h('li', {}, 'dois')),
      h('table', {}, h('tr', {}, h('td', {}, 'a'), h('td', {}, 'b'))),
      h('p', {}, 'linha', h('br', {}), 'quebrada'),
    );
    expect(extractSearchSections(tree)[0].text).toBe('fim início e negrito um dois a b linha quebrada');
  });

  it('reads code blocks and admonition content, skips MDX expressions and ESM', () => {
    const tree = root(
      { type: 'mdxjsEsm', value: 'import X from "./x"' },
      h('pre', {}, h('code', { className: ['language-bash'] }, h('span', { className: ['hljs-built_in'] }, 'curl'), ' -X POST')),
      {
        type: 'mdxJsxFlowElement',
        name: 'Admonition',
        attributes: [{ type: 'mdxJsxAttribute', name: 'type', value: 'warning' }, { type: 'mdxJsxAttribute', name: 'title', value: 'Atenção' }],
        children: [h('p', {}, 'Não compartilhe o token.')],
      },
      { type: 'mdxFlowExpression', value: 'props.x' },
      h('p', {}, 'Valor: ', { type: 'mdxTextExpression', value: '1 + 1' }, 'fim.'),
    );
    expect(extractSearchSections(tree)[0].text).toBe('curl -X POST Atenção Não compartilhe o token. Valor: fim.');
  });

  it('ignores hidden decorations such as heading hash links, scripts and styles', () => {
    const tree = root(
      h('h2', { id: 'webhook' }, 'Webhook', h('a', { ariaHidden: 'true', href: '#webhook' }, '#')),
      h('style', {}, '.x{color:red}'),
      h('p', {}, 'Texto.'),
    );
    expect(extractSearchSections(tree)[1]).toEqual({ anchor: 'webhook', headings: ['Webhook'], text: 'Texto.' });
  });

  it('treats headings without an id as text', () => {
    const sections = extractSearchSections(root(h('h2', {}, 'Sem id'), h('p', {}, 'corpo')));
    expect(sections).toEqual([{ anchor: '', headings: [], text: 'Sem id corpo' }]);
  });

  it('finds headings nested in wrappers and restarts the path at each h2', () => {
    const tree = root(h('div', {}, h('h3', { id: 'solto' }, 'Solto'), h('p', {}, 'a')), h('h2', { id: 'b' }, 'B'), h('p', {}, 'b'));
    expect(extractSearchSections(tree).map((s) => s.headings)).toEqual([[], ['Solto'], ['B']]);
  });
});

describe('spliceSearchPartials', () => {
  const jsx = (name: string, type = 'mdxJsxFlowElement') => ({ type, name, attributes: [], children: [] });
  const file = (tree: Root, partials: Record<string, string> = {}) => ({ sections: extractSearchSections(tree, new Set(Object.keys(partials))), partials: new Map(Object.entries(partials)) });

  it('joins a partial used inside a paragraph to the words around it', () => {
    const page = file(root(h('h2', { id: 'a' }, 'A'), h('p', {}, 'Use o ', jsx('Nome', 'mdxJsxTextElement'), ' no painel.')), { Nome: '/s/_nome.md' });
    const nome = file(root(h('p', {}, 'Gerenciador de Negócios')));
    expect(spliceSearchPartials(page, new Map([['/s/_nome.md', nome]]))).toEqual([
      { anchor: '', headings: [], text: '' },
      { anchor: 'a', headings: ['A'], text: 'Use o Gerenciador de Negócios no painel.' },
    ]);
  });

  it('leaves out a partial that did not compile or that renders itself, and no marker survives', () => {
    const page = file(root(h('p', {}, 'Início.'), jsx('Falta'), jsx('Eco'), h('p', {}, 'Fim.')), { Falta: '/s/_falta.md', Eco: '/s/_eco.md' });
    const eco = file(root(h('p', {}, 'Eco.'), jsx('Eco')), { Eco: '/s/_eco.md' });
    expect(spliceSearchPartials(page, new Map([['/s/_eco.md', eco]]))).toEqual([{ anchor: '', headings: [], text: 'Início. Eco. Fim.' }]);
  });
});
