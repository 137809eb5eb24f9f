import type { SidebarItem } from '../../types';
import { containsRoute } from './activeItem';
import type { SidebarMemo } from './server-memo';

/**
 * The memo of the page being rendered on the server, or null (the browser, `docgen dev`).
 * Apart from server-memo.tsx, which imports react-dom/server, so the browser's bundle never
 * resolves it: SidebarItems calls memoSlot only in code the minifier drops there.
 */
let current: SidebarMemo | null = null;

export function withSidebarMemo<T>(memo: SidebarMemo | null, render: () => T): T {
  const previous = current;
  current = memo;
  try {
    return render();
  } finally {
    current = previous;
  }
}

/**
 * While a build prerenders a page: an empty slot for a category the page is not in, for the
 * memo to fill with that category's HTML (see server-memo.tsx). Else null.
 */
export function memoSlot(item: Extract<SidebarItem, { type: 'category' }>, level: number, id: string, path: string, key: string) {
  return !current || containsRoute(item, path) ? null : current.slot(item, level, id, key);
}
