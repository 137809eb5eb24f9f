import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import type { BarrelImports } from './barrel-imports.js';

/**
 * `require(\`@site/static${src}\`)` (and `import(…)`) with a template literal after the
 * `@site/` alias: webpack bundles every file the pattern can match (a "context module") and
 * looks the value up at run time. esbuild only globs relative prefixes, so such a call in a
 * site file becomes `require("docgen-context:<prefix>*<suffix>")(src)`, a generated module
 * mapping each matching file to a lazy `require` of it (assets then give their URL as
 * `.default`, as with Docusaurus's file-loader).
 */
const CONTEXT_CALL = /\b(require|import)\(\s*`@site\/([^`$]*)\$\{([^`{}]*)\}([^`$]*)`\s*\)/g;
const NAMESPACE = 'docgen-context';
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.docgen', '.docusaurus', 'build']);
const MAX_FILES = 5000;

/** `assetExtensions`: those the bundle has a loader for ('.png'…); with scripts and JSON, what a context may hold. */
export function contextRequirePlugin(siteDir: string, assetExtensions: string[], barrels: BarrelImports): Plugin {
  const loadable = new Set([...assetExtensions, '.js', '.jsx', '.ts', '.tsx', '.mjs', '.cjs', '.json']);
  const inSite = siteScripts(siteDir);
  return {
    name: 'docgen-context-require',
    setup(build) {
      if (inSite) build.onLoad({ filter: inSite }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const text = readFileSync(args.path, 'utf8');
        // The site's own code, read here once: its context calls, and its imports of barrel packages (barrel-imports.ts).
        const contents = barrels.rewrite(text.includes('`@site/') ? rewriteContextCalls(text) : text, path.dirname(args.path));
        if (contents === text) return undefined;
        const ext = path.extname(args.path).slice(1);
        return { contents, loader: ext === 'js' || ext === 'mjs' || ext === 'cjs' ? 'jsx' : (ext.replace(/^[cm]/, '') as 'ts' | 'tsx' | 'jsx'), resolveDir: path.dirname(args.path) };
      });
      build.onResolve({ filter: /^docgen-context:/ }, (args) => ({ path: args.path.slice(`${NAMESPACE}:`.length), namespace: NAMESPACE }));
      build.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const star = args.path.indexOf('*');
        const prefix = args.path.slice(0, star);
        const suffix = args.path.slice(star + 1);
        const files = matchingFiles(siteDir, prefix, suffix).filter((f) => loadable.has(path.extname(f).toLowerCase()));
        if (files.length > MAX_FILES) {
          return { errors: [{ text: `require(\`@site/${prefix}\${…}${suffix}\`) would bundle ${files.length} files (more than ${MAX_FILES}); give the template literal a longer folder prefix, such as @site/static/img/` }] };
        }
        return { contents: contextModule(prefix, suffix, files), resolveDir: siteDir, loader: 'js' };
      });
    },
  };
}

/** The source with each alias template-literal require/import turned into a context lookup; line numbers kept. */
export function rewriteContextCalls(text: string): string {
  return text.replace(CONTEXT_CALL, (_all, kind: string, prefix: string, expr: string, suffix: string) => {
    const lookup = `require(${JSON.stringify(`${NAMESPACE}:${prefix}*${suffix}`)})(${expr})`;
    return kind === 'import' ? `Promise.resolve().then(() => ${lookup})` : lookup;
  });
}

/** Site-relative paths ('static/img/a.png') that start with the prefix and end with the suffix. */
function matchingFiles(siteDir: string, prefix: string, suffix: string): string[] {
  // The folder to walk: the prefix up to its last slash ('static/img/x-' → 'static/img').
  const dir = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
  const out: string[] = [];
  const walk = (rel: string) => {
    let entries;
    try {
      entries = readdirSync(path.join(siteDir, rel), { withFileTypes: true });
    } catch {
      return; // no such folder: an empty context, as webpack's
    }
    for (const e of entries) {
      const child = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!SKIPPED_DIRS.has(e.name) && out.length <= MAX_FILES) walk(child);
      } else if (child.startsWith(prefix) && child.endsWith(suffix) && child.length >= prefix.length + suffix.length) {
        out.push(child);
      }
    }
  };
  walk(dir);
  return out.sort();
}

function contextModule(prefix: string, suffix: string, files: string[]): string {
  const entries = files.map((f) => `  ${JSON.stringify(f.slice(prefix.length, f.length - suffix.length))}: () => require(${JSON.stringify(`./${f}`)}),`);
  return [
    `const files = {\n${entries.join('\n')}\n};`,
    'module.exports = function docgenContext(key) {',
    '  const load = Object.prototype.hasOwnProperty.call(files, key) ? files[key] : undefined;',
    `  if (!load) throw Object.assign(new Error("Cannot find module '@site/${prefix.replace(/["\\]/g, '\\$&')}" + key + ${JSON.stringify(`${suffix}'`)}), { code: 'MODULE_NOT_FOUND' });`,
    '  return load();',
    '};',
    '',
  ].join('\n');
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * The site's own scripts, as an esbuild filter: files at its root and in its folders other
 * than node_modules (the callback skips a nested node_modules). A filter matching every
 * script under the site sent each of its packages' modules through a JS callback, one round
 * trip each: @coreui/icons alone is 1,586 modules (esbuild's Go regexps have no lookahead to
 * leave node_modules out). Null when there is nothing to match.
 */
export function siteScripts(siteDir: string): RegExp | null {
  let folders: string[] = [];
  try {
    folders = readdirSync(siteDir, { withFileTypes: true }).filter((e) => e.isDirectory() && e.name !== 'node_modules').map((e) => escape(e.name));
  } catch {
    return null;
  }
  const inFolder = folders.length ? `(?:${folders.join('|')})/.*` : '';
  return new RegExp(`^${escape(siteDir)}/(?:${inFolder ? `${inFolder}|` : ''}[^/]*)\\.[cm]?[jt]sx?$`);
}
