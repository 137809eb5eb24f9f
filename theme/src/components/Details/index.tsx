import { Children, isValidElement, type DetailsHTMLAttributes, type ReactNode } from 'react';

export interface DetailsProps extends DetailsHTMLAttributes<HTMLDetailsElement> {
  /** A `<summary>` element or any node; else the `<summary>` among the children. */
  summary?: ReactNode;
}

/**
 * `<details>` in MDX and Docusaurus's `@theme/Details`: the native element (keyboard and
 * screen readers handle it). The summary is lifted out of the children, as Docusaurus does,
 * so it stays the element's first child whatever the Markdown around it.
 */
export default function Details({ summary, children, className = '', ...rest }: DetailsProps) {
  const all = Children.toArray(children);
  const found = all.find((c) => isValidElement(c) && c.type === 'summary');
  const heading = summary === undefined ? found : typeof summary === 'string' ? <summary>{summary}</summary> : summary;
  return (
    <details className={`dg-details ${className}`.trim()} {...rest}>
      {heading}
      <div className="dg-details__content">{all.filter((c) => c !== found)}</div>
    </details>
  );
}

export { Details };
