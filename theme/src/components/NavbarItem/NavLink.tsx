import { Link } from '../Link';
import { ExternalIcon } from '../Icons';
import { isExternalHref } from '../Link/href';

interface NavLinkProps {
  label: string;
  href: string;
  active: boolean;
  /** The link is the page being shown (aria-current), not just its section. */
  current?: boolean;
  mobile: boolean;
  className?: string;
  onSelect?(): void;
}

/** One link of the navbar (desktop) or of the mobile primary menu. */
export function NavLink({ label, href, active, current = false, mobile, className = '', onSelect }: NavLinkProps) {
  const base = mobile ? 'dg-menu__link' : 'dg-navbar__item dg-navbar__link';
  const link = (
    <Link href={href} className={`${base} ${active ? `${base.split(' ').pop()}--active` : ''} ${className}`.trim()}
      aria-current={current ? 'page' : undefined} onClick={onSelect}>
      {label}
      {isExternalHref(href) && <ExternalIcon />}
    </Link>
  );
  return mobile ? <li className="dg-menu__item">{link}</li> : link;
}
