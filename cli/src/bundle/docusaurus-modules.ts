import type { Plugin } from 'esbuild';
import { resolveOnce } from './resolve-once.js';
import { engineDir } from './virtual-modules.js';

/**
 * The `@docusaurus/*` client modules a site's components may import, each served by a file
 * of the theme (theme/src/docusaurus/). Any other `@docusaurus/*` import is an error naming
 * it (esbuild points it at the importing file and line), never a theme-internal path.
 */
export const DOCUSAURUS_MODULES: Record<string, string> = {
  '@docusaurus/Link': 'Link.tsx',
  '@docusaurus/useBaseUrl': 'useBaseUrl.ts',
  '@docusaurus/useDocusaurusContext': 'useDocusaurusContext.ts',
  '@docusaurus/ExecutionEnvironment': 'ExecutionEnvironment.ts',
  '@docusaurus/BrowserOnly': 'BrowserOnly.tsx',
  '@docusaurus/Head': 'Head.tsx',
  '@docusaurus/Translate': 'Translate.tsx',
  '@docusaurus/useIsBrowser': 'useIsBrowser.ts',
  '@docusaurus/isInternalUrl': 'isInternalUrl.ts',
  '@docusaurus/theme-common': 'theme-common.ts',
  '@docusaurus/theme-common/internal': 'theme-common-internal.ts',
  '@docusaurus/plugin-content-docs/client': 'plugin-content-docs-client.ts',
  '@docusaurus/router': 'router.tsx',
  '@docusaurus/useGlobalData': 'useGlobalData.ts',
  '@docusaurus/Interpolate': 'Interpolate.tsx',
};

export function unsupportedDocusaurusImport(specifier: string): string {
  return `docgen does not provide "${specifier}". Supported @docusaurus imports: ${Object.keys(DOCUSAURUS_MODULES).join(', ')}.`;
}

export function docusaurusModulesPlugin(): Plugin {
  return {
    name: 'docgen-docusaurus-modules',
    setup(build) {
      const resolve = resolveOnce(build);
      build.onResolve({ filter: /^@docusaurus\// }, async (args) => {
        const file = DOCUSAURUS_MODULES[args.path];
        if (!file) return { errors: [{ text: unsupportedDocusaurusImport(args.path) }] };
        // The engine's own theme, found from the engine's folder whoever imports it: one resolve per module and kind.
        return resolve(`@docgen/theme/docusaurus/${file}`, { kind: args.kind, resolveDir: engineDir() });
      });
    },
  };
}
