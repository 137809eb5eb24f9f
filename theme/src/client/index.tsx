import { hydrateRoot } from 'react-dom/client';
import type { BootData, RouteModule, SidebarItem } from '../types';
import { App } from './App';
import { createRouteLoader } from './routeLoader';
import { pageLocations } from './current-build';

/**
 * Entry of the browser bundle: reads the boot data, loads this route's chunk and sidebar,
 * then hydrates the prerendered HTML. The engine only imports this module, so it starts itself.
 */
export async function startClient(): Promise<void> {
  const bootEl = document.getElementById('__docgen_boot');
  const container = document.getElementById('__docgen');
  if (!bootEl || !container) return;
  const boot = JSON.parse(bootEl.textContent || '{}') as BootData;
  const { current } = boot;
  const loader = current ? createRouteLoader(() => pageLocations({ ...boot, current })) : createRouteLoader(boot.manifest ?? '', boot.manifestShards);
  let mod: RouteModule;
  let sidebar: SidebarItem[] | null;
  try {
    // The sidebar's files were preloaded by the HTML with the loader's request mode.
    [mod, sidebar] = await Promise.all([
      import(/* @vite-ignore */ boot.chunk) as Promise<RouteModule>,
      loader.getSidebar(boot.sidebar, boot.sidebarBranch),
    ]);
  } catch (error) {
    // The prerendered page stays readable; its links simply load from the server.
    console.error('docgen: could not start the client runtime', error);
    return;
  }
  hydrateRoot(container, (
    <App site={boot.site} loader={loader}
      initial={{ page: boot.page, sidebar, Content: mod.default, scroll: { type: 'none' } }} />
  ));
}

void startClient();
