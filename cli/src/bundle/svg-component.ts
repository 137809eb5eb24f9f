import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
// Modules whose `.svg` imports are components: scripts and Markdown, as Docusaurus's SVGR rule (its `issuer`).
import { resolveOnce, SCRIPT_OR_MARKDOWN } from './resolve-once.js';
const NAMESPACE = 'docgen-svg';

/**
 * Docusaurus (its SVGR loader, `@docusaurus/plugin-svgr` in v3) makes an SVG imported from
 * JS, TS or MDX a React component (`import Logo from './logo.svg'; <Logo />`, and the
 * create-docusaurus template's `Svg: require('@site/static/img/x.svg').default`): here a
 * component rendering the file inline. Stylesheets and Markdown images keep their URL.
 */
export function svgComponentPlugin(): Plugin {
  return {
    name: 'docgen-svg-component',
    setup(build) {
      const resolve = resolveOnce(build);
      build.onResolve({ filter: /\.svg$/i }, async (args) => {
        if (args.namespace === NAMESPACE || !['import-statement', 'require-call', 'dynamic-import'].includes(args.kind)) return undefined;
        // Compiled pages ('docgen') and context lookups ('docgen-context') are script modules too.
        if (!SCRIPT_OR_MARKDOWN.test(args.importer) && args.namespace !== 'docgen' && args.namespace !== 'docgen-context') return undefined;
        // Only the file matters to the answer (a relative path names it alone): the same icon
        // imported from many pages is resolved once.
        const key = /^\.\.?\//.test(args.path) ? path.resolve(args.resolveDir, args.path) : JSON.stringify([args.path, args.resolveDir]);
        const resolved = await resolve(args.path, { kind: 'import-statement', resolveDir: args.resolveDir, importer: args.importer, namespace: NAMESPACE }, key);
        if (resolved.errors.length) return { errors: resolved.errors };
        return { path: resolved.path, namespace: NAMESPACE };
      });
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => ({ contents: svgComponentModule(readFileSync(args.path, 'utf8')), loader: 'js' }));
    },
  };
}

/** An ES module whose default export renders the SVG: the root's attributes as props, its content as inner HTML. */
export function svgComponentModule(svg: string): string {
  const text = svg.replace(/<\?xml[\s\S]*?\?>|<!DOCTYPE[^>]*>|<!--[\s\S]*?-->/gi, '');
  const open = /<svg\b([^>]*?)\/?>/i.exec(text);
  const close = text.lastIndexOf('</svg>');
  const attrs: Record<string, unknown> = {};
  let inner = '';
  if (open) {
    for (const m of open[1].matchAll(/([^\s=/]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)) {
      const [name, value] = [m[1], m[2] ?? m[3]];
      if (name === 'style') attrs.style = styleObject(value);
      else attrs[propName(name)] = value;
    }
    inner = close > open.index ? text.slice(open.index + open[0].length, close) : '';
  }
  return [
    "import { createElement } from 'react';",
    `const attrs = ${JSON.stringify(attrs)};`,
    `const inner = ${JSON.stringify(inner.trim())};`,
    'export default function SvgComponent(props) {',
    '  const { children, title, ...rest } = props || {};',
    '  return createElement("svg", Object.assign({}, attrs, rest, { dangerouslySetInnerHTML: { __html: inner } }));',
    '}',
    '',
  ].join('\n');
}

/** An SVG attribute as React names it: class → className, stroke-width → strokeWidth, xlink:href → xlinkHref. */
function propName(name: string): string {
  if (name === 'class') return 'className';
  if (/^(data|aria)-/.test(name)) return name;
  return name.replace(/[-:]([a-z])/g, (_, c: string) => c.toUpperCase());
}

function styleObject(css: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const decl of css.split(';')) {
    const i = decl.indexOf(':');
    if (i > 0) out[decl.slice(0, i).trim().replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] = decl.slice(i + 1).trim();
  }
  return out;
}
