import { useId, useState } from 'react';
import type { TocItem } from '../../types';
import { useActiveHeading } from '../../hooks/useActiveHeading';
import { translate } from '../../i18n/translate';
import { Collapsible } from '../Collapsible';
import { ChevronIcon } from '../Icons';
import { tocTree, type TocNode } from './tree';

function TocList({ nodes, active, className }: { nodes: TocNode[]; active: string | null; className: string }) {
  return (
    <ul className={className}>
      {nodes.map((node) => (
        <li key={node.id}>
          <a href={`#${node.id}`} className={`dg-toc__link ${node.id === active ? 'dg-toc__link--active' : ''}`.trim()}
            aria-current={node.id === active ? 'location' : undefined}>
            {node.value}
          </a>
          {node.children.length > 0 && <TocList nodes={node.children} active={active} className="dg-toc__list dg-toc__list--nested" />}
        </li>
      ))}
    </ul>
  );
}

/** The right-hand table of contents (levels 2–3, filtered by the engine), following the reader. */
export function TOC({ items }: { items: TocItem[] }) {
  const active = useActiveHeading(items.map((i) => i.id));
  const titleId = useId();
  return (
    <div className="dg-toc">
      <nav className="dg-toc__nav" aria-labelledby={titleId}>
        <p id={titleId} className="dg-toc__title">{translate('toc.title')}</p>
        <TocList nodes={tocTree(items)} active={active} className="dg-toc__list" />
      </nav>
    </div>
  );
}

/** Below 996 px the table of contents is a collapsed block at the top of the page. */
export function TOCCollapsible({ items }: { items: TocItem[] }) {
  const [collapsed, setCollapsed] = useState(true);
  const listId = useId();
  return (
    <nav className="dg-toc-mobile" aria-label={translate('toc.title')}>
      <button type="button" className="dg-toc-mobile__toggle" aria-expanded={!collapsed} aria-controls={listId}
        onClick={() => setCollapsed((c) => !c)}>
        {translate('toc.title')}
        <ChevronIcon />
      </button>
      <Collapsible collapsed={collapsed} id={listId} className="dg-toc-mobile__content">
        <TocList nodes={tocTree(items)} active={null} className="dg-toc__list" />
      </Collapsible>
    </nav>
  );
}
