import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Root } from '../src/Root';
import { Admonition } from '../src/components/Admonition';
import { noFlashScript, mdxComponents, renderRoute, SidebarMemo } from '../src/server';
import type { SidebarItem } from '../src/types';
import { makePage, makeSite } from './support/render';

// Server rendering as the engine does it (node, no DOM).
const sidebar: SidebarItem[] = [
  { type: 'link', label: 'Introdução', href: '/docs/intro' },
  { type: 'category', label: 'Guia', href: '/docs/category/guia', collapsed: true, collapsible: true, items: [
    { type: 'link', label: 'Primeiros passos', href: '/docs/guia/a' },
  ] },
];

describe('Root on the server', () => {
  it('renders the not-found page in Portuguese with a link home, and the skip link first', () => {
    const html = renderToString(<Root site={makeSite()} page={makePage({ kind: 'notFound', path: '/404', title: 'Página não encontrada', sidebarId: undefined })} sidebar={null} />);
    expect(html).toContain('<h1>Página não encontrada</h1>');
    expect(html).toContain('Voltar para a página inicial');
    expect(html.indexOf('dg-skip')).toBeLessThan(html.indexOf('dg-navbar'));
  });

  it('renders a doc page with sidebar, breadcrumbs, TOC, content and pagination', () => {
    const Content = ({ components }: { components?: Record<string, unknown> }) => {
      const Admon = components!.Admonition as typeof Admonition;
      return <Admon type="info">Corpo do doc</Admon>;
    };
    const page = makePage({
      breadcrumbs: [{ title: 'Introdução', href: '/docs/intro' }],
      toc: [{ id: 'parte', value: 'Parte', level: 2 }],
      next: { title: 'Guia', href: '/docs/category/guia' },
    });
    const html = renderToString(<Root site={makeSite()} page={page} sidebar={sidebar} Content={Content} />);
    for (const part of ['dg-sidebar', 'dg-breadcrumbs', 'dg-toc', 'Corpo do doc', 'Informação', 'dg-pagination', '<h1>Introdução</h1>']) {
      expect(html).toContain(part);
    }
  });
});


describe('server entry', () => {
  it('exports renderRoute, mdxComponents with Admonition, and the no-flash script', () => {
    expect(Object.keys(mdxComponents)).toEqual(expect.arrayContaining(['Admonition', 'a', 'pre']));
    expect(renderRoute({ site: makeSite(), page: makePage(), sidebar })).toContain('dg-navbar');
  });

  it('no-flash script applies the stored mode, else the default, and hides a closed announcement', () => {
    const site = makeSite({ announcementBar: { id: 'x', content: 'a', backgroundColor: '#fff', textColor: '#000', isCloseable: true } });
    const run = (stored: Record<string, string>) => {
      const attrs: Record<string, string> = {};
      const context = {
        localStorage: { getItem: (k: string) => stored[k] ?? null },
        window: { matchMedia: () => ({ matches: true }) },
        document: { documentElement: { setAttribute: (k: string, v: string) => { attrs[k] = v; } } },
        location: { pathname: '/' },
      };
      new Function(...Object.keys(context), noFlashScript(site))(...Object.values(context));
      return attrs;
    };
    expect(run({})).toEqual({ 'data-theme': 'light', 'data-theme-choice': 'light' });
    expect(run({ theme: 'dark' })['data-theme']).toBe('dark');
    expect(run({ 'docgen.announcement.dismissed.x': 'true' })['data-announcement-dismissed']).toBe('true');
  });

  it('no-flash script words its wrong-base-URL banner from the site it is given, whatever rendered last', () => {
    renderRoute({ site: makeSite(), page: makePage(), sidebar }); // installs the pt-BR catalog
    const messages = { 'baseUrlBanner.message': 'The site expects {baseUrl} but is at {path}.' };
    const script = noFlashScript(makeSite({ baseUrl: '/manual/', messages }));
    expect(script).toContain('The site expects \\u0000B but is at \\u0000P.');
    expect(script).not.toContain('O site não carregou');
  });
});

describe('sidebar memo (prerendering a build)', () => {
  const nested: SidebarItem[] = [
    { type: 'link', label: 'Introdução', href: '/docs/intro' },
    { type: 'category', label: 'Aberta', href: '/docs/category/aberta', collapsed: false, collapsible: true, items: [
      { type: 'link', label: 'Um', href: '/docs/aberta/um' },
      { type: 'category', label: 'Funda', collapsed: true, collapsible: true, items: [{ type: 'link', label: 'Dois', href: '/docs/aberta/funda/dois' }] },
      { type: 'category', label: 'Fixa', collapsed: false, collapsible: false, className: 'extra', items: [{ type: 'link', label: 'Três', href: '/docs/aberta/fixa/tres' }] },
    ] },
    { type: 'html', value: '<span>separador</span>', defaultStyle: true },
    { type: 'category', label: 'Fechada', collapsed: true, collapsible: true, items: [{ type: 'link', label: 'Quatro', href: '/docs/fechada/quatro' }] },
  ];
  const paths = ['/docs/intro', '/docs/aberta/um', '/docs/aberta/funda/dois', '/docs/aberta/fixa/tres', '/docs/fechada/quatro', '/docs/category/aberta'];
  const withServerFlag = <T,>(run: () => T): T => {
    process.env.DOCGEN_SERVER = '1';
    try {
      return run();
    } finally {
      delete process.env.DOCGEN_SERVER;
    }
  };

  it('gives every page byte for byte the HTML of rendering each category in place', () => {
    const site = makeSite();
    const memo = new SidebarMemo();
    for (const path of paths) {
      const input = { site, page: makePage({ path }), sidebar: nested };
      const plain = renderRoute(input);
      const memoized = withServerFlag(() => renderRoute(input, memo));
      expect(memoized).toBe(plain);
      expect(memoized).not.toContain('data-dg-memo');
    }
  });

  it('renders a category the page is not in once, then reuses its HTML', () => {
    const site = makeSite();
    const items = structuredClone(nested);
    const memo = new SidebarMemo();
    withServerFlag(() => renderRoute({ site, page: makePage({ path: '/docs/intro' }), sidebar: items }, memo));
    (items[3] as Extract<SidebarItem, { type: 'category' }>).label = 'Renomeada';
    const again = withServerFlag(() => renderRoute({ site, page: makePage({ path: '/docs/aberta/um' }), sidebar: items }, memo));
    expect(again).toContain('Fechada');
    expect(again).not.toContain('Renomeada');
    // A page inside the category renders it itself.
    expect(withServerFlag(() => renderRoute({ site, page: makePage({ path: '/docs/fechada/quatro' }), sidebar: items }, memo))).toContain('Renomeada');
  });

  it('leaves markup of the content that looks like a slot as it is', () => {
    const Content = () => <div dangerouslySetInnerHTML={{ __html: '<li data-dg-memo="0"></li>' }} />;
    const input = { site: makeSite(), page: makePage({ path: '/docs/intro' }), sidebar: nested, Content };
    const html = withServerFlag(() => renderRoute(input, new SidebarMemo()));
    expect(html).toBe(renderRoute(input));
    expect(html).toContain('<li data-dg-memo="0"></li>');
  });

  it('names each list by its place in the sidebar, so ids do not depend on where it is rendered', () => {
    const html = renderRoute({ site: makeSite(), page: makePage({ path: '/docs/aberta/um' }), sidebar: nested });
    expect(html).toContain('aria-controls="dg-sb-1"');
    expect(html).toContain('<ul id="dg-sb-1-1" class="dg-menu__list" hidden="">');
  });
});
