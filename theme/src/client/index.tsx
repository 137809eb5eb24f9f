import { hydrateRoot } from 'react-dom/client';
import type { BootData, RouteModule, SidebarItem } from '../types';
import { App } from './App';
import { createRouteLoader } from './routeLoader';

/**
 * Entry of the browser bundle: reads the boot data, loads this route's chunk and sidebar,
 * then hydrates the prerendered HTML. The engine only imports this module, so it starts itself.
 */
export async function startClient(): Promise<void> {
  const bootEl = document.getElementById('__docgen_boot');
  const container = document.getElementById('__docgen');
  if (!bootEl || !container) return;
  const boot = JSON.parse(bootEl.textContent || '{}') as BootData;
  const loader = createRouteLoader(boot.manifest);
  let mod: RouteModule;
  let sidebar: SidebarItem[] | null;
  try {
    [mod, sidebar] = await Promise.all([
      import(/* @vite-ignore */ boot.chunk) as Promise<RouteModule>,
      boot.sidebar ? fetchSidebar(boot.sidebar) : Promise.resolve(null),
    ]);
  } catch (error) {
    // The prerendered page stays readable; its links simply load from the server.
    console.error('docgen: could not start the client runtime', error);
    return;
  }
  if (boot.sidebar && sidebar) loader.primeSidebar(boot.sidebar, sidebar);
  hydrateRoot(container, (
    <App site={boot.site} loader={loader}
      initial={{ page: boot.page, sidebar, Content: mod.default, scroll: { type: 'none' } }} />
  ));
}

/** Same request mode as the engine's <link rel="preload" as="fetch" crossorigin="use-credentials">, so the preload is reused. */
async function fetchSidebar(url: string): Promise<SidebarItem[]> {
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return (await response.json()) as SidebarItem[];
}

void startClient();
