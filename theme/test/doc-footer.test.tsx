// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { DocPage } from '../src/components/DocPage';
import { makePage, renderWithSite } from './support/render';

// Below a doc: edit link, last commit, last review; above a stale doc: the warning banner.
afterEach(cleanup);

describe('doc footer', () => {
  it('links "Editar esta página" and shows the last update (git) and the last review (front matter)', () => {
    renderWithSite(<DocPage sidebar={null} page={makePage({
      editUrl: 'https://git.example.com/edit/main/content/docs/intro.mdx',
      lastUpdatedAt: '2026-03-04T10:00:00.000Z',
      lastUpdatedBy: 'Maria Revisora',
      lastReviewed: '2026-02-10',
    })} />);
    const edit = screen.getByRole('link', { name: /Editar esta página/ });
    expect(edit.getAttribute('href')).toBe('https://git.example.com/edit/main/content/docs/intro.mdx');
    const footer = document.querySelector('.dg-doc-footer')!;
    expect(footer.textContent).toContain('Última atualização em 4 de março de 2026 por Maria Revisora');
    expect(footer.textContent).toContain('Revisado em 10 de fevereiro de 2026');
    expect(footer.querySelector('time')?.getAttribute('dateTime')).toBe('2026-03-04T10:00:00.000Z');
    expect(document.querySelector('.dg-stale')).toBeNull();
  });

  it('shows only what the page has: the time without an author, nothing at all without data', () => {
    const { unmount } = renderWithSite(<DocPage sidebar={null} page={makePage({ lastUpdatedAt: '2026-03-04T10:00:00.000Z' })} />);
    expect(document.querySelector('.dg-doc-footer')?.textContent).toBe('Última atualização em 4 de março de 2026');
    unmount();
    renderWithSite(<DocPage sidebar={null} page={makePage()} />);
    expect(document.querySelector('.dg-doc-footer')).toBeNull();
  });
});

describe('stale banner', () => {
  it('asks the reader to check the sources when the last review is older than docs.staleAfterDays', () => {
    renderWithSite(<DocPage sidebar={null} page={makePage({ lastReviewed: '2025-01-15', stale: true })} />);
    const banner = document.querySelector('.dg-stale')!;
    expect(banner.getAttribute('role')).toBe('note');
    expect(banner.textContent).toContain('Esta página pode estar desatualizada');
    expect(banner.textContent).toContain('A última revisão foi em 15 de janeiro de 2025');
    expect(banner.textContent).toContain('confira as fontes oficiais');
    // Before the article, so it is read first.
    expect(banner.compareDocumentPosition(document.querySelector('article')!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('is absent on a page reviewed recently', () => {
    renderWithSite(<DocPage sidebar={null} page={makePage({ lastReviewed: '2026-11-01' })} />);
    expect(document.querySelector('.dg-stale')).toBeNull();
  });
});
