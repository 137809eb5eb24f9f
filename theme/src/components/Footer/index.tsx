import type { FooterData, FooterLink } from '../../types';
import { useSite } from '../../hooks/useSite';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';
import { ThemedImage } from '../ThemedImage';
import { ExternalIcon } from '../Icons';
import { isExternalHref } from '../Link/href';

type Column = { title?: string; items: FooterLink[] };

function isColumns(links: FooterData['links']): links is Column[] {
  return links.length > 0 && 'items' in links[0];
}

function FooterLinkItem({ link }: { link: FooterLink }) {
  const href = link.to ?? link.href ?? '#';
  return (
    <Link href={href} className="dg-footer__link">
      {link.label}
      {isExternalHref(href) && <ExternalIcon />}
    </Link>
  );
}

/** Link columns or a flat list, optional logo, copyright (HTML from the site's own config). */
export function Footer() {
  const { footer } = useSite();
  if (!footer) return null;
  return (
    <footer className={`dg-footer dg-footer--${footer.style}`} aria-label={translate('footer.ariaLabel')}>
      <div className="dg-footer__inner">
        {isColumns(footer.links) ? (
          <div className="dg-footer__columns">
            {footer.links.map((column, i) => (
              <div key={i} className="dg-footer__column">
                {column.title && <p className="dg-footer__title">{column.title}</p>}
                <ul className="dg-footer__items">
                  {column.items.map((link, j) => <li key={j}><FooterLinkItem link={link} /></li>)}
                </ul>
              </div>
            ))}
          </div>
        ) : footer.links.length > 0 && (
          <ul className="dg-footer__items dg-footer__items--simple">
            {(footer.links as FooterLink[]).map((link, i) => <li key={i}><FooterLinkItem link={link} /></li>)}
          </ul>
        )}
        {(footer.logo || footer.copyright) && (
          <div className="dg-footer__bottom">
            {footer.logo && <FooterLogo logo={footer.logo} />}
            {footer.copyright && <div className="dg-footer__copyright" dangerouslySetInnerHTML={{ __html: footer.copyright }} />}
          </div>
        )}
      </div>
    </footer>
  );
}

function FooterLogo({ logo }: { logo: NonNullable<FooterData['logo']> }) {
  const image = <ThemedImage className="dg-footer__logo" light={logo.src} dark={logo.srcDark} alt={logo.alt ?? ''}
    width={logo.width} height={logo.height} />;
  return logo.href ? <Link href={logo.href} externalHint={false}>{image}</Link> : image;
}
