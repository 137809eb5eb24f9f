import type { SidebarItem } from '../../../types';
import Link from '../../../docusaurus/Link';
import { isExternalHref } from '../../Link/href';
import { cx, isActiveSidebarItem, ThemeClassNames } from '../../../docusaurus/sidebar-internals';
import IconExternalLink from '../../Icon/ExternalLink/docusaurus';

type LinkItem = Extract<SidebarItem, { type: 'link' }> & { autoAddBaseUrl?: boolean };

/** `@theme/DocSidebarItem/Link`: a doc or link item, with Docusaurus's markup and classes. */
export default function DocSidebarItemLink({ item, onItemClick, activePath, level, index: _index, ...props }: { item: LinkItem; activePath: string; level: number; index: number; tabIndex?: number; onItemClick?: (item: SidebarItem) => void }) {
  const { href, label, className, autoAddBaseUrl } = item;
  const active = isActiveSidebarItem(item, activePath);
  const external = isExternalHref(href);
  return (
    <li className={cx(ThemeClassNames.docs.docSidebarItemLink, ThemeClassNames.docs.docSidebarItemLinkLevel(level), 'menu__list-item', className)}>
      <Link className={cx('menu__link', { 'menu__link--active': active })} autoAddBaseUrl={autoAddBaseUrl} aria-current={active ? 'page' : undefined}
        href={href} onClick={external || !onItemClick ? undefined : () => onItemClick(item)} {...props}>
        {label}
        {external && <IconExternalLink />}
      </Link>
    </li>
  );
}
