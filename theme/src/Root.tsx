import type { RenderInput } from './types';
import { SiteContext } from './hooks/useSite';
import { RouteContext } from './hooks/useRoute';
import { RuntimeContext, type Runtime } from './hooks/useRuntime';
import { ColorModeProvider } from './hooks/useColorMode';
import { setSiteMessages } from './i18n/translate';
import { AuthGate } from './components/AuthGate';
import { Layout } from './components/Layout';
import type { ContentComponent } from './components/DocPage';

export interface RootProps extends RenderInput {
  /** Client-side navigation; absent when rendering on the server. */
  runtime?: Runtime | null;
  /** Set when the route's code failed to load (shows the retry page). */
  chunkError?: unknown;
  /** A navigation has been pending for more than 200 ms (shows the progress bar). */
  loading?: boolean;
}

/** The whole page: providers → sign-in gate → layout. Identical on the server and in the browser. */
export function Root({ site, page, sidebar, Content, runtime = null, chunkError, loading }: RootProps) {
  setSiteMessages(site);
  return (
    <SiteContext.Provider value={site}>
      <RuntimeContext.Provider value={runtime}>
        <RouteContext.Provider value={{ page, sidebar }}>
          <ColorModeProvider site={site}>
            <AuthGate site={site}>
              <Layout page={page} sidebar={sidebar} Content={Content as ContentComponent | undefined}
                chunkError={chunkError} loading={loading} />
            </AuthGate>
          </ColorModeProvider>
        </RouteContext.Provider>
      </RuntimeContext.Provider>
    </SiteContext.Provider>
  );
}
