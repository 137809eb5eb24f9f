// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen } from '@testing-library/react';
import type { SidebarItem } from '../src/types';
import DocSidebarItems from '../src/components/DocSidebarItems/docusaurus';
import { makeSite, renderWithSite } from './support/render';

afterEach(cleanup);

const category = (label: string, child: string): SidebarItem => ({
  type: 'category', label, collapsed: true, collapsible: true, items: [{ type: 'link', label: child, href: `/docs/${child}` }],
});
const items = [category('Guides', 'first-steps'), category('Reference', 'api')];

/** Opens both categories, one after the other; returns whether the first is still open. */
function openBoth(autoCollapseCategories: boolean): boolean {
  const site = makeSite();
  renderWithSite(<DocSidebarItems items={items} activePath="/docs/intro" level={1} />, {
    site: { ...site, docs: { ...site.docs, ...(autoCollapseCategories ? { autoCollapseCategories: true } : {}) } },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Guides' }));
  expect(screen.getByRole('button', { name: 'Guides' }).getAttribute('aria-expanded')).toBe('true');
  fireEvent.click(screen.getByRole('button', { name: 'Reference' }));
  expect(screen.getByRole('button', { name: 'Reference' }).getAttribute('aria-expanded')).toBe('true');
  return screen.getByRole('button', { name: 'Guides' }).getAttribute('aria-expanded') === 'true';
}

describe("Docusaurus-shaped sidebar items (a swizzle's parts)", () => {
  it("useThemeConfig reads the site's themeConfig.docs.sidebar.autoCollapseCategories: opening a category closes its siblings", () => {
    expect(openBoth(true)).toBe(false);
  });

  it('without it, an opened category stays open when another opens', () => {
    expect(openBoth(false)).toBe(true);
  });
});
