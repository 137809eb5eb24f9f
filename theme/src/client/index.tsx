import { hydrateRoot } from 'react-dom/client';
import type { BootData, RouteModule, SidebarItem } from '../types';
import { Root } from '../Root';

/** Hydrates the prerendered page. Client-side navigation is added by the theme issue. */
export async function startClient(): Promise<void> {
  const bootEl = document.getElementById('__docgen_boot');
  const container = document.getElementById('__docgen');
  if (!bootEl || !container) return;
  const boot = JSON.parse(bootEl.textContent || '{}') as BootData;
  const [mod, sidebar] = await Promise.all([
    import(/* @vite-ignore */ boot.chunk) as Promise<RouteModule>,
    boot.sidebar ? fetch(boot.sidebar).then((r) => r.json() as Promise<SidebarItem[]>) : Promise.resolve(null),
  ]);
  hydrateRoot(container, <Root site={boot.site} page={boot.page} sidebar={sidebar} Content={mod.default} />);
}
