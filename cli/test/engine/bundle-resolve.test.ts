import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build, type Plugin, type PluginBuild } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { bundleOptions } from '../../src/bundle/options.js';
import type { VirtualModule } from '../../src/bundle/virtual-modules.js';
import { write } from '../helpers.js';

/**
 * esbuild's `build.resolve` costs milliseconds of CPU per call (a new resolver each time), and
 * the bundle plugins call it for `@site/`, `@theme/`, `@docusaurus/` and `.svg` imports. A
 * site's pages import the same few components: the bundle must ask esbuild once per distinct
 * module, not once per importing page. Counted through the real plugins in a real bundle.
 */
function site(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-resolve-'));
  write(dir, 'src/components/Box.js', "export default function Box({ children }) { return <div className=\"box\">{children}</div>; }\n");
  write(dir, 'static/img/photo.png', 'not really a PNG');
  write(dir, 'static/img/icon.svg', '<svg xmlns="http://www.w3.org/2000/svg"><circle r="1"/></svg>\n');
  // An override makes the theme-overrides plugin watch the theme's relative imports too.
  write(dir, 'src/theme/NotInTheTheme.js', 'export default function NotInTheTheme() { return null; }\n');
  return dir;
}

/** Each plugin's `build.resolve` calls, by plugin name. */
function counted(plugins: Plugin[], calls: Map<string, number>): Plugin[] {
  return plugins.map((p) => ({
    name: p.name,
    setup(b: PluginBuild) {
      const resolve: PluginBuild['resolve'] = (...args) => (calls.set(p.name, (calls.get(p.name) ?? 0) + 1), b.resolve(...args));
      return p.setup(new Proxy(b, { get: (target, key) => (key === 'resolve' ? resolve : Reflect.get(target, key)) }));
    },
  }));
}

const PAGES = 6;

describe('bundle plugins resolve each module once per build', () => {
  for (const platform of ['node', 'browser'] as const) {
    it(`${platform}: ${PAGES} pages importing the same site component, theme component, @docusaurus module and SVG`, async () => {
      const siteDir = site();
      const modules = new Map<string, VirtualModule>();
      const page = [
        "import Box from '@site/src/components/Box';",
        "import Tabs from '@theme/Tabs';",
        "import Link from '@docusaurus/Link';",
        "import Icon from '../../static/img/icon.svg';",
        "const photo = require('../../static/img/photo.png').default;",
        'export default function Page() { return <Box><Tabs><Link to="/x">x</Link></Tabs><Icon /><img src={photo} /></Box>; }',
      ].join('\n');
      for (let i = 0; i < PAGES; i++) write(siteDir, `docs/d${i}/page.mdx`, '# Page\n');
      for (let i = 0; i < PAGES; i++) modules.set(`mdx/page${i}`, { contents: page, resolveDir: path.join(siteDir, 'docs', `d${i}`), loader: 'jsx' });
      const entry = [...modules.keys()].map((name, i) => `export * as p${i} from 'docgen:${name}';`).join('\n');
      const options = bundleOptions({ siteDir, modules, platform, output: 'memory', react: platform === 'node' ? 'external' : 'preact' });
      const calls = new Map<string, number>();
      const result = await build({ ...options, plugins: counted(options.plugins!, calls), stdin: { contents: entry, resolveDir: siteDir, loader: 'js' } });
      expect(result.errors).toEqual([]);
      // One resolve per distinct module and kind of importer, however many pages import it.
      expect(calls.get('docgen-virtual')).toBe(1); // Box, through @site/
      expect(calls.get('docgen-svg-component')).toBe(1);
      expect(calls.get('docgen-docusaurus-modules')).toBe(1);
      // A relative require of an asset names its file: esbuild's resolver is not needed.
      expect(calls.get('docgen-require-assets') ?? 0).toBe(0);
      expect(result.outputFiles?.some((f) => f.path.includes('photo-'))).toBe(true);
      // docusaurus.tsx (the Docusaurus form) then index.tsx, per theme component.
      expect(calls.get('docgen-theme-overrides') ?? 0).toBeLessThanOrEqual(2);
    });
  }
});

/**
 * Every module a plugin's filter matches is a round trip from esbuild to a JS callback. A
 * site's packages (an icon set is thousands of modules) are none of the site-code plugins'
 * business: their filters must not match them, whatever the callbacks would answer.
 */
describe("bundle plugins leave the site's packages to esbuild", () => {
  it('no site-code plugin callback runs for a module of node_modules, with overrides in src/theme', async () => {
    const siteDir = site();
    const icons = 40;
    for (let i = 0; i < icons; i++) write(siteDir, `node_modules/icon-set/i${i}.js`, `export const i${i} = ${i};\n`);
    write(siteDir, 'node_modules/icon-set/index.js', Array.from({ length: icons }, (_, i) => `export * from './i${i}.js';`).join('\n'));
    write(siteDir, 'node_modules/icon-set/package.json', '{ "name": "icon-set", "main": "index.js", "sideEffects": true }');
    write(siteDir, 'src/components/Uses.js', "import * as set from 'icon-set';\nexport default function Uses() { return <i>{Object.keys(set).length}</i>; }\n");
    const modules = new Map<string, VirtualModule>([['mdx/page', { contents: "import Uses from '@site/src/components/Uses';\nexport default function Page() { return <Uses />; }\n", resolveDir: siteDir, loader: 'jsx' }]]);
    const options = bundleOptions({ siteDir, modules, platform: 'browser', output: 'memory', react: 'preact' });
    const inPackages = new Map<string, number>();
    const watched = options.plugins!.map((p) => ({
      name: p.name,
      setup(b: PluginBuild) {
        const count = (path: string) => path.includes('node_modules/icon-set') && inPackages.set(p.name, (inPackages.get(p.name) ?? 0) + 1);
        const onResolve: PluginBuild['onResolve'] = (o, cb) => b.onResolve(o, (args) => (count(args.importer), cb(args)));
        const onLoad: PluginBuild['onLoad'] = (o, cb) => b.onLoad(o, (args) => (count(args.path), cb(args)));
        return p.setup(new Proxy(b, { get: (target, key) => (key === 'onResolve' ? onResolve : key === 'onLoad' ? onLoad : Reflect.get(target, key)) }));
      },
    }));
    const result = await build({ ...options, plugins: watched, stdin: { contents: "export * from 'docgen:mdx/page';", resolveDir: siteDir, loader: 'js' } });
    expect(result.errors).toEqual([]);
    expect(Object.keys(result.metafile!.inputs).filter((f) => /icon-set\/i\d+\.js$/.test(f))).toHaveLength(icons); // the package is bundled
    expect(Object.fromEntries(inPackages)).toEqual({});
  });
});
