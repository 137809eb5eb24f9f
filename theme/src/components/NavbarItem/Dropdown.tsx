import { useIsomorphicLayoutEffect } from '../../hooks/useIsomorphicLayoutEffect';
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from '../Link';
import { ChevronIcon, ExternalIcon } from '../Icons';
import { isExternalHref } from '../Link/href';
import { Collapsible } from '../Collapsible';

export interface DropdownEntry {
  label: string;
  href: string;
  active: boolean;
  /** Language of the target page (locale dropdown). */
  lang?: string;
  /** Follow with a full page load (another locale is another build). */
  fullLoad?: boolean;
  onSelect?(): void;
}

interface DropdownProps {
  label: ReactNode;
  entries: DropdownEntry[];
  active?: boolean;
  mobile: boolean;
  className?: string;
  /** Closes the mobile menu after a choice. */
  onNavigate?(): void;
}

export function Dropdown(props: DropdownProps) {
  return props.mobile ? <MobileDropdown {...props} /> : <DesktopDropdown {...props} />;
}

function EntryLink({ entry, className, onNavigate }: { entry: DropdownEntry; className: string; onNavigate?(): void }) {
  const cls = `${className} ${entry.active ? `${className}--active` : ''}`.trim();
  const select = () => {
    entry.onSelect?.();
    onNavigate?.();
  };
  const common = { className: cls, lang: entry.lang, hrefLang: entry.lang, 'aria-current': entry.active ? ('page' as const) : undefined, onClick: select };
  if (entry.fullLoad) return <a href={entry.href} {...common}>{entry.label}</a>;
  return <Link href={entry.href} {...common}>{entry.label}{isExternalHref(entry.href) && <ExternalIcon />}</Link>;
}

/**
 * Desktop: a disclosure that opens on hover (CSS :hover, so a click after hovering does not
 * close it again) or on Enter/Space/ArrowDown, and closes on Escape, on a click or touch
 * outside and when focus leaves it (SPEC 4).
 */
function DesktopDropdown({ label, entries, active, className = '', onNavigate }: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  // A layout effect, so the outside listeners are in place as soon as the menu shows
  // (a passive effect may run a frame later in the browser runtime).
  useIsomorphicLayoutEffect(() => {
    if (!open) return;
    const outside = (event: Event) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const events = ['mousedown', 'touchstart', 'focusin'];
    events.forEach((type) => document.addEventListener(type, outside));
    return () => events.forEach((type) => document.removeEventListener(type, outside));
  }, [open]);

  const links = () => Array.from(rootRef.current?.querySelectorAll<HTMLAnchorElement>('.dg-dropdown__link') ?? []);
  const focusLink = (index: number) => {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => focusLink(0));
    }
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const index = links().indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'Escape') {
      setOpen(false);
      buttonRef.current?.focus();
    } else if (event.key === 'ArrowDown' && index >= 0) {
      event.preventDefault();
      focusLink(index + 1);
    } else if (event.key === 'ArrowUp' && index >= 0) {
      event.preventDefault();
      focusLink(index - 1);
    }
  };

  return (
    <div ref={rootRef} className={`dg-navbar__item dg-dropdown ${open ? 'dg-dropdown--open' : ''} ${className}`.trim()}
      onKeyDown={onMenuKey}>
      <button ref={buttonRef} type="button" className={`dg-navbar__link dg-dropdown__toggle ${active ? 'dg-navbar__link--active' : ''}`}
        aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)} onKeyDown={onButtonKey}>
        {label}
        <ChevronIcon />
      </button>
      <ul id={menuId} className="dg-dropdown__menu">
        {entries.map((entry) => (
          <li key={entry.href + entry.label}>
            <EntryLink entry={entry} className="dg-dropdown__link" onNavigate={() => { setOpen(false); onNavigate?.(); }} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Mobile: a collapsible group of the primary menu, expanded when one of its entries is active. */
function MobileDropdown({ label, entries, className = '', onNavigate }: DropdownProps) {
  const anyActive = entries.some((e) => e.active);
  const [collapsed, setCollapsed] = useState(!anyActive);
  const listId = useId();
  useEffect(() => {
    if (anyActive) setCollapsed(false);
  }, [anyActive]);
  return (
    <li className={`dg-menu__item ${className}`.trim()}>
      <button type="button" className="dg-menu__link dg-menu__toggle" aria-expanded={!collapsed} aria-controls={listId}
        onClick={() => setCollapsed((c) => !c)}>
        {label}
        <ChevronIcon />
      </button>
      <Collapsible collapsed={collapsed} id={listId} as="ul" className="dg-menu__list">
        {entries.map((entry) => (
          <li key={entry.href + entry.label} className="dg-menu__item">
            <EntryLink entry={entry} className="dg-menu__link" onNavigate={onNavigate} />
          </li>
        ))}
      </Collapsible>
    </li>
  );
}
