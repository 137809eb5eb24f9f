import { useEffect, useState } from 'react';
import type { NavbarDocsVersionDropdownItem } from '../../types';
import { useRoute } from '../../hooks/useRoute';
import { readStorage, storageKeys, writeStorage } from '../../hooks/storage';
import { translate } from '../../i18n/translate';
import { Dropdown } from './Dropdown';

/**
 * Docs versions. Choosing one saves its name as the preferred version (SPEC 4), which labels
 * the dropdown on pages outside the docs.
 */
export function VersionDropdown({ item, mobile, onNavigate }: { item: NavbarDocsVersionDropdownItem; mobile: boolean; onNavigate?(): void }) {
  const { page } = useRoute();
  const [preferred, setPreferred] = useState<string | null>(null);
  useEffect(() => setPreferred(readStorage(storageKeys.preferredVersion)), []);

  const shown = item.versions.find((v) => v.name === page.version)
    ?? item.versions.find((v) => v.name === preferred)
    ?? item.versions[0];
  const entries = item.versions.map((v) => ({
    label: v.label,
    // The same doc in that version when it has one (Docusaurus's dropdown), else the version's main doc.
    href: page.versionAlternates?.[v.name] ?? v.to,
    active: v.name === page.version,
    onSelect: () => {
      writeStorage(storageKeys.preferredVersion, v.name);
      setPreferred(v.name);
    },
  }));
  return (
    <Dropdown mobile={mobile} className={item.className} onNavigate={onNavigate} entries={entries}
      active={entries.some((e) => e.active)}
      label={<><span className="dg-sr-only">{translate('navbar.versionDropdown.label')}: </span>{item.label ?? shown?.label ?? ''}</>} />
  );
}
