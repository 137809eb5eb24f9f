import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootOf, copyFixture, read, write } from '../helpers.js';
import { eventually, startDev, type DevProcess } from './helpers/dev-process.js';

/**
 * `docgen dev` in a Docusaurus site root: the config and sidebars are read as in a build,
 * and editing sidebars.js or docusaurus.config.js shows on the next request.
 */
let site: string;
let dev: DevProcess;
const get = (p: string) => fetch(new URL(p, dev.origin), { redirect: 'manual' });
const bootAt = async (p: string) => bootOf(await (await get(p)).text());
const sidebarLabels = async (p: string) => {
  const boot = await bootAt(p);
  return ((await (await get(boot.sidebar)).json()) as { label?: string }[]).map((i) => i.label ?? '');
};

beforeAll(async () => {
  site = copyFixture('docusaurus-site');
  dev = await startDev(site);
});

afterAll(async () => {
  await dev?.stop('SIGKILL');
});

describe('docgen dev in a Docusaurus site root', () => {
  it('serves the docs with the sidebars of sidebars.js and the versions of versions.json', async () => {
    expect(await sidebarLabels('/docs/intro')).toEqual(['Introduction', 'Install it', 'Getting started', 'Advanced', 'Questions', 'Status page', '']);
    expect((await bootAt('/docs/api/methods')).page.sidebarId).toBe('reference');
    expect((await bootAt('/docs/1.0/old')).page).toMatchObject({ version: '1.0', versionBanner: 'unmaintained' });
  });

  it('applies a saved sidebars.js and a saved docusaurus.config.js', async () => {
    write(site, 'sidebars.js', read(site, 'sidebars.js').replace("label: 'Install it'", "label: 'Set it up'"));
    await eventually('the renamed sidebar item', async () => (await sidebarLabels('/docs/intro'))[1] === 'Set it up', 20_000);
    write(site, 'docusaurus.config.js', read(site, 'docusaurus.config.js').replace("title: 'Fixture Docs'", "title: 'Renamed Docs'"));
    await eventually('the new site title', async () => (await bootAt('/docs/intro')).site.title === 'Renamed Docs', 20_000);
  });
});
