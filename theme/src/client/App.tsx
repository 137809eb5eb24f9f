import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SiteData } from '../types';
import { Root } from '../Root';
import { createRouter, applyScroll, type View } from './router';
import type { RouteLoader } from './routeLoader';
import { documentTitle } from './head';
import { useLiveUpdate } from './live-update';

interface AppProps {
  site: SiteData;
  initial: View;
  loader: RouteLoader;
}

/** The hydrated page: holds the current route and renders it through the same Root as the server. */
export function App({ site, initial, loader }: AppProps) {
  const [view, setView] = useState(initial);
  const [loading, setLoading] = useState(false);
  const router = useMemo(() => createRouter({ loader, initial, onView: setView, onLoading: setLoading }), [loader, initial]);
  const firstView = useRef(true);

  useEffect(() => {
    const stop = router.start();
    // Marks the page as interactive (hydrated): tests and the weight measurement wait for it.
    document.documentElement.setAttribute('data-docgen-ready', 'true');
    performance.mark?.('docgen:interactive');
    return stop;
  }, [router]);
  // docgen dev: the open route re-renders when its files change. Production bundles define
  // NODE_ENV as 'production', which drops this and live-update.ts from what pages download.
  if (process.env.NODE_ENV !== 'production') useLiveUpdate(view, setView, loader);

  // After each client-side navigation: scroll, title, and focus at the start of the new page.
  useLayoutEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    document.title = documentTitle(site, view.page);
    // What the server moved into the head from the previous page's MDX <head> (components/Head).
    document.head.querySelectorAll('[data-docgen-head]').forEach((e) => e.remove());
    applyScroll(view.scroll);
    if (view.scroll.type !== 'hash') {
      document.getElementById('__docgen_main')?.focus({ preventScroll: true });
    }
  }, [view, site]);

  return (
    <Root site={site} page={view.page} sidebar={view.sidebar} Content={view.Content} runtime={router}
      chunkError={view.chunkError} loading={loading} />
  );
}
