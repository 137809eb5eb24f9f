import type { ComponentType, HTMLAttributes } from 'react';
import { Admonition } from '../Admonition';
import { CodeBlock } from '../CodeBlock';
import Details from '../Details';
import { mdxHeadings } from '../Heading';
import { Link } from '../Link';

/** Wide tables scroll sideways inside a focusable box instead of widening the page. */
function Table(props: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="dg-table" tabIndex={0}>
      <table {...props} />
    </div>
  );
}

/**
 * Components MDX content may use without importing them; also the element overrides:
 * links navigate client-side, code blocks get a copy button, headings a permalink,
 * `<details>` the theme's look. Components a page imports (`@theme/Tabs`) are not here:
 * they load with the pages that use them.
 */
export const mdxComponents: Record<string, ComponentType<any>> = {
  Admonition,
  Details,
  a: Link,
  details: Details,
  pre: CodeBlock,
  table: Table,
  ...mdxHeadings,
};

/**
 * The map as Docusaurus sites extend it: a site's `src/theme/MDXComponents` default-exports
 * `{ ...MDXComponents, Highlight }` (importing this one from `@theme-original/MDXComponents`),
 * and every component in it is usable in MDX without an import.
 */
export default mdxComponents;
