// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { DocSidebarMenu } from '../src/components/DocSidebar';
import { Breadcrumbs } from '../src/components/Breadcrumbs';
import { TOC } from '../src/components/TOC';
import { tocTree } from '../src/components/TOC/tree';
import { Pagination } from '../src/components/Pagination';
import { CategoryCards } from '../src/components/CategoryPage';
import { AnnouncementBar } from '../src/components/AnnouncementBar';
import { Admonition } from '../src/components/Admonition';
import { ErrorBoundary, errorMessages } from '../src/components/ErrorBoundary';
import { CrashFallback } from '../src/components/ErrorBoundary/CrashFallback';
import { Collapsible, collapseDuration } from '../src/components/Collapsible';
import { Footer } from '../src/components/Footer';
import type { SidebarItem } from '../src/types';
import { makePage, makeSite, renderWithSite } from './support/render';

afterEach(() => {
  cleanup();
  localStorage.clear();
  document.documentElement.removeAttribute('data-announcement-dismissed');
});

const sidebar: SidebarItem[] = [
  { type: 'link', label: 'Introdução', href: '/docs/intro' },
  { type: 'category', label: 'Guia', href: '/docs/category/guia', collapsed: true, collapsible: true, items: [
    { type: 'link', label: 'Primeiros passos', href: '/docs/guia/a' },
  ] },
  { type: 'category', label: 'Avançado', collapsed: true, collapsible: true, items: [
    { type: 'link', label: 'Detalhes', href: '/docs/avancado/detalhes' },
  ] },
];

