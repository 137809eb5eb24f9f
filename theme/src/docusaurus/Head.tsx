import { Children, isValidElement, useEffect, type ReactElement, type ReactNode } from 'react';

const MARK = 'data-docgen-head';

/**
 * `@docusaurus/Head`: `<title>`, `<meta>` and `<link>` children are applied to the document
 * head while the component is mounted (restored after). The prerendered HTML keeps the
 * page's own title and description: docgen renders the head from the page data.
 */
export default function Head({ children }: { children?: ReactNode }) {
  const elements = Children.toArray(children).filter(isValidElement) as ReactElement<Record<string, unknown>>[];
  const key = JSON.stringify(elements.map((e) => [e.type, e.props]));
  useEffect(() => {
    const previousTitle = document.title;
    const added: HTMLElement[] = [];
    for (const el of elements) {
      if (el.type === 'title') document.title = Children.toArray(el.props.children as ReactNode).join('');
      else if (el.type === 'meta' || el.type === 'link') {
        const node = document.createElement(el.type);
        for (const [name, value] of Object.entries(el.props)) if (typeof value === 'string') node.setAttribute(name === 'httpEquiv' ? 'http-equiv' : name, value);
        node.setAttribute(MARK, '');
        document.head.appendChild(node);
        added.push(node);
      }
    }
    return () => {
      document.title = previousTitle;
      for (const node of added) node.remove();
    };
    // The elements are compared by value (key): a re-render with the same head does nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return null;
}
