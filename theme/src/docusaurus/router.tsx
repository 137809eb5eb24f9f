import { useEffect } from 'react';
import { useRoute } from '../hooks/useRoute';
import { useRuntime } from '../hooks/useRuntime';

/**
 * `@docusaurus/router` (React Router 5's hooks as Docusaurus re-exports them), on docgen's own
 * router. The pathname is the route's (baseUrl included, as in Docusaurus), the same on the
 * server and in the browser; search and hash exist only in the browser.
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key?: string;
}

export function useLocation(): Location {
  const { page } = useRoute();
  const inBrowser = typeof window !== 'undefined';
  return { pathname: page.path, search: inBrowser ? window.location.search : '', hash: inBrowser ? window.location.hash : '', state: undefined };
}

export interface History {
  location: Location;
  length: number;
  action: 'PUSH' | 'POP' | 'REPLACE';
  push(path: string | { pathname?: string; search?: string; hash?: string }): void;
  replace(path: string | { pathname?: string; search?: string; hash?: string }): void;
  go(n: number): void;
  goBack(): void;
  goForward(): void;
  listen(listener: () => void): () => void;
}

const hrefOf = (to: string | { pathname?: string; search?: string; hash?: string }) =>
  (typeof to === 'string' ? to : `${to.pathname ?? ''}${to.search ?? ''}${to.hash ?? ''}`);

export function useHistory(): History {
  const location = useLocation();
  const runtime = useRuntime();
  return {
    location,
    length: typeof window !== 'undefined' ? window.history.length : 1,
    action: 'POP',
    push: (to) => (runtime ? runtime.navigate(hrefOf(to)) : window.location.assign(hrefOf(to))),
    // A replace within the page keeps the page; to another page it loads it in place of this one.
    replace: (to) => {
      const url = new URL(hrefOf(to), window.location.href);
      if (url.pathname === window.location.pathname) window.history.replaceState(window.history.state, '', url.href);
      else window.location.replace(url.href);
    },
    go: (n) => window.history.go(n),
    goBack: () => window.history.back(),
    goForward: () => window.history.forward(),
    listen: (listener) => {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
  };
}

/** `<Redirect to="…" />`: nothing on the server; in the browser, the target replaces this page. */
export function Redirect({ to, push = false }: { to: string | { pathname?: string; search?: string; hash?: string }; push?: boolean }) {
  const runtime = useRuntime();
  useEffect(() => {
    if (push && runtime) runtime.navigate(hrefOf(to));
    else window.location.replace(new URL(hrefOf(to), window.location.href).href);
  }, []); // eslint-disable-line react-hooks/exhaustive-deps -- once, as React Router's Redirect on mount
  return null;
}

export interface Match {
  path: string;
  url: string;
  isExact: boolean;
  params: Record<string, string>;
}

/** React Router 5's `matchPath(pathname, { path, exact, strict })`, for `:param` and `*` patterns. */
export function matchPath(pathname: string, options: string | string[] | { path?: string | string[]; exact?: boolean; strict?: boolean }): Match | null {
  const o = typeof options === 'string' || Array.isArray(options) ? { path: options } : options;
  const paths = o.path === undefined ? [] : ([] as string[]).concat(o.path);
  for (const path of paths) {
    const names: string[] = [];
    const source = path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\/:(\w+)(\\\?)?/g, (_m, name: string, optional?: string) => {
      names.push(name);
      return optional ? '(?:/([^/]+))?' : '/([^/]+)';
    }).replace(/\*/g, '(.*)');
    const m = new RegExp(`^${o.strict ? source : source.replace(/\/$/, '')}${o.exact ? (o.strict ? '$' : '/?$') : '(?=/|$)'}`, 'i').exec(pathname);
    if (!m) continue;
    const url = path === '/' && m[0] === '' ? '/' : m[0];
    return { path, url, isExact: pathname === url, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) };
  }
  return null;
}
