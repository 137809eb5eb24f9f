import { cpSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { routeToHtmlFile } from '../../src/routes/paths.js';
import { bootOf, copyFixture, docgen, repoRoot } from '../helpers.js';
import { startDev, type DevProcess } from './helpers/dev-process.js';

/**
 * One engine, two drivers: for every route of each site, `docgen dev` serves the layout HTML,
 * page data and site data that `docgen build` writes. Only what is legitimately per driver is
 * left out: asset and data URLs (hashed files against dev's memory URLs, outside the compared
 * parts), the favicon's URL (a build publishes a hashed public copy; dev links the file) and
 * the sign-in settings (dev is ungated unless it runs against the Auth emulator).
 */
const running: DevProcess[] = [];
afterAll(async () => {
  await Promise.all(running.map((d) => d.stop('SIGKILL')));
});

/** A writable copy of the company site (content and config only). */
function copyCompanySite(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'docgen-company-'));
  cpSync(path.join(repoRoot, 'content'), path.join(dir, 'content'), { recursive: true, filter: (src) => !src.includes(`${path.sep}test`) });
  cpSync(path.join(repoRoot, 'site.config.ts'), path.join(dir, 'site.config.ts'));
  return dir;
}

/** The layout HTML, with the URL of a file a component imports (`require('./x.png')`) reduced to its name: per driver. */
const rootOf = (html: string) =>
  /<div id="__docgen">([\s\S]*?)<\/div>\s*<script id="__docgen_boot"/.exec(html)?.[1].replace(/"[^"]*\/media\/([\w.-]+?)-[A-Z0-9]{8}(\.\w+)"/g, '"<media>/$1$2"');
/** Without the Auth emulator dev serves ungated (auth null) by design; the build keeps the site's sign-in. */
const withoutFavicon = (site: Record<string, unknown>) => ({ ...site, favicon: undefined, auth: undefined });

describe('docgen dev renders what docgen build renders, for every route', () => {
  for (const [name, copy] of [['company site', copyCompanySite], ['basic fixture', () => copyFixture('basic')], ['multi fixture', () => copyFixture('multi')], ['docusaurus fixture', () => copyFixture('docusaurus')]] as const) {
    it(name, async () => {
      const site = copy();
      const built = docgen(['build', site, '--out-dir', 'out']);
      expect(built.code, built.output).toBe(0);
      const manifest = JSON.parse(readFileSync(path.join(site, 'out', '.docgen', 'manifest.json'), 'utf8')) as { baseUrl: string; routes: string[] };
      expect(manifest.routes.length).toBeGreaterThan(5);
      const dev = await startDev(site);
      running.push(dev);
      const base = manifest.baseUrl.replace(/\/$/, '');
      for (const route of manifest.routes) {
        const fromBuild = readFileSync(path.join(site, 'out', routeToHtmlFile(route.slice(base.length) || '/')), 'utf8');
        const res = await fetch(new URL(encodeURI(route), dev.origin), { redirect: 'manual' });
        expect(res.status, route).toBe(200);
        const fromDev = await res.text();
        expect(rootOf(fromDev), route).toBe(rootOf(fromBuild));
        expect(bootOf(fromDev).page, route).toEqual(bootOf(fromBuild).page);
        expect(withoutFavicon(bootOf(fromDev).site), route).toEqual(withoutFavicon(bootOf(fromBuild).site));
      }
    });
  }
});
