import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { CompiledStylesheet } from './sass.js';

const NAMESPACE = 'docgen-css-module';

/**
 * CSS modules (`styles.module.css`, `.module.scss`), as site components import them. esbuild's
 * own local-css names differ between the prerender bundle and the minified browser bundle
 * (`card_module_card` against `d`), so the server HTML and the stylesheet never matched and,
 * since hydration keeps server attributes, the styles were lost. Here each class gets one
 * name in both, `<name>_<hash of the file's path>`, like Docusaurus's `[local]_[hash]`.
 */
export function cssModulesPlugin(siteDir: string, compileSass: (file: string) => Promise<CompiledStylesheet>): Plugin {
  return {
    name: 'docgen-css-modules',
    setup(build) {
      const node = build.initialOptions.platform === 'node';
      const localize = async (file: string) => {
        const source = /\.s[ac]ss$/.test(file) ? await compileSass(file) : { css: readFileSync(file, 'utf8'), watchFiles: [file] };
        if ('errors' in source) return source;
        return { ...localizeCss(source.css, classSuffix(siteDir, file)), watchFiles: source.watchFiles };
      };
      build.onLoad({ filter: /\.module\.(css|s[ac]ss)$/ }, async (args) => {
        if (args.namespace !== 'file') return undefined;
        const out = await localize(args.path);
        if ('errors' in out) return out;
        const sheet = node ? '' : `import ${JSON.stringify(`${NAMESPACE}:${args.path}`)};\n`;
        return { contents: `${sheet}export default ${JSON.stringify(out.classes)};\n`, loader: 'js', resolveDir: path.dirname(args.path), watchFiles: out.watchFiles };
      });
      build.onResolve({ filter: new RegExp(`^${NAMESPACE}:`) }, (args) => ({ path: args.path.slice(NAMESPACE.length + 1), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, async (args) => {
        const out = await localize(args.path);
        if ('errors' in out) return out;
        return { contents: out.css, loader: 'css', resolveDir: path.dirname(args.path), watchFiles: out.watchFiles };
      });
    },
  };
}

/** Short and stable per file: the hash of its path in the site. */
function classSuffix(siteDir: string, file: string): string {
  return createHash('sha256').update(path.relative(siteDir, file).split(path.sep).join('/')).digest('base64url').replace(/[-_]/g, '').slice(0, 5);
}

/**
 * Renames the classes of a stylesheet's selectors (`.card` → `.card_Ab3xY`), except inside
 * `:global(…)`; values, strings, comments, url() and at-rule preludes are left as they are.
 * Returns the CSS and the map the module exports (original name → new name).
 */
export function localizeCss(css: string, suffix: string): { css: string; classes: Record<string, string> } {
  const classes: Record<string, string> = {};
  let out = '';
  let start = 0; // where the current prelude or declaration began
  let i = 0;
  const flushPrelude = (end: number) => {
    const text = css.slice(start, end);
    out += /^\s*@/.test(text) ? text : localizeSelector(text, suffix, classes);
    start = end;
  };
  while (i < css.length) {
    const c = css[i];
    if (c === '/' && css[i + 1] === '*') {
      const close = css.indexOf('*/', i + 2);
      i = close < 0 ? css.length : close + 2;
    } else if (c === '"' || c === "'") {
      i = skipString(css, i);
    } else if (c === '(') {
      i = skipParens(css, i);
    } else if (c === '{') {
      flushPrelude(i);
      out += '{';
      start = ++i;
    } else if (c === ';' || c === '}') {
      out += css.slice(start, i + 1);
      start = ++i;
    } else {
      i++;
    }
  }
  out += css.slice(start);
  return { css: out, classes };
}

function localizeSelector(selector: string, suffix: string, classes: Record<string, string>): string {
  let out = '';
  let i = 0;
  while (i < selector.length) {
    const global = /^:global\(/.exec(selector.slice(i));
    if (global) {
      const end = skipParens(selector, i + global[0].length - 1);
      out += selector.slice(i + global[0].length, end - 1);
      i = end;
      continue;
    }
    const c = selector[i];
    if (c === '"' || c === "'") {
      const end = skipString(selector, i);
      out += selector.slice(i, end);
      i = end;
      continue;
    }
    const cls = c === '.' ? /^\.(-?[_a-zA-Z][\w-]*)/.exec(selector.slice(i)) : null;
    if (cls) {
      classes[cls[1]] ??= `${cls[1]}_${suffix}`;
      out += `.${classes[cls[1]]}`;
      i += cls[0].length;
      continue;
    }
    out += c;
    i++;
  }
  return out.replace(/:local\(([^)]*)\)/g, '$1');
}

function skipString(text: string, at: number): number {
  const quote = text[at];
  let i = at + 1;
  while (i < text.length && text[i] !== quote) i += text[i] === '\\' ? 2 : 1;
  return i + 1;
}

function skipParens(text: string, at: number): number {
  let depth = 0;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (c === '"' || c === "'") i = skipString(text, i) - 1;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}
