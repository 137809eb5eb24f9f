import type { PageData } from '../../types';
import { mdxComponents } from '../MDXComponents';
import type { ContentComponent } from '../DocPage';

/** Home and standalone pages: no sidebar; `wide` pages use the full width (landing pages). */
export function MarkdownPage({ page, Content }: { page: PageData; Content?: ContentComponent }) {
  return (
    <main id="__docgen_main" className={`dg-page ${page.wide ? 'dg-page--wide' : 'dg-container dg-markdown'}`} tabIndex={-1}>
      {Content && <Content components={mdxComponents} />}
    </main>
  );
}
