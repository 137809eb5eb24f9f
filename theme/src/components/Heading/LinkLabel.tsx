import { translate } from '../../i18n/translate';

/** Id of the page's hidden "Direct link to" text, which the engine's permalinks point at too. */
export const HEADING_LINK_LABEL = 'dg-heading-link-label';

/**
 * The "Direct link to" that heading permalinks are labelled by (aria-labelledby, with the
 * heading's own text after it), once per page instead of once per heading. So its message
 * has no {heading} placeholder, unlike Docusaurus's string of the same id.
 */
export function HeadingLinkLabel() {
  return <span id={HEADING_LINK_LABEL} hidden>{translate('theme.common.headingLinkTitle')}</span>;
}
