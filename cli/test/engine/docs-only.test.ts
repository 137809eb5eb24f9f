import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { findBrokenLinks } from '../../src/output/check-links.js';
import { bootOf, copyFixture, docgen, read } from '../helpers.js';

describe("docs-only mode (routeBasePath '/')", () => {
  let out: string;
  let result: ReturnType<typeof docgen>;
  beforeAll(() => {
    const site = copyFixture('docs-only');
    out = path.join(site, 'build');
    result = docgen(['build', site, '--strict-links']);
  });

  it('builds, with the doc whose slug is / at the root', () => {
    expect(result.output).toContain('Built');
    expect(result.code).toBe(0);
    expect(bootOf(read(out, 'index.html')).page).toMatchObject({ kind: 'doc', title: 'Welcome' });
  });

  it('writes no protocol-relative link in the sidebar, breadcrumbs, pagination or rewritten .md links', () => {
    const html = read(out, 'guide/setup/index.html');
    expect(html).not.toMatch(/href="\/\/[^"]/);
    expect(html).toContain('href="/"'); // ../intro.md
    const boot = bootOf(html);
    expect(boot.page.prev).toEqual({ title: 'Guide', href: '/category/guide' });
    expect(boot.page.next).toMatchObject({ href: '/guide/faq' });
    expect(boot.page.breadcrumbs.map((b: { href: string }) => b.href)).toEqual(['/category/guide', '/guide/setup']);
    const sidebar = JSON.parse(read(out, boot.sidebar.slice(1)));
    expect(JSON.stringify(sidebar)).not.toContain('"//');
    expect(sidebar[1]).toMatchObject({ type: 'category', href: '/category/guide' });
    expect(read(out, 'index.html')).toContain('href="/guide/setup#before-you-start"');
    expect(bootOf(read(out, 'index.html')).site.navbar.items[0]).toMatchObject({ to: '/guide/faq' });
  });
});

describe('link check', () => {
  it('flags a protocol-relative link that names a page of the site, and leaves real external ones alone', () => {
    const page = (route: string, hrefs: string[]) => ({ route, hrefs, ids: new Set<string>() });
    const broken = findBrokenLinks({
      pages: [page('/', ['//guide/faq', '//cdn.example.com/x.js', '//guide/faq#top']), page('/guide/faq', [])],
      files: new Set(),
      redirects: {},
    });
    expect(broken.map((b) => b.href)).toEqual(['//guide/faq', '//guide/faq#top']);
    expect(broken[0].reason).toContain('protocol-relative');
  });
});
