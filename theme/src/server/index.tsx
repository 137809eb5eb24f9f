import { renderToString } from 'react-dom/server';
import type { RenderInput } from '../types';
import { Root } from '../Root';

/** Renders one route to the HTML that goes inside <div id="__docgen">. */
export function renderRoute(input: RenderInput): string {
  return renderToString(<Root {...input} />);
}

/** Inline <head> script applying the colour mode before first paint (no flash). */
export { noFlashScript } from '../components/ColorModeToggle/no-flash-script';

/** Components MDX content may use without importing them (Admonition, and element overrides). */
export { default as mdxComponents } from '../components/MDXComponents';

/** The document title the client sets on navigation, so the server can print the same. */
export { documentTitle } from '../client/head';
