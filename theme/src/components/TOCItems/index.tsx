import type { TocItem } from '../../types';
import { useActiveHeading } from '../../hooks/useActiveHeading';
import { tocTree, type TocNode } from '../TOC/tree';

export interface TOCItemsProps {
  /** The page's headings (the `toc` a Docusaurus TOC swizzle receives). */
  toc: readonly TocItem[];
  minHeadingLevel?: number;
  maxHeadingLevel?: number;
  className?: string;
  linkClassName?: string;
  /** Added to the link of the heading being read; without it nothing is highlighted (as in Docusaurus). */
  linkActiveClassName?: string;
}

function List({ nodes, active, props }: { nodes: TocNode[]; active: string | null; props: TOCItemsProps }) {
  return (
    <ul className={props.className}>
      {nodes.map((node) => (
        <li key={node.id}>
          <a href={`#${node.id}`} className={[props.linkClassName, node.id === active ? props.linkActiveClassName : ''].filter(Boolean).join(' ') || undefined}>
            {node.value}
          </a>
          {node.children.length > 0 && <List nodes={node.children} active={active} props={{ ...props, className: undefined }} />}
        </li>
      ))}
    </ul>
  );
}

/**
 * Docusaurus's `@theme/TOCItems`, which TOC swizzles wrap: the heading list with the class
 * names they pass, the heading being read marked with `linkActiveClassName`.
 */
export default function TOCItems(props: TOCItemsProps) {
  const { toc, minHeadingLevel = 2, maxHeadingLevel = 3 } = props;
  const items = (Array.isArray(toc) ? toc : []).filter((t) => t.level >= minHeadingLevel && t.level <= maxHeadingLevel);
  const active = useActiveHeading(props.linkActiveClassName ? items.map((i) => i.id) : []);
  if (items.length === 0) return null;
  return <List nodes={tocTree(items)} active={active} props={{ ...props, className: props.className ?? 'table-of-contents table-of-contents__left-border' }} />;
}
