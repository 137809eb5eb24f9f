// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, screen, waitFor } from '@testing-library/react';
import ReferenceCodeBlock from '../src/components/ReferenceCodeBlock';
import { renderWithSite } from './support/render';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FILE = 'package main\n\nfunc main() {\n\tif ok {\n\t\trun()\n\t}\n}\n';

describe('ReferenceCodeBlock (docusaurus-theme-github-codeblock fences)', () => {
  it('fetches the raw file and shows the referenced lines without their shared indentation, titled with its path', async () => {
    const fetched: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      fetched.push(url);
      return new Response(FILE, { status: 200 });
    });
    renderWithSite(<ReferenceCodeBlock url="https://github.com/acme/app/blob/v1.0.0/cmd/main.go#L4-L6" language="go" />);
    expect(document.querySelector('code')!.textContent).toBe('loading...');
    await waitFor(() => expect(document.querySelector('code')!.textContent).toBe('if ok {\n\trun()\n}'));
    expect(fetched).toEqual(['https://raw.githubusercontent.com/acme/app/v1.0.0/cmd/main.go']);
    expect(document.querySelector('.dg-codeblock__title')!.textContent).toBe('cmd/main.go');
    expect(screen.getByRole('link').getAttribute('href')).toBe('https://github.com/acme/app/blob/v1.0.0/cmd/main.go#L4-L6');
  });

  it('shows the whole file without a line range, and the failure when GitHub answers with an error', async () => {
    vi.stubGlobal('fetch', async () => new Response(FILE, { status: 200 }));
    renderWithSite(<ReferenceCodeBlock url="https://github.com/acme/app/blob/main/cmd/main.go" title="Entry point" />);
    await waitFor(() => expect(document.querySelector('code')!.textContent).toBe(FILE.replace(/\n$/, '')));
    expect(document.querySelector('.dg-codeblock__title')!.textContent).toBe('Entry point');
    cleanup();
    vi.stubGlobal('fetch', async () => new Response('Not Found', { status: 404, statusText: 'Not Found' }));
    renderWithSite(<ReferenceCodeBlock url="https://github.com/acme/app/blob/main/missing.go#L1" />);
    await waitFor(() => expect(document.querySelector('code')!.textContent).toBe('404 Not Found: https://raw.githubusercontent.com/acme/app/main/missing.go'));
  });
});
