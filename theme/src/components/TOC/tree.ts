import type { TocItem } from '../../types';

export interface TocNode extends TocItem {
  children: TocNode[];
}

/** Nests the flat heading list: each heading goes under the closest previous shallower one. */
export function tocTree(items: TocItem[]): TocNode[] {
  const roots: TocNode[] = [];
  const stack: TocNode[] = [];
  for (const item of items) {
    const node: TocNode = { ...item, children: [] };
    while (stack.length > 0 && stack[stack.length - 1].level >= item.level) stack.pop();
    (stack.length > 0 ? stack[stack.length - 1].children : roots).push(node);
    stack.push(node);
  }
  return roots;
}
