import { useEffect, useState } from 'react';
import type { NavbarLocaleDropdownItem } from '../../types';
import { useRoute } from '../../hooks/useRoute';
import { useSite } from '../../hooks/useSite';
import { translate } from '../../i18n/translate';
import { GlobeIcon } from '../Icons';
import { Dropdown } from './Dropdown';

/**
 * Links to the same page in each locale, keeping the query string and the hash (SPEC 7).
 * Those are only known in the browser, so they are added after mount.
 */
export function LocaleDropdown({ item, mobile, onNavigate }: { item: NavbarLocaleDropdownItem; mobile: boolean; onNavigate?(): void }) {
  const site = useSite();
  const { page } = useRoute();
  const [suffix, setSuffix] = useState('');
  useEffect(() => {
    const update = () => setSuffix(window.location.search + window.location.hash);
    update();
    window.addEventListener('hashchange', update);
    return () => window.removeEventListener('hashchange', update);
  }, [page.path]);

  const current = site.locale.current;
  const entries = item.locales.map(({ locale, label }) => {
    const fallback = site.baseUrl + (site.locale.locales[locale]?.path ?? '').replace(/^\//, '');
    return {
      label,
      href: (page.alternates[locale] ?? fallback) + suffix,
      active: locale === current,
      lang: site.locale.locales[locale]?.htmlLang ?? locale,
      fullLoad: true,
    };
  });
  const currentLabel = item.locales.find((l) => l.locale === current)?.label ?? current;
  return (
    <Dropdown mobile={mobile} className={item.className} onNavigate={onNavigate} entries={entries}
      label={<><GlobeIcon /><span className="dg-sr-only">{translate('navbar.localeDropdown.label')}: </span>{item.label ?? currentLabel}</>} />
  );
}
