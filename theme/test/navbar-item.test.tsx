// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { NavbarItem as NavbarItemData } from '../src/types';
import { NavbarItem } from '../src/components/NavbarItem';
import { isNavbarItemActive } from '../src/components/NavbarItem/isActive';
import { makePage, makeSite, renderWithSite } from './support/render';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

describe('navbar items', () => {
  it('renders a default link, active by activeBasePath, and marks the exact page with aria-current', () => {
    renderWithSite(<>
      <NavbarItem item={{ type: 'default', position: 'left', label: 'Guia', to: '/docs/guia/a', activeBasePath: '/docs/guia' }} />
      <NavbarItem item={{ type: 'default', position: 'left', label: 'Aqui', to: '/docs/guia/b' }} />
    </>, { page: makePage({ path: '/docs/guia/b' }) });
    const guia = screen.getByRole('link', { name: 'Guia' });
    expect(guia.className).toContain('dg-navbar__link--active');
    expect(guia.getAttribute('aria-current')).toBeNull();
    expect(screen.getByRole('link', { name: 'Aqui' }).getAttribute('aria-current')).toBe('page');
  });

  it('opens external links in a new tab and says so to screen readers', () => {
    renderWithSite(<NavbarItem item={{ type: 'default', position: 'right', label: 'Meta', href: 'https://business.facebook.com' }} />);
    const link = screen.getByRole('link', { name: /Meta/ });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(link.textContent).toContain('(abre em nova aba)');
  });

  it('renders html items as given', () => {
    const { container } = renderWithSite(<NavbarItem item={{ type: 'html', position: 'right', value: '<b class="x">Oi</b>' }} />);
    expect(container.querySelector('b.x')?.textContent).toBe('Oi');
  });

  it('replaces an item that throws with its configuration', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = { type: 'mystery', position: 'left', label: 'X' } as unknown as NavbarItemData;
    renderWithSite(<NavbarItem item={broken} />);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Um item da barra de navegação não pôde ser exibido.');
    expect(alert.querySelector('pre')?.textContent).toBe(JSON.stringify(broken, null, 2));
    spy.mockRestore();
  });

  it('desktop dropdown: toggles on click, closes on Escape and on a click outside', () => {
    renderWithSite(<><NavbarItem item={{ type: 'dropdown', position: 'left', label: 'Mais', items: [
      { type: 'default', position: 'left', label: 'Um', to: '/um' },
      { type: 'default', position: 'left', label: 'Dois', to: '/dois' },
    ] }} /><p>fora</p></>);
    const toggle = screen.getByRole('button', { name: 'Mais' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    fireEvent.keyDown(screen.getByRole('link', { name: 'Um' }), { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.mouseDown(screen.getByText('fora'));
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('mobile dropdown starts expanded when one of its items is the current page', () => {
    const item: NavbarItemData = { type: 'dropdown', position: 'left', label: 'Mais', items: [{ type: 'default', position: 'left', label: 'Um', to: '/um' }] };
    renderWithSite(<ul><NavbarItem item={item} mobile /></ul>, { page: makePage({ path: '/um' }) });
    expect(screen.getByRole('button', { name: 'Mais' }).getAttribute('aria-expanded')).toBe('true');
    cleanup();
    renderWithSite(<ul><NavbarItem item={item} mobile /></ul>, { page: makePage({ path: '/outro' }) });
    const toggle = screen.getByRole('button', { name: 'Mais' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
  });

  it('docs version dropdown saves the chosen version as preferred', () => {
    renderWithSite(<NavbarItem item={{ type: 'docsVersionDropdown', position: 'right', versions: [
      { name: '2.0', label: 'v2.0', to: '/docs/intro' },
      { name: '1.0', label: 'v1.0', to: '/docs/1.0/intro' },
    ] }} />, { page: makePage({ version: '2.0' }) });
    fireEvent.click(screen.getByRole('button', { name: /v2\.0/ }));
    const old = screen.getByRole('link', { name: 'v1.0' });
    old.addEventListener('click', (e) => e.preventDefault()); // no navigation in the DOM test
    fireEvent.click(old);
    expect(localStorage.getItem('docs-preferred-version-default')).toBe('1.0');
  });

  it('locale dropdown links to the same page in each locale, keeping query string and hash', () => {
    history.replaceState(null, '', '/docs/intro?x=1#parte');
    const site = makeSite({ locale: { current: 'pt-BR', default: 'pt-BR', locales: {
      'pt-BR': { label: 'Português', htmlLang: 'pt-BR', path: '' },
      en: { label: 'English', htmlLang: 'en', path: '/en' },
    } } });
    renderWithSite(<NavbarItem item={{ type: 'localeDropdown', position: 'right', locales: [
      { locale: 'pt-BR', label: 'Português' }, { locale: 'en', label: 'English' },
    ] }} />, { site, page: makePage({ alternates: { 'pt-BR': '/docs/intro', en: '/en/docs/intro' } }) });
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('href')).toBe('/en/docs/intro?x=1#parte');
    expect(screen.getByRole('link', { name: 'English' }).getAttribute('lang')).toBe('en');
  });
});

describe('isNavbarItemActive', () => {
  const page = makePage({ path: '/docs/guia/b', sidebarId: 'tutorialSidebar', version: '2.0' });
  it('uses activeBaseRegex, then activeBasePath, then the exact route', () => {
    expect(isNavbarItemActive({ type: 'default', position: 'left', to: '/x', activeBaseRegex: '^/docs/' }, page, '/')).toBe(true);
    expect(isNavbarItemActive({ type: 'default', position: 'left', to: '/x', activeBasePath: 'docs/guia' }, page, '/')).toBe(true);
    expect(isNavbarItemActive({ type: 'default', position: 'left', to: '/x', activeBasePath: '/docs/gui' }, page, '/')).toBe(false);
    expect(isNavbarItemActive({ type: 'default', position: 'left', to: '/docs/guia/b/' }, page, '/')).toBe(true);
  });
  it('doc items follow the sidebar, version items the version', () => {
    expect(isNavbarItemActive({ type: 'docSidebar', position: 'left', to: '/docs/intro', activeSidebar: 'tutorialSidebar' }, page, '/')).toBe(true);
    expect(isNavbarItemActive({ type: 'docsVersion', position: 'left', to: '/docs/intro', version: '2.0' }, page, '/')).toBe(true);
    expect(isNavbarItemActive({ type: 'docsVersion', position: 'left', to: '/docs/1.0/intro', version: '1.0' }, page, '/')).toBe(false);
  });
});
