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

/**
 * A barrel package (its ES entry only re-exports, its scripts declared free of side effects,
 * as icon sets are): a named import from it is bundled from the file defining the name, so
 * esbuild does not parse every file the barrel names.
 */
describe('named imports from a barrel package', () => {
  const barrelSite = (sideEffects: string) => {
    const siteDir = site();
    for (let i = 0; i < 40; i++) write(siteDir, `node_modules/barrel-icons/esm/i${i}.js`, `export const i${i} = 'icon ${i}';\n`);
    write(siteDir, 'node_modules/barrel-icons/esm/index.js', ['/**', ' * @license test', ' */', ...Array.from({ length: 40 }, (_, i) => `export { i${i} } from './i${i}.js';`), '//# sourceMappingURL=index.js.map'].join('\n'));
    write(siteDir, 'node_modules/barrel-icons/cjs.js', Array.from({ length: 40 }, (_, i) => `exports.i${i} = 'icon ${i}';`).join('\n'));
    write(siteDir, 'node_modules/barrel-icons/package.json', `{ "name": "barrel-icons", "main": "cjs.js", "module": "esm/index.js"${sideEffects} }`);
    write(siteDir, 'src/components/Icon.tsx', "import {\n  i3,\n  i7 as Seven,\n} from 'barrel-icons';\nexport default function Icon() { return <i>{i3}{Seven}</i>; }\n");
    return siteDir;
  };
  const bundled = async (siteDir: string, platform: 'node' | 'browser') => {
    const modules = new Map<string, VirtualModule>([['mdx/page', { contents: "import Icon from '@site/src/components/Icon';\nimport { i5 } from 'barrel-icons';\nexport default function Page() { return <><Icon />{i5}</>; }\n", resolveDir: siteDir, loader: 'jsx' }]]);
    const options = bundleOptions({ siteDir, modules, platform, output: 'memory', react: platform === 'node' ? 'external' : 'preact' });
    const result = await build({ ...options, stdin: { contents: "export { default } from 'docgen:mdx/page';", resolveDir: siteDir, loader: 'js' } });
    expect(result.errors).toEqual([]);
    const text = result.outputFiles!.map((f) => f.text).join('\n');
    for (const n of [3, 5, 7]) expect(text).toContain(`icon ${n}`);
    return Object.keys(result.metafile!.inputs).filter((f) => f.includes('barrel-icons/'));
  };

  for (const platform of ['node', 'browser'] as const) {
    it(`${platform}: only the files of the names imported are read, from a site component and from a page`, async () => {
      const inputs = await bundled(barrelSite(', "sideEffects": ["*.css"]'), platform);
      expect(inputs.map((f) => f.replace(/.*barrel-icons\//, '')).sort()).toEqual(['esm/i3.js', 'esm/i5.js', 'esm/i7.js']);
    });
  }

  it('a package that does not declare its scripts free of side effects is bundled as written', async () => {
    const inputs = await bundled(barrelSite(''), 'browser');
    expect(inputs.length).toBeGreaterThan(3);
  });
});
