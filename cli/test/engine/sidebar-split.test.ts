import { describe, expect, it } from 'vitest';
import type { SidebarItem } from '@docgen/core/types';
import { SIDEBAR_SPLIT_BYTES, writeSidebar } from '../../src/build/sidebar-split.js';
import { MANIFEST_SPLIT_ROUTES } from '../../src/build/route-manifest.js';

const link = (href: string): SidebarItem => ({ type: 'link', label: `Página ${href} com um rótulo longo o bastante`, href, docId: href.slice(1) });
const category = (label: string, items: SidebarItem[], collapsed = true, href?: string): SidebarItem => ({ type: 'category', label, collapsed, collapsible: true, items, ...(href ? { href } : {}) });
const docs = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => link(`${prefix}/p${i}`));

/** Writes through a fake writer: the URL of each file is its index, its text kept. */
function write(items: SidebarItem[]) {
  const files: string[] = [];
  const result = writeSidebar(items, (text) => (files.push(text), `/f${files.length - 1}.json`));
  const file = (url: string) => JSON.parse(files[Number(/\d+/.exec(url)![0])]) as SidebarItem[];
  return { ...result, files, file };
}

describe('sidebar split (issue 14)', () => {
  it('keeps a small sidebar whole: one file, no branches', () => {
    const items = [link('/docs/intro'), category('Guia', docs('/docs/guia', 20))];
    const { files, branches, url } = write(items);
    expect(files).toEqual([JSON.stringify(items)]);
    expect(url).toBe('/f0.json');
    expect(branches.size).toBe(0);
  });

  it('moves the items of collapsed categories to files and records which routes need each', () => {
    const open = category('Sempre aberta', docs('/docs/aberta', 12), false);
    const areas = Array.from({ length: 40 }, (_, a) => category(`Área ${a}`, [category(`Seção ${a}`, docs(`/docs/a${a}/s`, 12), true, `/docs/a${a}/s`), ...docs(`/docs/a${a}`, 10)]));
    const items = [link('/docs/intro'), open, ...areas];
    expect(JSON.stringify(items).length).toBeGreaterThan(SIDEBAR_SPLIT_BYTES);
    const { url, branches, file } = write(items);
    const top = file(url);
    // What every page draws stays in the top file: links, and a category open by configuration.
    expect(top[1]).toEqual(open);
    const area = top[5] as Extract<SidebarItem, { type: 'category' }>;
    expect(area).toMatchObject({ label: 'Área 3', items: [], itemsUrl: expect.any(String) });
    const inside = file(area.itemsUrl!);
    const section = inside[0] as Extract<SidebarItem, { type: 'category' }>;
    expect(section.items).toEqual([]);
    expect(file(section.itemsUrl!)).toEqual(docs('/docs/a3/s', 12));
    // A doc in the section needs both files; the section's own page too; a doc of the area only the area's.
    expect(branches.get('/docs/a3/s/p5')).toEqual([section.itemsUrl, area.itemsUrl]);
    expect(branches.get('/docs/a3/s')).toEqual([section.itemsUrl, area.itemsUrl]);
    expect(branches.get('/docs/a3/p1')).toEqual([area.itemsUrl]);
    expect(branches.has('/docs/intro')).toBe(false);
  });

  it("keeps a large sidebar whole when a site's swizzled sidebar items need every category's items", () => {
    const items = Array.from({ length: 40 }, (_, a) => category(`Área ${a}`, docs(`/docs/a${a}`, 22)));
    expect(JSON.stringify(items).length).toBeGreaterThan(SIDEBAR_SPLIT_BYTES);
    const files: string[] = [];
    const { branches } = writeSidebar(items, (text) => (files.push(text), 'url'), true);
    expect(files).toEqual([JSON.stringify(items)]);
    expect(branches.size).toBe(0);
    expect(writeSidebar(items, (text) => (files.push(text), 'url')).branches.size).toBeGreaterThan(0);
  });

  it('splits the route manifest only beyond a size no small site reaches', () => {
    expect(MANIFEST_SPLIT_ROUTES).toBeGreaterThanOrEqual(500);
  });
});
