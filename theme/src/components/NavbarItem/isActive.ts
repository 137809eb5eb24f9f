import type { NavbarItem, PageData } from '../../types';

/** baseUrl-prefixes a path given in config without it (activeBasePath may come either way). */
function withBase(path: string, baseUrl: string): string {
  if (path.startsWith(baseUrl)) return path;
  return baseUrl + path.replace(/^\//, '');
}

/** Whether a navbar item points at the page being shown (drives aria-current and the highlight). */
export function isNavbarItemActive(item: NavbarItem, page: PageData, baseUrl: string): boolean {
  const path = page.path;
  switch (item.type) {
    case 'default':
      if (item.activeBaseRegex) return safeRegExp(item.activeBaseRegex)?.test(path) ?? false;
      if (item.activeBasePath) return (path + '/').startsWith(withBase(item.activeBasePath, baseUrl).replace(/\/?$/, '/'));
      return item.to !== undefined && samePath(item.to, path);
    case 'doc':
    case 'docSidebar':
      return (item.activeSidebar !== undefined && item.activeSidebar === page.sidebarId) || samePath(item.to, path);
    case 'docsVersion':
      return page.version === item.version;
    case 'dropdown':
      return item.items.some((child) => isNavbarItemActive(child, page, baseUrl));
    case 'docsVersionDropdown':
      return item.versions.some((v) => samePath(v.to, path));
    default:
      return false;
  }
}

function samePath(a: string, b: string): boolean {
  const strip = (p: string) => (p.length > 1 ? p.split(/[?#]/)[0].replace(/\/+$/, '') : p);
  return strip(a) === strip(b);
}

function safeRegExp(source: string): RegExp | null {
  try {
    return new RegExp(source);
  } catch {
    return null;
  }
}
