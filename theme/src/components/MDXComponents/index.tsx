import { isValidElement, type ComponentType, type HTMLAttributes } from 'react';
import { Admonition } from '../Admonition';
import { CodeBlock } from '../CodeBlock';
import { Link } from '../Link';
import { Head } from '../Head';

/** Wide tables scroll sideways inside a focusable box instead of widening the page. */
function Table(props: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="dg-table" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

/**
 * A fenced code block: the theme's CodeBlock, unless the site's map replaces `code`; then, as
 * in Docusaurus (whose `pre` only passes its child on), that component renders the block.
 */
function Pre(props: HTMLAttributes<HTMLPreElement>) {
  const child = props.children;
  if (isValidElement(child) && typeof child.type !== 'string') return child;
  return <CodeBlock {...props} />;
}

/**
 * Components MDX content may use without importing them; also the element overrides:
 * links navigate client-side, code blocks get a copy button (headings get their permalink
 * from the engine, at build time).
 * Components a page imports (`@theme/Tabs`, and `@theme/Details`, which the engine imports
 * for `<details>`) are not here: they load with the pages that use them.
 */
export const mdxComponents: Record<string, ComponentType<any>> = {
  Admonition,
  // `:::note` blocks (the engine writes them as <admonition>, Docusaurus's key).
  admonition: Admonition,
  // `<head>` in MDX (the engine renames it to MDXHead; `head` for maps spread into a site's own).
  MDXHead: Head,
  head: Head,
  a: Link,
  pre: Pre,
  table: Table,
};

/**
 * The map as Docusaurus sites extend it: a site's `src/theme/MDXComponents` default-exports
 * `{ ...MDXComponents, Highlight }` (importing this one from `@theme-original/MDXComponents`),
 * and every component in it is usable in MDX without an import.
 */
export default mdxComponents;
