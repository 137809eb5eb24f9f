import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { Root } from '../src/Root';
import { Admonition } from '../src/components/Admonition';
import { noFlashScript, mdxComponents, renderRoute } from '../src/server';
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
