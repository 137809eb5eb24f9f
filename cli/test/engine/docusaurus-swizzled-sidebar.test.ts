import { rmSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootOf, buildFixture, copyFixture, docgen, read, type CliResult } from '../helpers.js';

type Item = { type: string; label?: string; href?: string; items?: Item[]; customProps?: Record<string, unknown> };

/** The desktop sidebar's HTML of a built page. */
const sidebarHtml = (html: string) => /<nav class="dg-sidebar__nav"[^>]*>([\s\S]*?)<\/nav>/.exec(html)?.[1] ?? '';
/** Each sidebar anchor as "label → href" (its classes after a space), in order. */
const anchors = (nav: string) => [...nav.matchAll(/<a href="([^"]*)" class="([^"]*)"[^>]*>([^<]*)<\/a>/g)].map(([, href, cls, label]) => `${label} → ${href} [${cls}]`);

describe("a Docusaurus site's swizzle of DocSidebarItem draws docgen's sidebar items", () => {
  let site: string, out: string, result: CliResult;
  beforeAll(() => void ({ site, out, result } = buildFixture('docusaurus-swizzled-sidebar')));

  it('builds, and the swizzle is used, not warned about', () => {
    expect(result.code).toBe(0);
    expect(result.output).toContain('Built');
    expect(result.output).not.toContain('src/theme/DocSidebarItem');
    expect(site).toBeTruthy();
  });

  it("hands themeConfig.docs.sidebar.autoCollapseCategories to the swizzle's parts, saying docgen's own sidebar ignores it", () => {
    expect(bootOf(read(out, 'docs/intro/index.html')).site.docs.autoCollapseCategories).toBe(true);
    expect(result.output).toContain("themeConfig.docs.sidebar.autoCollapseCategories applies only to a swizzled DocSidebarItem");
  });

  it("gives each category the link the swizzle computes at render time, from customProps or from its label", () => {
    const nav = sidebarHtml(read(out, 'docs/intro/index.html'));
    expect(anchors(nav)).toEqual([
      'Welcome → /docs/intro [menu__link menu__link--active]',
      'Step by step → /docs/guides/overview [menu__link menu__link--sublist]',
      'Tools → /docs/tools/overview [menu__link menu__link--sublist]',
    ]);
    // Collapsed categories render no items (Docusaurus's lazy Collapsible), and toggle with a button.
    expect(nav).toContain('<ul class="menu__list" hidden=""></ul>');
    expect(nav).toContain('aria-label="Expand sidebar category &#x27;Tools&#x27;"');
  });

  it('passes _category_.json customProps and sidebar_custom_props on, and runs a wrapped part with @theme-original', () => {
    const html = read(out, 'docs/guides/first-steps/index.html');
    const nav = sidebarHtml(html);
    expect(anchors(nav)).toEqual([
      'Welcome → /docs/intro [menu__link]',
      'Step by step → /docs/guides/overview [menu__link menu__link--sublist menu__link--active]',
      'Guides overview → /docs/guides/overview [menu__link]',
      'First steps (beta) → /docs/guides/first-steps [menu__link menu__link--active]',
      'Tools → /docs/tools/overview [menu__link menu__link--sublist]',
    ]);
    // The wrapper's own class, on the entry of the page shown only (isActiveSidebarItem).
    expect(nav.match(/fixture-here/g)).toHaveLength(1);
    // The route's sidebar data keeps what the site wrote; the swizzle's href lives in the render only.
    const sidebar: Item[] = JSON.parse(read(out, bootOf(html).sidebar.slice(1)));
    expect(sidebar[1]).toMatchObject({ type: 'category', label: 'Step by step', customProps: { landing: 'guides' } });
    expect(sidebar[1].href).toBeUndefined();
    expect(sidebar[1].items![1]).toMatchObject({ label: 'First steps', customProps: { badge: 'beta' } });
  });

  it("keeps docgen's own sidebar, and the categories without a page unlinked, once the swizzle is gone", () => {
    const plain = copyFixture('docusaurus-swizzled-sidebar');
    rmSync(path.join(plain, 'src', 'theme'), { recursive: true });
    const r = docgen(['build', plain, '--strict-links']);
    expect(r.code).toBe(0);
    const nav = sidebarHtml(read(path.join(plain, 'build'), 'docs/intro/index.html'));
    expect(nav).toContain('<a href="/docs/intro" class="dg-menu__link dg-menu__link--active" aria-current="page">Welcome</a>');
    expect(nav).not.toContain('menu__link--sublist');
    expect(nav).not.toContain('/docs/tools/overview');
  });
});
