import type { ReactNode } from 'react';
import type { PageData } from '../../types';
import { translate, type MessageKey } from '../../i18n/translate';
import { EditIcon, WarningIcon } from '../Icons';

/** "4 de março de 2026", in UTC so the server and the browser print the same day. */
export function formatDate(iso: string): string {
  const parsed = new Date(iso.length <= 10 ? `${iso}T12:00:00Z` : iso);
  return Number.isNaN(parsed.getTime()) ? iso : new Intl.DateTimeFormat('pt-BR', { dateStyle: 'long', timeZone: 'UTC' }).format(parsed);
}

/** A translated sentence whose `{date}` is a <time> element (machine-readable, same text). */
function sentence(key: MessageKey, iso: string, values: Record<string, string> = {}): ReactNode {
  const [before, after = ''] = translate(key, values).split('{date}');
  return <>{before}<time dateTime={iso}>{formatDate(iso)}</time>{after}</>;
}

/** Below a doc: "Editar esta página", the last commit (git) and the last review (front matter). */
export function DocFooter({ page }: { page: PageData }) {
  const { editUrl, lastUpdatedAt, lastUpdatedBy, lastReviewed } = page;
  if (!editUrl && !lastUpdatedAt && !lastUpdatedBy && !lastReviewed) return null;
  let updated: ReactNode = null;
  if (lastUpdatedAt && lastUpdatedBy) updated = sentence('docs.lastUpdatedAtBy', lastUpdatedAt, { author: lastUpdatedBy });
  else if (lastUpdatedAt) updated = sentence('docs.lastUpdatedAt', lastUpdatedAt);
  else if (lastUpdatedBy) updated = translate('docs.lastUpdatedBy', { author: lastUpdatedBy });
  return (
    <footer className="dg-doc-footer">
      {editUrl && (
        <a className="dg-doc-footer__edit" href={editUrl} target="_blank" rel="noopener noreferrer">
          <EditIcon />{translate('docs.editThisPage')}<span className="dg-sr-only"> {translate('link.externalHint')}</span>
        </a>
      )}
      <div className="dg-doc-footer__meta">
        {updated && <p className="dg-doc-footer__updated">{updated}</p>}
        {lastReviewed && <p className="dg-doc-footer__reviewed">{sentence('docs.lastReviewed', lastReviewed)}</p>}
      </div>
    </footer>
  );
}

/** Above a doc whose last review is older than the site's `docs.staleAfterDays`. */
export function StaleBanner({ lastReviewed }: { lastReviewed: string }) {
  return (
    <div className="dg-stale" role="note">
      <p className="dg-stale__title"><WarningIcon />{translate('docs.stale.title')}</p>
      <p className="dg-stale__body">{sentence('docs.stale.body', lastReviewed)}</p>
    </div>
  );
}
