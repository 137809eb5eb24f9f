/** @vitest-environment happy-dom */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SearchBar } from '../../src/components/SearchBar';
import { RuntimeContext, type Runtime } from '../../src/hooks/useRuntime';
import type { SiteData } from '../../src/types';
import { setSiteMessages } from '../../src/i18n/translate';
import { makeSite } from '../support/render';
// Test data only: the index the engine would build for a few pages.
import { buildSearchAssets } from '../../../cli/src/search/build-index';
import { corpus } from '../../../cli/test/search/corpus';

const INDEX_URL = '/assets/search-pt-BR-test.json';
const site = { search: true } as SiteData;
let fetchSpy: ReturnType<typeof vi.fn>;
let indexUrl = INDEX_URL;

beforeEach(() => {
  setSiteMessages(makeSite());
  // Each test gets its own index URL: loaded searchers are cached per URL.
  indexUrl = `/assets/search-${Math.random().toString(36).slice(2)}.json`;
  const boot = document.createElement('script');
  boot.id = '__docgen_boot';
  boot.type = 'application/json';
  boot.textContent = JSON.stringify({ searchIndex: indexUrl });
  document.head.append(boot);
  const { index, files } = buildSearchAssets(corpus);
  fetchSpy = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://localhost/').pathname;
    const name = path.slice('/assets/'.length);
    const body = path === indexUrl ? index : files.find((f) => f.name === name)?.content;
    return new Response(body ?? 'not found', { status: body ? 200 : 404 });
  });
  vi.stubGlobal('fetch', fetchSpy);
});

afterEach(() => {
  cleanup();
  document.getElementById('__docgen_boot')?.remove();
  vi.unstubAllGlobals();
});

function renderBar(runtime: Runtime | null = null) {
  return render(<RuntimeContext.Provider value={runtime}><SearchBar site={site} /></RuntimeContext.Provider>);
}
const input = () => screen.getByRole('combobox', { name: 'Buscar' });
const options = () => screen.queryAllByRole('option');
const type = (text: string) => fireEvent.change(input(), { target: { value: text } });
const key = (k: string, init: KeyboardEventInit = {}) => fireEvent.keyDown(input(), { key: k, ...init });

describe('SearchBar', () => {
  it('renders a button and fetches nothing before a search interaction', () => {
    renderBar();
    expect(screen.getByRole('button', { name: 'Buscar na documentação (Ctrl+K ou /)' })).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('renders nothing when the site has no search index', () => {
    const { container } = render(<SearchBar site={{ search: false } as SiteData} />);
    expect(container.innerHTML).toBe('');
  });

  it('opens with Ctrl+K and with "/", but not for "/" typed in a field', async () => {
    renderBar();
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: '/' });
    expect(screen.queryByRole('dialog')).toBeNull();
    field.remove();

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    expect(await screen.findByRole('dialog', { name: 'Buscar na documentação' })).toBeTruthy();
    expect(document.activeElement).toBe(input());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith(expect.stringContaining(indexUrl), expect.anything()));
    key('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /Buscar na documentação/ }));

    fireEvent.keyDown(document.body, { key: '/' });
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(fetchSpy.mock.calls.filter(([url]) => String(url).includes(indexUrl))).toHaveLength(1);
  });

  it('shows results grouped by page as one types, with the matched words marked', async () => {
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: /Buscar na documentação/ }));
    type('migracao');
    await waitFor(() => expect(options().length).toBeGreaterThan(0));
    const first = options()[0];
    expect(first.getAttribute('href')).toBe('/docs/migracao?q=migracao');
    expect(first.getAttribute('aria-selected')).toBe('true');
    expect(input().getAttribute('aria-activedescendant')).toBe(first.id);
    expect(document.querySelector('.dg-search__page-title mark')?.textContent).toBe('Migração');
    // Excerpts follow once the page texts have arrived.
    await waitFor(() => expect(first.querySelector('.dg-search__hit-excerpt mark')?.textContent).toBe('migração'));
    expect(screen.getByRole('status').textContent).toMatch(/páginas? encontradas?/);
  });

  it('moves with the arrows and opens the chosen section with Enter through the client router', async () => {
    const runtime = { navigate: vi.fn(), prefetch: vi.fn() };
    renderBar(runtime);
    fireEvent.click(screen.getByRole('button', { name: /Buscar na documentação/ }));
    type('token expirado');
    await waitFor(() => expect(options()[0]?.getAttribute('href')).toBe('/docs/erros?q=token%20expirado#token-expirado'));
    key('ArrowUp'); // wraps to the last option
    expect(options().at(-1)!.getAttribute('aria-selected')).toBe('true');
    key('ArrowDown');
    expect(options()[0].getAttribute('aria-selected')).toBe('true');
    expect(runtime.prefetch).toHaveBeenCalledWith('/docs/erros#token-expirado');
    key('Enter');
    // The query rides along so the opened page marks the words.
    expect(runtime.navigate).toHaveBeenCalledWith('/docs/erros?q=token%20expirado#token-expirado');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says so in Portuguese when nothing matches', async () => {
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: /Buscar na documentação/ }));
    type('xyzzy');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Nenhum resultado para “xyzzy”'));
    expect(options()).toHaveLength(0);
  });

  it('answers what was typed while the index was still loading', async () => {
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: /Buscar na documentação/ }));
    type('webhook'); // synchronously, before the fetch resolved
    await waitFor(() => expect(options()[0]?.getAttribute('href')).toBe('/docs/webhook?q=webhook'));
  });

  it('offers a retry when the index cannot be loaded', async () => {
    fetchSpy.mockImplementation(async () => new Response('', { status: 401 }));
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: /Buscar na documentação/ }));
    await screen.findByText('Não foi possível carregar a busca.');
    const { index } = buildSearchAssets(corpus);
    fetchSpy.mockImplementation(async () => new Response(index));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' })));
    type('webhook');
    await waitFor(() => expect(options()[0]?.getAttribute('href')).toBe('/docs/webhook?q=webhook'));
  });

  it('searches a sharded index (large sites): says it is loading, never "no results", until the files arrive', async () => {
    const { index, files } = buildSearchAssets(corpus, { split: true, termFileBytes: 256 });
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    fetchSpy.mockImplementation(async (url: string) => {
      const path = new URL(url, 'http://localhost/').pathname;
      if (path === indexUrl) return new Response(index);
      if (path.includes('search-terms-')) await held; // the query's files are slow to come
      const body = files.find((f) => f.name === path.slice('/assets/'.length))?.content;
      return new Response(body ?? 'not found', { status: body ? 200 : 404 });
    });
    renderBar();
    fireEvent.click(screen.getByRole('button', { name: /Buscar na documentação/ }));
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledWith(expect.stringContaining(indexUrl), expect.anything()));
    type('webhook');
    await waitFor(() => expect(fetchSpy.mock.calls.some(([url]) => String(url).includes('search-terms-'))).toBe(true));
    expect(screen.getByRole('status').textContent).toBe('Carregando a busca…');
    release();
    await waitFor(() => expect(options()[0]?.getAttribute('href')).toBe('/docs/webhook?q=webhook'));
    expect(screen.getByRole('status').textContent).toMatch(/páginas? encontradas?/);
  });
});
