import { renderToString } from 'react-dom/server';
import type { RenderInput } from '../types';
import { Root } from '../Root';
import { SidebarMemo } from '../components/DocSidebar/server-memo';
import { withSidebarMemo } from '../components/DocSidebar/memo-slot';

/**
 * Renders one route to the HTML that goes inside <div id="__docgen">. A build passes one
 * SidebarMemo for all its pages (see server-memo.tsx); `docgen dev` renders without.
 */
export function renderRoute(input: RenderInput, memo: SidebarMemo | null = null): string {
  if (!memo) return renderToString(<Root {...input} />);
  memo.begin(input.site, input.sidebar);
  return memo.fill(withSidebarMemo(memo, () => renderToString(<Root {...input} />)));
}

export { SidebarMemo };

/** Inline <head> script applying the colour mode before first paint (no flash). */
export { noFlashScript } from '../components/ColorModeToggle/no-flash-script';

/** Components MDX content may use without importing them (Admonition, and element overrides). */
export { default as mdxComponents } from '../components/MDXComponents';

/** The document title the client sets on navigation, so the server can print the same. */
export { documentTitle } from '../client/head';
