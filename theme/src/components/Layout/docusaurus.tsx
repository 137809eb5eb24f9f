import type { ReactNode } from 'react';
import Head from '../../docusaurus/Head';

/**
 * `@theme/Layout` as a Docusaurus page uses it (`<Layout title="…">…</Layout>`): docgen's
 * layout already surrounds every page, so this adds the page's children, and its title and
 * description to the document head.
 */
export default function PageLayout({ children, title, description, wrapperClassName }: { children?: ReactNode; title?: string; description?: string; wrapperClassName?: string; noFooter?: boolean }) {
  return (
    <>
      {(title !== undefined || description !== undefined) && (
        <Head>
          {title !== undefined && <title>{title}</title>}
          {description !== undefined && <meta name="description" content={description} />}
        </Head>
      )}
      <div className={wrapperClassName}>{children}</div>
    </>
  );
}
