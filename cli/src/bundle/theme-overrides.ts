import { existsSync, readFileSync, readdirSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { engineDir } from './virtual-modules.js';
import path from 'node:path';
import type { Plugin } from 'esbuild';
import { resolveOnce, THEME_SOURCE } from './resolve-once.js';

const EXTENSIONS = ['.tsx', '.jsx', '.ts', '.js'];

/** The Docusaurus theme components docgen's theme provides under their `@theme/` names. */
export const DOCUSAURUS_THEME_COMPONENTS = ['Admonition', 'CodeBlock', 'Details', 'DocCard', 'DocCardList', 'DocSidebarItem', 'DocSidebarItem/Category', 'DocSidebarItem/Html', 'DocSidebarItem/Link', 'DocSidebarItems', 'Heading', 'Icon/ExternalLink', 'Layout', 'MDXComponents', 'Mermaid', 'ReferenceCodeBlock', 'SearchBar', 'TabItem', 'Tabs', 'ThemedImage', 'TOCInline', 'TOCItems'];

/**
 * Docusaurus-shaped components docgen's theme itself draws with (the sidebar's items, through
 * `components/<Name>/docusaurus.tsx`): a site's swizzle of one of them, or of a part inside
 * one (`DocSidebarItem/Category`), takes its place there, as in Docusaurus.
 */
const SWIZZLABLE = ['DocSidebarItem', 'DocSidebarItems'];
const swizzlable = (name: string) => SWIZZLABLE.includes(name.split('/')[0]);

/** Whether the site swizzles the sidebar's items: the theme then draws them with Docusaurus's components and markup. */
export function sidebarItemsSwizzled(siteDir: string): boolean {
  const dir = path.join(siteDir, 'src', 'theme');
  return SWIZZLABLE.some((name) => existsSync(path.join(dir, name)) || EXTENSIONS.some((ext) => existsSync(path.join(dir, name + ext))));
}

export function unknownThemeComponent(specifier: string): string {
  return `docgen's theme has no "${specifier}". Theme components a page can import: ${DOCUSAURUS_THEME_COMPONENTS.map((n) => `@theme/${n}`).join(', ')}.`;
}

/**
 * Component overrides without forking the theme (Docusaurus "swizzle", by alias layering):
 * a site file src/theme/<Name>.tsx (or src/theme/<Name>/index.tsx) replaces the theme's
 * components/<Name> wherever the theme imports it. `@theme/<Name>` is the overridden
 * component, `@theme-original/<Name>` always the theme's own, so an override can wrap it.
 */
export function themeOverridesPlugin(siteDir: string): Plugin {
  const overridesDir = path.join(siteDir, 'src', 'theme');
  const findOverride = (name: string): string | undefined => {
    for (const base of [path.join(overridesDir, name), path.join(overridesDir, name, 'index')]) {
      const file = EXTENSIONS.map((ext) => base + ext).find((f) => existsSync(f));
      if (file) return file;
    }
    return undefined;
  };
  return {
    name: 'docgen-theme-overrides',
    setup(build) {
      const hasOverrides = existsSync(overridesDir);
      const resolve = resolveOnce(build);
      build.onResolve({ filter: /^@theme(-original)?\// }, async (args) => {
        const [scope, name] = [args.path.startsWith('@theme-original/'), args.path.replace(/^@theme(-original)?\//, '')];
        const override = scope ? undefined : findOverride(name);
        if (override) return { path: override };
        // components/<Name>/docusaurus.tsx, when there, is the component with Docusaurus's
        // import form and props (a default export), kept apart from what the theme itself uses.
        // Both are the engine's theme, found from the engine's folder: one resolve per name, not per importing page.
        const facade = await resolve(`@docgen/theme/components/${name}/docusaurus.tsx`, { kind: args.kind, resolveDir: engineDir() });
        if (!facade.errors.length) return facade;
        const resolved = await resolve(`@docgen/theme/components/${name}/index.tsx`, { kind: args.kind, resolveDir: engineDir() });
        // A missing component is named as the site wrote it, never by a path inside the theme.
        if (resolved.errors.length) return { errors: [{ text: unknownThemeComponent(args.path) }] };
        return resolved;
      });
      // The theme's Docusaurus-shaped components import each other as '../<Name>/docusaurus':
      // a swizzle of one (a Docusaurus component, with Docusaurus's props) replaces it there.
      if (hasOverrides) build.onResolve({ filter: /^\.\.?\/(?:.*\/)?docusaurus$/ }, (args) => {
        if (!THEME_SOURCE.test(args.importer)) return undefined;
        const named = /[\\/]components[\\/](.+)[\\/]docusaurus$/.exec(path.resolve(args.resolveDir, args.path));
        const name = named?.[1].split(path.sep).join('/');
        const override = name && swizzlable(name) ? findOverride(name) : undefined;
        return override ? { path: override } : undefined;
      });
      const relative = hasOverrides && overriddenImport(overridesDir);
      if (!relative) return;
      // Relative imports inside the theme (e.g. '../Footer') resolve to the override too.
      build.onResolve({ filter: relative }, async (args) => {
        if (args.pluginData === 'docgen-original' || !THEME_SOURCE.test(args.importer)) return undefined;
        // Only an import of a component the site overrides needs resolving (a slow call, see resolve-once.ts).
        const named = /[\\/]components[\\/]([^\\/]+)(?:[\\/]index(?:\.[cm]?[jt]sx?)?)?$/.exec(path.resolve(args.resolveDir, args.path));
        if (!named || !findOverride(named[1])) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'docgen-original' });
        const m = /[\\/]theme[\\/]src[\\/]components[\\/]([^\\/]+)[\\/]index\.tsx$/.exec(resolved.path);
        if (!m || resolved.errors.length) return undefined;
        const override = findOverride(m[1]);
        // A Docusaurus swizzle (written against Docusaurus's own component) is left out of the
        // theme's internals: docgen's theme keeps its component (the build warns, see below).
        if (!override || args.importer.startsWith(overridesDir) || !fitsTheme(override, resolved.path, m[1])) return undefined;
        return { path: override };
      });
    },
  };
}

/**
 * The relative imports that may name an overridden component ('../Footer', './components/TOC/index'):
 * those ending with the name of an entry of src/theme. Matching every relative import sent each
 * module of the site's packages through a JS callback (thousands with @mui), though only the
 * theme's own imports can be overridden. Null when src/theme names nothing.
 */
export function overriddenImport(overridesDir: string): RegExp | null {
  const names = new Set(readdirSync(overridesDir).map((f) => f.replace(/\.[cm]?[jt]sx?$/, '')).filter((n) => /^[\w-]+$/.test(n)));
  if (names.size === 0) return null;
  return new RegExp(`^\\.\\.?/(?:.*/)?(?:${[...names].join('|')})(?:/index(?:\\.[cm]?[jt]sx?)?)?$`);
}

/**
 * Whether an override has the theme component's own form: the named export the theme imports
 * (`export function Footer`), or a default export where the theme's module has one
 * (MDXComponents). A Docusaurus swizzle exports only a default Docusaurus-shaped component.
 */
function fitsTheme(override: string, themeFile: string, name: string): boolean {
  const text = readFileSync(override, 'utf8');
  const named = new RegExp(`export\\s+(?:async\\s+)?(?:function|const|let|var|class)\\s+${name}\\b|export\\s*\\{[^}]*\\b${name}\\b[^}]*\\}`).test(text);
  if (named) return true;
  return /export\s+default\b/.test(text) && /export\s+default\b/.test(readFileSync(themeFile, 'utf8'));
}

/**
 * The site's src/theme overrides docgen's theme does not take (Docusaurus swizzles of a
 * component the theme has, or of one it does not have): one warning each, naming what the
 * site loses. A folder without an index file is only a namespace: the components inside it
 * (`DocItem/Footer`) are judged one by one; the parts inside a component's folder
 * (`DocSidebarItem/Link`) are named in its warning. `@theme/<Name>` imports from the site's
 * own code still get the site's file.
 */
export function unusedOverrides(siteDir: string, themeComponentsDir: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, prefix: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const abs = path.join(dir, entry.name);
      const name = prefix + entry.name.replace(/\.(tsx|jsx|ts|js)$/, '');
      if (!entry.isDirectory() && name === prefix + entry.name) continue; // not a component file
      if (swizzlable(name)) continue; // drawn by the theme (sidebarItemsSwizzled)
      const file = entry.isDirectory() ? indexFile(abs) : abs;
      if (!file) {
        if (entry.isDirectory()) visit(abs, `${name}/`);
        continue;
      }
      const parts = entry.isDirectory() ? componentParts(abs, name) : [];
      const list = parts.join(', ');
      const themeFile = path.join(themeComponentsDir, name, 'index.tsx');
      const rel = path.relative(siteDir, file);
      if (!existsSync(themeFile)) out.push(`${rel}: docgen's theme has no "${name}" component${list ? ` nor ${list}` : ''}, so this override is not used (the site loses that customization)`);
      else if (!fitsTheme(file, themeFile, name)) out.push(`${rel}: a Docusaurus swizzle of ${name}${list ? ` (and of its parts ${list})` : ''}; docgen's theme keeps its own ${name} (the site loses that customization; export a component named ${name} to replace docgen's)`);
    }
  };
  const dir = path.join(siteDir, 'src', 'theme');
  if (existsSync(dir)) visit(dir, '');
  return out;
}

const indexFile = (dir: string): string | undefined => EXTENSIONS.map((e) => path.join(dir, `index${e}`)).find((f) => existsSync(f));

/** The component folders inside a component's folder (`DocSidebarItem/Link`), at any depth. */
function componentParts(dir: string, name: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .flatMap((e) => [...(indexFile(path.join(dir, e.name)) ? [`${name}/${e.name}`] : []), ...componentParts(path.join(dir, e.name), `${name}/${e.name}`)]);
}

/** The theme's components folder (beside its package entry). */
export function themeComponentsDir(): string {
  const entry = createRequire(path.join(engineDir(), 'package.json')).resolve('@docgen/theme');
  return path.join(realpathSync(path.dirname(entry)), 'components');
}
