import { translate } from '../../i18n/translate';

/** First focusable element of every page: jumps over the navbar to the main content. */
export function SkipToContent() {
  return <a className="dg-skip" href="#__docgen_main">{translate('skipToContent')}</a>;
}
