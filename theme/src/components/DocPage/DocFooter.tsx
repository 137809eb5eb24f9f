import type { PageData } from '../../types';
import { messagesLocale, translate, type MessageKey } from '../../i18n/translate';
import { EditIcon, WarningIcon } from '../Icons';
import { Link } from '../Link';

/** A sentence whose `{date}` is a <time> ("4 de março de 2026" in pt-BR, UTC so server and browser agree). */
function Dated({ k, iso, author = '' }: { k: MessageKey; iso: string; author?: string }) {
  const date = new Date(iso.length > 10 ? iso : `${iso}T12:00:00Z`);
  const shown = isNaN(+date) ? iso : date.toLocaleDateString(messagesLocale(), { dateStyle: 'long', timeZone: 'UTC' });
  const [before, after] = translate(k, { author }).split('{date}');
  return <p>{before}<time dateTime={iso}>{shown}</time>{after}</p>;
}

/** Below a doc: "Editar esta página", the last commit (git) and the last review (front matter). */
export function DocFooter({ page }: { page: PageData }) {
  const { editUrl, lastUpdatedAt: at, lastUpdatedBy: by, lastReviewed } = page;
  if (!editUrl && !at && !by && !lastReviewed) return null;
  return (
    <footer className="dg-doc-footer">
      {editUrl && (
        <Link className="dg-doc-footer__edit" href={editUrl}><EditIcon />{translate('docs.editThisPage')}</Link>
      )}
      <div className="dg-doc-footer__meta">
        {at ? <Dated k={by ? 'docs.lastUpdatedAtBy' : 'docs.lastUpdatedAt'} iso={at} author={by} />
          : by && <p>{translate('docs.lastUpdatedBy', { author: by })}</p>}
        {lastReviewed && <Dated k="docs.lastReviewed" iso={lastReviewed} />}
      </div>
    </footer>
  );
}

/** Above a doc whose last review is older than the site's `docs.staleAfterDays`. */
export function StaleBanner({ lastReviewed }: { lastReviewed: string }) {
  return (
    <div className="dg-stale" role="note">
      <p className="dg-stale__title"><WarningIcon />{translate('docs.stale.title')}</p>
      <Dated k="docs.stale.body" iso={lastReviewed} />
    </div>
  );
}
