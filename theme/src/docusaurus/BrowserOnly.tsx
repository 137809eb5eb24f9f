import type { ReactNode } from 'react';
import useIsBrowser from './useIsBrowser';

/** `@docusaurus/BrowserOnly`: `children` is a function, called only in the browser. */
export default function BrowserOnly({ children, fallback = null }: { children: () => ReactNode; fallback?: ReactNode }) {
  const isBrowser = useIsBrowser();
  if (!isBrowser) return <>{fallback}</>;
  if (typeof children !== 'function') throw new Error('<BrowserOnly> takes a function as its child: <BrowserOnly>{() => <Widget />}</BrowserOnly>.');
  return <>{children()}</>;
}
