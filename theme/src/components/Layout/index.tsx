import type { PageData, SidebarItem } from '../../types';
import { SkipToContent } from '../SkipToContent';
import { AnnouncementBar } from '../AnnouncementBar';
import { Navbar } from '../Navbar';
import { Footer } from '../Footer';
import { ProgressBar } from '../ProgressBar';
import { ErrorBoundary } from '../ErrorBoundary';
import { CrashFallback } from '../ErrorBoundary/CrashFallback';
import { DocPage, type ContentComponent } from '../DocPage';
import { MarkdownPage } from '../MarkdownPage';
import { NotFound } from '../NotFound';
import { TagsPage } from '../Tags';
import { ChunkError } from '../ChunkError';
import { useSearchHighlight } from '../../search/useSearchHighlight';

export interface LayoutProps {
  page: PageData;
  sidebar: SidebarItem[] | null;
  Content?: ContentComponent;
  /** The route's code failed to load during a client-side navigation. */
  chunkError?: unknown;
  /** A navigation has been pending for more than 200 ms. */
  loading?: boolean;
}

/** Skip link · announcement · navbar · main area (crash-guarded, per page kind) · footer. */
export function Layout({ page, sidebar, Content, chunkError, loading = false }: LayoutProps) {
  useSearchHighlight(page.path);
  return (
    <div className="dg-layout">
      <ProgressBar active={loading} />
      <SkipToContent />
      <AnnouncementBar />
      <Navbar />
      <div className="dg-main-wrapper">
        {/* Keyed by route: a crash on one page must not stick to the next one. */}
        <ErrorBoundary key={page.path} fallback={(props) => <CrashFallback {...props} />}>
          {chunkError !== undefined ? <ChunkError error={chunkError} /> : <PageBody page={page} sidebar={sidebar} Content={Content} />}
        </ErrorBoundary>
      </div>
      <Footer />
    </div>
  );
}

function PageBody({ page, sidebar, Content }: Pick<LayoutProps, 'page' | 'sidebar' | 'Content'>) {
  switch (page.kind) {
    case 'doc':
    case 'category':
      return <DocPage page={page} sidebar={sidebar} Content={Content} />;
    case 'notFound':
      return <NotFound />;
    case 'tags':
    case 'tag':
      return <TagsPage page={page} />;
    default:
      return <MarkdownPage page={page} Content={Content} />;
  }
}

