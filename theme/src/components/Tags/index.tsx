import type { PageData, TagData } from '../../types';
import { translate } from '../../i18n/translate';
import { Link } from '../Link';
import { BackToTop } from '../BackToTop';

/** A doc's tags, under its content ("Tags: a · b"), each linking to its tag page. */
export function DocTags({ tags }: { tags: TagData[] }) {
  return (
    <div className="dg-doc-tags">
      <b>{translate('tags.listLabel')}</b>
      <TagList tags={tags} />
    </div>
  );
}

function TagList({ tags }: { tags: TagData[] }) {
  return (
    <ul className="dg-tags">
      {tags.map((tag) => (
        <li key={tag.href}>
          <Link href={tag.href} className="dg-tag" title={tag.description}>
            {tag.label}
            {tag.count !== undefined && <span className="dg-tag__count">{tag.count}</span>}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** The tags page lists tags under their first letter, as Docusaurus's does (they come sorted). */
function TagsByLetter({ tags }: { tags: TagData[] }) {
  const groups = new Map<string, TagData[]>();
  for (const tag of tags) {
    const letter = tag.label.charAt(0).toLocaleUpperCase();
    groups.set(letter, [...(groups.get(letter) ?? []), tag]);
  }
  return (
    <>
      {[...groups].map(([letter, group]) => (
        <section key={letter} className="dg-tags-letter">
          <h2>{letter}</h2>
          <TagList tags={group} />
        </section>
      ))}
    </>
  );
}

/**
 * The pages the engine generates for tags: every tag of a docs version with its count (kind
 * 'tags'), or one tag's docs with a link back to all tags (kind 'tag'). Titles come resolved
 * in the page's locale.
 */
export function TagsPage({ page }: { page: PageData }) {
  const tagged = page.tagged;
  return (
    <main id="__docgen_main" className="dg-page dg-container dg-tags-page" tabIndex={-1}>
      <h1>{page.title}</h1>
      {page.kind === 'tags' && page.tags && <TagsByLetter tags={page.tags} />}
      {tagged && (
        <>
          {tagged.tag.description && <p>{tagged.tag.description}</p>}
          <Link href={tagged.allTagsHref}>{translate('tags.viewAll')}</Link>
          <ul className="dg-tag-docs">
            {tagged.docs.map((doc) => (
              <li key={doc.href}><Link href={doc.href}>{doc.title}</Link></li>
            ))}
          </ul>
        </>
      )}
      <BackToTop />
    </main>
  );
}
