import type { PageData } from '../../types';
import mdxComponents from '../MDXComponents';
import type { ContentComponent } from '../DocPage';
import { BackToTop } from '../BackToTop';
import { HeadingLinkLabel } from '../Heading/LinkLabel';

/**
 * Home and standalone pages, without sidebar. A `wide` page (a React page such as the home
 * page) owns its whole layout, title included; a Markdown page sits in a reading-width
 * container under its title (the body's own leading '# title' when it has one).
 */
export function MarkdownPage({ page, Content }: { page: PageData; Content?: ContentComponent }) {
  if (page.wide) {
    return (
      <main id="__docgen_main" className="dg-page dg-page--wide" tabIndex={-1}>
        {Content && <Content components={mdxComponents} />}
      </main>
    );
  }
  return (
    <main id="__docgen_main" className="dg-page dg-container dg-markdown" tabIndex={-1}>
      {Content?.contentTitle === undefined && <h1>{page.title}</h1>}
      <HeadingLinkLabel />
      {Content && <Content components={mdxComponents} />}
      <BackToTop />
    </main>
  );
}
