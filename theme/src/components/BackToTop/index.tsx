import { useEffect, useState } from 'react';
import { translate } from '../../i18n/translate';
import { ArrowUpIcon } from '../Icons';

/**
 * "Voltar ao topo", once the reader is more than a screen down a long page. Rendered inside
 * the page's <main> so it belongs to a landmark. Nothing is rendered on the server: the
 * scroll position only exists in the browser.
 */
export function BackToTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setShown(window.scrollY > window.innerHeight);
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, []);
  if (!shown) return null;
  const toTop = () => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
    // Keyboard users continue from the top of the content, not from a button that disappears.
    document.getElementById('__docgen_main')?.focus({ preventScroll: true });
  };
  return (
    <button type="button" className="dg-back-to-top" aria-label={translate('backToTop')} title={translate('backToTop')} onClick={toTop}>
      <ArrowUpIcon />
    </button>
  );
}
