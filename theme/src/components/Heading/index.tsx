import { Children, isValidElement, type HTMLAttributes, type ReactNode } from 'react';
import { translate } from '../../i18n/translate';

export type HeadingType = 'h1' | 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

export interface HeadingProps extends HTMLAttributes<HTMLHeadingElement> {
  as: HeadingType;
}

/** Plain text of a heading's children, for the permalink's accessible name. */
function textOf(node: ReactNode): string {
  return Children.toArray(node)
    .map((c) => (typeof c === 'string' || typeof c === 'number' ? String(c) : isValidElement(c) ? textOf((c.props as { children?: ReactNode }).children) : ''))
    .join('');
}

/**
 * Docusaurus's `@theme/Heading` and the MDX h1–h6: h2–h4 with an id get a "#" permalink,
 * hidden until the heading is hovered or the link focused, named for screen readers.
 */
export default function Heading({ as: As, id, children, className, ...rest }: HeadingProps) {
  if (As === 'h1' || !id || As === 'h5' || As === 'h6') return <As id={id} className={className} {...rest}>{children}</As>;
  const label = translate('theme.common.headingLinkTitle', { heading: textOf(children) || id });
  return (
    <As id={id} className={`dg-anchor ${className ?? ''}`.trim()} {...rest}>
      {children}
      <a href={`#${id}`} className="dg-hash-link hash-link" aria-label={label} title={label}>#</a>
    </As>
  );
}

export { Heading };

export const mdxHeadings = {
  h1: (p: HTMLAttributes<HTMLHeadingElement>) => <Heading as="h1" {...p} />,
  h2: (p: HTMLAttributes<HTMLHeadingElement>) => <Heading as="h2" {...p} />,
  h3: (p: HTMLAttributes<HTMLHeadingElement>) => <Heading as="h3" {...p} />,
  h4: (p: HTMLAttributes<HTMLHeadingElement>) => <Heading as="h4" {...p} />,
};
