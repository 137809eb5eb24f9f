import type { MouseEvent } from 'react';
import type { SearchHit, SearchPageResult } from '@docgen/core/search-runtime';
import { Highlighted } from '../../search/Highlighted';
import { t } from '../../search/strings';
import { hrefWithQuery } from '../../search/highlightTerms';

export const optionId = (index: number) => `dg-search-option-${index}`;

/**
 * Results grouped by page: the page title (not an option itself), then its sections as
 * options, each with its heading path and an excerpt. Options are links, so a middle
 * click or Ctrl+click opens a new tab as usual.
 */
export function SearchResults({ results, query, active, onHover, onOpen }: {
  results: SearchPageResult[];
  /** Carried in each link (`?q=`), so the opened page marks the words, in a new tab too. */
  query: string;
  active: number;
  onHover(index: number): void;
  onOpen(event: MouseEvent<HTMLAnchorElement>, hit: SearchHit): void;
}) {
  let index = 0;
  return (
    <div className="dg-search__results" id="dg-search-results" role="listbox" aria-label={t('search.resultsLabel')} hidden={results.length === 0}>
      {results.map((page) => (
        <div key={page.path} className="dg-search__page" role="presentation">
          <div className="dg-search__page-title" aria-hidden="true">
            <Highlighted text={page.title} ranges={page.titleHighlights} />
          </div>
          {page.hits.map((hit) => {
            const i = index++;
            return (
              <a
                key={hit.href}
                id={optionId(i)}
                className="dg-search__hit"
                href={hrefWithQuery(hit.href, query)}
                role="option"
                aria-selected={i === active}
                tabIndex={-1}
                onMouseMove={() => i !== active && onHover(i)}
                onClick={(event) => onOpen(event, hit)}
              >
                <span className="dg-sr-only">{page.title}: </span>
                <span className="dg-search__hit-heading">
                  {hit.headings.length === 0 ? (
                    t('search.pageTop')
                  ) : (
                    <>
                      {hit.headings.slice(0, -1).map((h) => <span key={h} className="dg-search__hit-parent">{h} › </span>)}
                      <Highlighted text={hit.headings[hit.headings.length - 1]} ranges={hit.headingHighlights} />
                    </>
                  )}
                </span>
                {hit.excerpt && (
                  <span className="dg-search__hit-excerpt">
                    <Highlighted text={hit.excerpt} ranges={hit.highlights} />
                  </span>
                )}
              </a>
            );
          })}
        </div>
      ))}
    </div>
  );
}
