import type { PageData } from '../../types';
import { useSite } from '../../hooks/useSite';
import { translate, type MessageKey } from '../../i18n/translate';
import { Link } from '../Link';

/**
 * Docusaurus's banner on docs of a version other than the last: unreleased (newer) or
 * unmaintained (older), with a link to the same doc in the last version when it has one.
 */
export function VersionBanner({ page }: { page: PageData }) {
  const site = useSite();
  if (!page.versionBanner) return null;
  const versions = site.docs.versions;
  const current = versions.find((v) => v.name === page.version);
  // The last version of the same docs plugin (the main docs, or the extra instance the page is in).
  const latest = versions.find((v) => v.isLast && v.pluginId === current?.pluginId);
  if (!current || !latest) return null;
  // 'unreleased' → docs.versions.unreleased, 'unmaintained' → docs.versions.unmaintained.
  const key = `docs.versions.${page.versionBanner}` as MessageKey;
  const href = page.versionAlternates?.[latest.name] ?? latest.to;
  // The sentence holds a link: split it around the placeholder, keep the words in the catalog.
  const [before, after = ''] = translate('docs.versions.latestSuggestion', { versionLabel: latest.label }).split('{latestVersionLink}');
  return (
    <div className="dg-notice dg-version-banner" role="note">
      <p>{translate(key, { siteTitle: site.title, versionLabel: current.label })}</p>
      <p>
        {before}
        <b><Link href={href}>{translate('docs.versions.latestLink')}</Link></b>
        {after}
      </p>
    </div>
  );
}
