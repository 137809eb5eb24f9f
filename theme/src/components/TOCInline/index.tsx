import type { TocItem } from '../../types';
import { tocTree, type TocNode } from '../TOC/tree';

export interface TOCInlineProps {
  /** The page's headings: the `toc` every MDX page exports (`<TOCInline toc={toc} />`). */
  toc: readonly TocItem[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
  className?: string;
}

function List({ nodes }: { nodes: TocNode[] }) {
  return (
    <ul>
      {nodes.map((node) => (
        <li key={node.id}>
          <a href={`#${node.id}`}>{node.value}</a>
          {node.children.length > 0 && <List nodes={node.children} />}
        </li>
      ))}
    </ul>
  );
}

/** Docusaurus's `@theme/TOCInline`: the page's headings as a list inside the content (levels 2–3 unless told). */
export default function TOCInline({ toc, minHeadingLevel = 2, maxHeadingLevel = 3, className = '' }: TOCInlineProps) {
  if (!Array.isArray(toc)) throw new Error('<TOCInline> needs the page\'s headings: write <TOCInline toc={toc} /> (every MDX page exports `toc`).');
  const items = toc.filter((t) => t.level >= minHeadingLevel && t.level <= maxHeadingLevel);
  return (
    <div className={`dg-toc-inline table-of-contents ${className}`.trim()}>
      <List nodes={tocTree(items)} />
    </div>
  );
}

export { TOCInline };
