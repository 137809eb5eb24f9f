import { useEffect, useState } from 'react';

let hydrated = false;

/**
 * `@docusaurus/useIsBrowser`: false during the server render and the hydration that must
 * match it, true after (and at once for components mounted later, on client navigation).
 */
export default function useIsBrowser(): boolean {
  const [isBrowser, setIsBrowser] = useState(hydrated);
  useEffect(() => {
    hydrated = true;
    setIsBrowser(true);
  }, []);
  return isBrowser;
}
