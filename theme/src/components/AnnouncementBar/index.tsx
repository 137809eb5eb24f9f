import { useEffect, useState } from 'react';
import { useSite } from '../../hooks/useSite';
import { readStorage, storageKeys, writeStorage } from '../../hooks/storage';
import { translate } from '../../i18n/translate';
import { CloseIcon } from '../Icons';

/**
 * The optional banner above the navbar. Closing it is remembered per announcement id, so a
 * new announcement shows again; the no-flash script hides a closed one before first paint.
 */
export function AnnouncementBar() {
  const { announcementBar: bar } = useSite();
  const [closed, setClosed] = useState(false);
  useEffect(() => {
    if (bar?.isCloseable && readStorage(storageKeys.announcementDismissed(bar.id)) === 'true') setClosed(true);
  }, [bar]);
  if (!bar || closed) return null;

  const close = () => {
    writeStorage(storageKeys.announcementDismissed(bar.id), 'true');
    document.documentElement.setAttribute('data-announcement-dismissed', 'true');
    setClosed(true);
  };
  return (
    <div className="dg-announcement" role="region" aria-label={translate('announcement.label')}
      style={{ backgroundColor: bar.backgroundColor, color: bar.textColor }}>
      <div className="dg-announcement__content" dangerouslySetInnerHTML={{ __html: bar.content }} />
      {bar.isCloseable && (
        <button type="button" className="dg-announcement__close" onClick={close} aria-label={translate('announcement.close')}>
          <CloseIcon />
        </button>
      )}
    </div>
  );
}
