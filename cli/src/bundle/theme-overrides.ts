import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'esbuild';

const EXTENSIONS = ['.tsx', '.jsx', '.ts', '.js'];

/** The Docusaurus theme components docgen's theme provides under their `@theme/` names. */
export const DOCUSAURUS_THEME_COMPONENTS = ['Admonition', 'CodeBlock', 'Details', 'Heading', 'Layout', 'MDXComponents', 'Mermaid', 'TabItem', 'Tabs', 'ThemedImage', 'TOCInline'];

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
      build.onResolve({ filter: /^@theme(-original)?\// }, async (args) => {
        const [scope, name] = [args.path.startsWith('@theme-original/'), args.path.replace(/^@theme(-original)?\//, '')];
        const override = scope ? undefined : findOverride(name);
        if (override) return { path: override };
        // components/<Name>/docusaurus.tsx, when there, is the component with Docusaurus's
        // import form and props (a default export), kept apart from what the theme itself uses.
        const facade = await build.resolve(`@docgen/theme/components/${name}/docusaurus.tsx`, { kind: args.kind, resolveDir: args.resolveDir });
        if (!facade.errors.length) return facade;
        const resolved = await build.resolve(`@docgen/theme/components/${name}/index.tsx`, { kind: args.kind, resolveDir: args.resolveDir });
        // A missing component is named as the site wrote it, never by a path inside the theme.
        if (resolved.errors.length) return { errors: [{ text: unknownThemeComponent(args.path) }] };
        return resolved;
      });
      if (!hasOverrides) return;
      // Relative imports inside the theme (e.g. '../Footer') resolve to the override too.
      build.onResolve({ filter: /^\.\.?\// }, async (args) => {
        if (args.pluginData === 'docgen-original' || !/[\\/]theme[\\/]src[\\/]/.test(args.importer)) return undefined;
        const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: 'docgen-original' });
        const m = /[\\/]theme[\\/]src[\\/]components[\\/]([^\\/]+)[\\/]index\.tsx$/.exec(resolved.path);
        if (!m || resolved.errors.length) return undefined;
        const override = findOverride(m[1]);
        return override && !args.importer.startsWith(overridesDir) ? { path: override } : undefined;
      });
    },
  };
}
