import type { HTMLAttributes } from 'react';
import { HEADING_LINK_LABEL } from './LinkLabel';

export type HeadingType = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  as: HeadingType;
}

/**
 * Docusaurus's `@theme/Heading`: h2–h4 with an id get the "#" permalink Markdown headings
 * get from the engine (the same markup: labelled "Direct link to <heading>", shown on hover
 * and focus).
 */
export default function Heading({ as: As, id, children, className, ...rest }: HeadingProps) {
  const anchored = Boolean(id) && /^h[234]$/.test(As);
  return (
    <As id={id} className={anchored ? `${className ?? ''} dg-anchor`.trim() : className} {...rest}>
      {children}
      {anchored && (
        <a href={`#${id}`} className="dg-hash-link hash-link" aria-labelledby={`${HEADING_LINK_LABEL} ${id}`}>
          <span aria-hidden="true">#</span>
        </a>
      )}
    </As>
  );
}

export { Heading };
