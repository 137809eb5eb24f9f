import { useSite } from '../../hooks/useSite';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';
import { ThemedImage } from '../ThemedImage';

/** Logo (light and dark variants) and title, linking home or to logo.href. */
export function NavbarBrand({ onNavigate }: { onNavigate?(): void }) {
  const site = useSite();
  const { logo, title } = site.navbar;
  const href = logo?.href ?? site.baseUrl;
  return (
    <Link href={href} className="dg-navbar__brand" onClick={onNavigate} externalHint={false}
      aria-label={title ? undefined : translate('navbar.logoHome', { site: site.title })}>
      {logo && (
        <ThemedImage className="dg-navbar__logo" light={logo.src} dark={logo.srcDark}
          alt={title ? '' : logo.alt ?? site.title} width={logo.width} height={logo.height} />
      )}
      {title && <span className="dg-navbar__title">{title}</span>}
    </Link>
  );
}
