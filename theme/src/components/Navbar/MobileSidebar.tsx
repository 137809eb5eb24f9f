import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { NavbarItem as NavbarItemData } from '../../types';
import { useSite } from '../../hooks/useSite';
import { useRoute } from '../../hooks/useRoute';
import { useScrollLock } from '../../hooks/useScrollLock';
import { MOBILE_QUERY, useMediaQuery } from '../../hooks/useMediaQuery';
import { translate } from '../../i18n/translate';
import { NavbarItem } from '../NavbarItem';
import { ColorModeToggle } from '../ColorModeToggle';
import { DocSidebarMenu } from '../DocSidebar';
import { CloseIcon } from '../Icons';
import { NavbarBrand } from './NavbarBrand';

interface MobileSidebarProps {
  items: NavbarItemData[];
  onClose(): void;
}

/**
 * The navbar below 996 px: a slide-in dialog with the primary menu (navbar items) and, on docs
 * pages, a secondary menu holding the docs sidebar, shown first, with a way back (SPEC 2).
 * Page scrolling is locked while it is open; Escape, the backdrop and any link close it.
 */
export function MobileSidebar({ items, onClose }: MobileSidebarProps) {
  const site = useSite();
  const { sidebar } = useRoute();
  const [secondaryShown, setSecondaryShown] = useState(Boolean(sidebar));
  const panelRef = useRef<HTMLDivElement>(null);
  const isMobile = useMediaQuery(MOBILE_QUERY);
  const wasMobile = useRef(false);
  useScrollLock(true);

  useIsomorphicLayoutEffect(() => {
    panelRef.current?.querySelector<HTMLElement>('.dg-mobile-menu__close')?.focus();
  }, []);
  // Escape closes it wherever focus is: after 'Voltar' or a click on the panel's background,
  // focus sits on <body>, outside the dialog, where its own key handler never hears the key.
  useEffect(() => {
    const onEscape = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) onClose();
    };
    document.addEventListener('keydown', onEscape);
    return () => document.removeEventListener('keydown', onEscape);
  }, [onClose]);
  // Switching menus removes the focused button: focus the new menu's first entry instead.
  const switched = useRef(false);
  useEffect(() => {
    if (!switched.current) return;
    panelRef.current?.querySelector<HTMLElement>('.dg-mobile-menu__items a[href], .dg-mobile-menu__items button')?.focus();
  }, [secondaryShown]);
  // Widening the window past the breakpoint closes it (the desktop navbar takes over).
  useEffect(() => {
    if (wasMobile.current && !isMobile) onClose();
    wasMobile.current = isMobile;
  }, [isMobile, onClose]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    // Keep focus inside the dialog while it is open.
    const focusable = Array.from(panelRef.current.querySelectorAll<HTMLElement>('a[href], button:not([disabled]), input, [tabindex="0"]'))
      .filter((el) => el.offsetParent !== null || el === document.activeElement);
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  const primaryItems = items.filter((item) => item.type !== 'search');
  return (
    <div className="dg-mobile-menu" onKeyDown={onKeyDown}>
      <div className="dg-mobile-menu__backdrop" onClick={onClose} aria-hidden="true" />
      <div ref={panelRef} id="__docgen_mobile_menu" className="dg-mobile-menu__panel" role="dialog" aria-modal="true"
        aria-label={translate('navbar.mobileMenu')}>
        <div className="dg-mobile-menu__header">
          <NavbarBrand onNavigate={onClose} />
          {!site.colorMode.disableSwitch && <ColorModeToggle />}
          <button type="button" className="dg-mobile-menu__close" aria-label={translate('navbar.closeMenu')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className={`dg-mobile-menu__items ${secondaryShown ? 'dg-mobile-menu__items--secondary' : ''}`.trim()}>
          {secondaryShown && sidebar ? (
            <div className="dg-mobile-menu__secondary">
              <button type="button" className="dg-mobile-menu__back" onClick={() => { switched.current = true; setSecondaryShown(false); }}>
                {translate('navbar.backToMainMenu')}
              </button>
              <DocSidebarMenu items={sidebar} id="dg-msb" onNavigate={onClose} />
            </div>
          ) : (
            <ul className="dg-menu__list dg-mobile-menu__primary">
              {primaryItems.map((item, i) => <NavbarItem key={i} item={item} mobile onNavigate={onClose} />)}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
