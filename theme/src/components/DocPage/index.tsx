import type { ComponentType } from 'react';
import type { PageData, SidebarItem } from '../../types';
import { useSite } from '../../hooks/useSite';
import { translate } from '../../i18n/translate';
import mdxComponents from '../MDXComponents';
import { DocSidebar } from '../DocSidebar';
import { Breadcrumbs } from '../Breadcrumbs';
import { TOC, TOCCollapsible } from '../TOC';
import { Pagination } from '../Pagination';
import { CategoryCards } from '../CategoryPage';
import { DocFooter, StaleBanner } from './DocFooter';
import { BackToTop } from '../BackToTop';
import { VersionBanner } from '../VersionBanner';
import { DocTags } from '../Tags';
import { HeadingLinkLabel } from '../Heading/LinkLabel';

export type ContentComponent = ComponentType<{ components?: Record<string, unknown> }> & {
  /** The body's own leading '# title' (set by the engine): the page then adds no h1 of its own. */
  contentTitle?: string;
};

interface DocPageProps {
  page: PageData;
  sidebar: SidebarItem[] | null;
  Content?: ContentComponent;
}

/** A doc or a category index: sidebar, breadcrumbs, title, content or cards, TOC, prev/next. */
export function DocPage({ page, sidebar, Content }: DocPageProps) {
  const site = useSite();
  const showToc = page.kind === 'doc' && !page.hideTableOfContents && page.toc.length > 0;
  return (
    <div className="dg-doc-layout">
      {sidebar && sidebar.length > 0 && <DocSidebar items={sidebar} />}
      <main id="__docgen_main" className="dg-doc-main" tabIndex={-1}>
        <div className="dg-doc-main__row">
          <div className="dg-doc-main__content">
            {site.docs.breadcrumbs && page.breadcrumbs && <Breadcrumbs items={page.breadcrumbs} />}
            <VersionBanner page={page} />
            {page.unlisted && (
              <div className="dg-notice" role="note"><b>{translate('docs.unlisted.title')}</b><p>{translate('docs.unlisted.body')}</p></div>
            )}
            {page.isFallback && <p className="dg-notice" role="note">{translate('docs.fallbackNotice')}</p>}
            {page.stale && page.lastReviewed && <StaleBanner lastReviewed={page.lastReviewed} />}
            {showToc && <TOCCollapsible items={page.toc} />}
            <article className="dg-markdown">
              {Content?.contentTitle === undefined && <h1>{page.title}</h1>}
              <HeadingLinkLabel />
              {page.kind === 'category' && page.description && <p className="dg-category__description">{page.description}</p>}
              {Content && <Content components={mdxComponents} />}
              {page.kind === 'category' && page.cards && <CategoryCards cards={page.cards} />}
            </article>
            {page.kind === 'doc' && page.tags && <DocTags tags={page.tags} />}
            {page.kind === 'doc' && <DocFooter page={page} />}
            <Pagination prev={page.prev} next={page.next} />
          </div>
          {showToc && <TOC items={page.toc} />}
        </div>
        <BackToTop />
      </main>
    </div>
  );
}