describe('docs sidebar', () => {
  it('expands the category holding the current page and marks the page', () => {
    renderWithSite(<DocSidebarMenu items={sidebar} />, { page: makePage({ path: '/docs/guia/a' }) });
    expect(screen.getByRole('button', { name: "Recolher a categoria 'Guia' da barra lateral" }).getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Primeiros passos' }).getAttribute('aria-current')).toBe('page');
    // A category without its own page toggles from its label; collapsed content is hidden.
    const avancado = screen.getByRole('button', { name: 'Avançado' });
    expect(avancado.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById(avancado.getAttribute('aria-controls')!)?.hidden).toBe(true);
    fireEvent.click(avancado);
    expect(avancado.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Detalhes' })).toBeTruthy();
  });

  it('derives the collapse animation time from the content height, shorter with reduced motion', () => {
    expect(collapseDuration(36, false)).toBeLessThan(collapseDuration(720, false));
    expect(collapseDuration(720, false)).toBeLessThan(600);
    expect(collapseDuration(720, true)).toBe(1);
  });

  it('ends a list\'s animation at its own transitionend, not at one bubbling up from a list inside it', () => {
    const Nested = ({ outer, inner }: { outer: boolean; inner: boolean }) => (
      <Collapsible id="outer" collapsed={outer}><Collapsible id="inner" collapsed={inner}><a href="/x">x</a></Collapsible></Collapsible>
    );
    const { rerender } = render(<Nested outer inner />);
    rerender(<Nested outer={false} inner />);
    const outer = document.getElementById('outer')!;
    expect(outer.style.transition).toContain('height');
    rerender(<Nested outer={false} inner={false} />);
    const inner = document.getElementById('inner')!;
    fireEvent(inner, new Event('transitionend', { bubbles: true }));
    expect(inner.style.transition).toBe('');
    expect(outer.style.transition).toContain('height'); // still opening: its own end has not come
    fireEvent(outer, new Event('transitionend', { bubbles: true }));
    expect(outer.style.transition).toBe('');
    expect(outer.hidden).toBe(false);
  });
});

describe('doc page parts', () => {
  it('breadcrumbs: home link, then ancestors, the last one current', () => {
    renderWithSite(<Breadcrumbs items={[{ title: 'Guia', href: '/docs/category/guia' }, { title: 'Primeiros passos', href: '/docs/guia/a' }]} />);
    const nav = screen.getByRole('navigation', { name: 'Trilha de navegação' });
    expect(nav.querySelectorAll('li')).toHaveLength(3);
    expect(screen.getByRole('link', { name: 'Página inicial' }).getAttribute('href')).toBe('/');
    expect(screen.getByText('Primeiros passos').getAttribute('aria-current')).toBe('page');
  });

  it('table of contents nests level 3 under level 2', () => {
    const tree = tocTree([
      { id: 'a', value: 'A', level: 2 }, { id: 'a1', value: 'A1', level: 3 }, { id: 'b', value: 'B', level: 2 },
    ]);
    expect(tree.map((n) => [n.id, n.children.map((c) => c.id)])).toEqual([['a', ['a1']], ['b', []]]);
    renderWithSite(<TOC items={[{ id: 'a', value: 'A', level: 2 }, { id: 'a1', value: 'A1', level: 3 }]} />);
    expect(screen.getByRole('navigation', { name: 'Nesta página' }).querySelectorAll('ul ul a')[0].getAttribute('href')).toBe('#a1');
  });

  it('prev/next links and category cards', () => {
    renderWithSite(<>
      <Pagination prev={{ title: 'Antes', href: '/a' }} next={{ title: 'Depois', href: '/b' }} />
      <CategoryCards cards={[
        { type: 'doc', label: 'Passo', href: '/docs/passo', description: 'Descrição' },
        { type: 'category', label: 'Sub', href: '/docs/category/sub', count: 3 },
      ]} />
    </>);
    expect(screen.getByRole('link', { name: /Anterior/ }).getAttribute('href')).toBe('/a');
    expect(screen.getByRole('link', { name: /Próxima/ }).getAttribute('href')).toBe('/b');
    const cards = document.querySelectorAll('.dg-card');
    expect(cards).toHaveLength(2);
    expect(cards[1].textContent).toContain('3 itens');
  });

  it('category cards show the page description and the theme icons, never an emoji (a box without an emoji font)', () => {
    renderWithSite(<CategoryCards cards={[
      { type: 'doc', label: 'Passo', href: '/docs/passo', description: 'Como dar o passo.' },
      { type: 'category', label: 'Sub', href: '/docs/category/sub', count: 1 },
    ]} />);
    const cards = Array.from(document.querySelectorAll('.dg-card'));
    expect(cards[0].querySelector('.dg-card__description')?.textContent).toBe('Como dar o passo.');
    expect(cards[0].querySelector('.dg-icon--doc')?.getAttribute('aria-hidden')).toBe('true');
    expect(cards[1].querySelector('.dg-icon--folder')).not.toBeNull();
    for (const card of cards) expect(card.textContent).not.toMatch(/\p{Extended_Pictographic}/u);
  });

  it('admonitions default to the pt-BR title of their type', () => {
    render(<><Admonition type="warning">x</Admonition><Admonition type="tip" title="Meu título">y</Admonition></>);
    expect(screen.getByText('Atenção')).toBeTruthy();
    expect(screen.getByText('Meu título')).toBeTruthy();
    const titles = ['note', 'info', 'danger'].map((type) => renderToString(<Admonition type={type}>z</Admonition>));
    expect(titles[0]).toContain('Nota');
    expect(titles[1]).toContain('Informação');
    expect(titles[2]).toContain('Perigo');
  });
});

describe('announcement bar', () => {
  it('closes and remembers it per announcement id', () => {
    const site = makeSite({ announcementBar: { id: 'a1', content: 'Novidade <b>aqui</b>', backgroundColor: '#fff', textColor: '#000', isCloseable: true } });
    renderWithSite(<AnnouncementBar />, { site });
    fireEvent.click(screen.getByRole('button', { name: 'Fechar' }));
    expect(screen.queryByText(/Novidade/)).toBeNull();
    expect(localStorage.getItem('docgen.announcement.dismissed.a1')).toBe('true');
    cleanup();
    renderWithSite(<AnnouncementBar />, { site });
    expect(screen.queryByText(/Novidade/)).toBeNull();
    cleanup();
    renderWithSite(<AnnouncementBar />, { site: makeSite({ announcementBar: { ...site.announcementBar!, id: 'a2' } }) });
    expect(screen.getByText(/Novidade/)).toBeTruthy();
  });
});

describe('footer', () => {
  it('renders columns, a flat list, logo and copyright', () => {
    renderWithSite(<Footer />, { site: makeSite({ footer: { style: 'dark', links: [{ title: 'Docs', items: [{ label: 'Docs', to: '/docs/intro' }] }], copyright: 'v1.0.1', logo: { src: '/l.svg', alt: 'Logo' } } }) });
    expect(screen.getByText('Docs', { selector: 'p' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Docs' }).getAttribute('href')).toBe('/docs/intro');
    expect(screen.getByText('v1.0.1')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Logo' })).toBeTruthy();
    cleanup();
    renderWithSite(<Footer />, { site: makeSite({ footer: { style: 'light', links: [{ label: 'A', to: '/a' }, { label: 'B', href: 'https://b.example' }] } }) });
    expect(screen.getAllByRole('link')).toHaveLength(2);
  });
});

describe('crash fallback', () => {
  it('shows the English title, Try again, and the message with its causes; Try again re-renders', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    let fail = true;
    function Fragile() {
      if (fail) throw new Error('quebrou', { cause: new Error('motivo', { cause: 'raiz' }) });
      return <p>ok</p>;
    }
    render(<ErrorBoundary fallback={(p) => <CrashFallback {...p} />}><Fragile /></ErrorBoundary>);
    expect(screen.getByRole('heading', { name: 'This page crashed.' })).toBeTruthy();
    const text = document.querySelector('.dg-crash__error')!.textContent!;
    expect(text).toContain('quebrou');
    expect(text).toContain('Causa: motivo');
    expect(text).toContain('Causa: raiz');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('ok')).toBeTruthy();
    spy.mockRestore();
  });

  it('follows cause chains without looping', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    (a as { cause?: unknown }).cause = b;
    expect(errorMessages(b)).toEqual(['b', 'a']);
  });
});

describe('colour mode toggle', () => {
  it('cycles light ↔ dark and stores it; with the system preference: system → light → dark → system', async () => {
    const { ColorModeToggle } = await import('../src/components/ColorModeToggle');
    renderWithSite(<ColorModeToggle />);
    const button = screen.getByRole('button');
    fireEvent.click(button);
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    fireEvent.click(button);
    expect(localStorage.getItem('theme')).toBe('light');
    cleanup();
    localStorage.clear();
    renderWithSite(<ColorModeToggle />, { site: makeSite({ colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: true } }) });
    const toggle = screen.getByRole('button');
    await act(async () => undefined);
    expect(toggle.getAttribute('aria-label')).toContain('modo do sistema');
    fireEvent.click(toggle);
    expect(localStorage.getItem('theme')).toBe('light');
    fireEvent.click(toggle);
    expect(localStorage.getItem('theme')).toBe('dark');
    fireEvent.click(toggle);
    expect(localStorage.getItem('theme')).toBeNull();
    expect(document.documentElement.getAttribute('data-theme-choice')).toBe('system');
  });
});
