import { translate } from '../../i18n/translate';
import { ArrowUpIcon } from '../Icons';

/**
 * "Voltar ao topo" on long pages, inside the page's <main> (a landmark). CSS shows it once the
 * page is scrolled past a screen (a scroll-driven animation, base.css), so it costs no scroll
 * listener; where the browser lacks those animations it stays hidden.
 */
export function BackToTop() {
  const label = translate('backToTop');
  return (
    <button type="button" className="dg-back-to-top" aria-label={label} title={label} onClick={() => {
      window.scrollTo(0, 0);
      // Keyboard users continue from the top of the content, not from a button that hides.
      document.getElementById('__docgen_main')?.focus({ preventScroll: true });
    }}>
      <ArrowUpIcon />
    </button>
  );
}
