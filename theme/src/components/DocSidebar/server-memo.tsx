import { renderToString } from 'react-dom/server';
import type { PageData, SidebarItem, SiteData } from '../../types';
import { RouteContext } from '../../hooks/useRoute';
import { SiteContext } from '../../hooks/useSite';
import { SidebarCategory } from './SidebarCategory';

/**
 * Server only (`docgen build`): the HTML of sidebar categories a page is not in, rendered once
 * and reused by every page. Such a category looks the same on every page of its site (nothing
 * in it is active), yet each page rendered it again: at 10,000 pages the sidebar is 99 KB of
 * a page's HTML and the render cost grew with the site's size, per page.
 *
 * While a page renders, SidebarItems puts an empty slot (`<li data-dg-memo="<token>-n">`) where such a
 * category goes; `fill` then puts each category's HTML in its slot, rendered in isolation the
 * first time it is needed with the same component, site and ids (ids come from the item's
 * place in the sidebar, not React's useId, so they do not depend on where it is rendered).
 * The page's HTML is byte for byte what rendering the category in place gives: the browser
 * hydrates it like any other.
 */
type Category = Extract<SidebarItem, { type: 'category' }>;
interface Slot {
  item: Category;
  level: number;
  id: string;
}

export class SidebarMemo {
  private readonly html = new WeakMap<SiteData, WeakMap<Category, Map<string, string>>>();
  private slots: Slot[] = [];
  private site: SiteData | null = null;
  private sidebar: SidebarItem[] | null = null;
  /** Names this memo's slots, so markup a page's content happens to have is never taken for one. */
  private readonly token = Math.random().toString(36).slice(2);
  private readonly slotPattern = new RegExp(`<li data-dg-memo="${this.token}-(\\d+)"></li>`, 'g');

  /** Called by renderRoute around one page's render. */
  begin(site: SiteData, sidebar: SidebarItem[] | null): void {
    this.site = site;
    this.sidebar = sidebar;
    this.slots = [];
  }

  /** The empty slot that stands in the page for a category it is not in. */
  slot(item: Category, level: number, id: string, key: string) {
    return <li key={key} data-dg-memo={`${this.token}-${this.slots.push({ item, level, id }) - 1}`} />;
  }

  /** The page's HTML with every slot filled. */
  fill(html: string): string {
    const slots = this.slots;
    this.slots = [];
    if (slots.length === 0) return html;
    return html.replace(this.slotPattern, (_, n: string) => this.categoryHtml(slots[Number(n)]));
  }

  private categoryHtml({ item, level, id }: Slot): string {
    const site = this.site!;
    let bySite = this.html.get(site);
    if (!bySite) this.html.set(site, (bySite = new WeakMap()));
    let byPlace = bySite.get(item);
    if (!byPlace) bySite.set(item, (byPlace = new Map()));
    const key = `${level}:${id}`;
    let html = byPlace.get(key);
    if (html === undefined) {
      // No page is inside the category: a path no route has stands for any page outside it.
      const route = { page: { path: '\u0000' } as PageData, sidebar: this.sidebar };
      html = renderToString(
        <SiteContext.Provider value={site}>
          <RouteContext.Provider value={route}>
            <SidebarCategory item={item} level={level} id={id} />
          </RouteContext.Provider>
        </SiteContext.Provider>,
      );
      // renderToString's result is a rope of thousands of small strings, which every page
      // would walk again to copy it: kept flat, filling a 10,000-page site's slots went from
      // 3.7 ms a page to 0.4.
      html = Buffer.from(html).toString();
      byPlace.set(key, html);
    }
    return html;
  }
}
