import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useSite } from '../../hooks/useSite';
import { useRoute } from '../../hooks/useRoute';
import { useHideableNavbar } from '../../hooks/useHideableNavbar';
import { translate } from '../../i18n/translate';
import type { NavbarItem as NavbarItemData } from '../../types';
import { NavbarItem } from '../NavbarItem';
import { ColorModeToggle } from '../ColorModeToggle';
import { MenuIcon } from '../Icons';
import { NavbarBrand } from './NavbarBrand';
import { NavbarUser } from './NavbarUser';
import { ErrorBoundary } from '../ErrorBoundary';

/**
 * The mobile sidebar is only ever rendered after a click, so its code is a separate chunk,
 * fetched when the browser is idle or the toggle is touched, keeping it out of the JS a page
 * needs before it is interactive.
 */
const loadMobileSidebar = () => import('./MobileSidebar');
const MobileSidebar = lazy(() => loadMobileSidebar().then((m) => ({ default: m.MobileSidebar })));

/** Search sits in the bar at every width; other items move into the mobile sidebar. */
function withSearch(items: NavbarItemData[], searchEnabled: boolean): NavbarItemData[] {
  if (!searchEnabled || items.some((i) => i.type === 'search')) return items;
  return [...items, { type: 'search', position: 'right' }];
}

export function Navbar() {
  const site = useSite();
  const { page } = useRoute();
  const [mobileOpen, setMobileOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { hidden, navbarRef } = useHideableNavbar(site.navbar.hideOnScroll);
  const items = withSearch(site.navbar.items, site.search);
  const left = items.filter((i) => i.position === 'left');
  const right = items.filter((i) => i.position !== 'left');

  // A followed link closes the mobile sidebar, whatever rendered it.
  useEffect(() => setMobileOpen(false), [page.path]);
  useEffect(() => {
    const warm = () => void loadMobileSidebar().catch(() => undefined);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(warm, { timeout: 5000 });
      return () => window.cancelIdleCallback(id);
    }
    const timer = window.setTimeout(warm, 2000);
    return () => window.clearTimeout(timer);
  }, []);

  const closeMobile = () => {
    setMobileOpen(false);
    toggleRef.current?.focus();
  };

  return (
    <>
      <nav ref={navbarRef} aria-label={translate('navbar.ariaLabel')}
        className={`dg-navbar ${hidden && !mobileOpen ? 'dg-navbar--hidden' : ''}`.trim()}>
        <div className="dg-navbar__inner">
          <div className="dg-navbar__items">
            <button ref={toggleRef} type="button" className="dg-navbar__toggle" aria-label={translate('navbar.toggleMenu')}
              aria-expanded={mobileOpen} aria-controls={mobileOpen ? "__docgen_mobile_menu" : undefined} onClick={() => setMobileOpen((o) => !o)}
              onPointerEnter={() => void loadMobileSidebar().catch(() => undefined)}>
              <MenuIcon />
            </button>
            <NavbarBrand />
            {left.map((item, i) => <NavbarItem key={i} item={item} />)}
          </div>
          <div className="dg-navbar__items dg-navbar__items--right">
            {right.filter((i) => i.type !== 'search').map((item, i) => <NavbarItem key={i} item={item} />)}
            {!site.colorMode.disableSwitch && <ColorModeToggle className="dg-navbar__item" />}
            {right.filter((i) => i.type === 'search').map((item, i) => <NavbarItem key={`s${i}`} item={item} />)}
            <NavbarUser />
          </div>
        </div>
      </nav>
      {mobileOpen && (
        <ErrorBoundary fallback={() => null}>
          <Suspense fallback={null}><MobileSidebar items={items} onClose={closeMobile} /></Suspense>
        </ErrorBoundary>
      )}
    </>
  );
}
