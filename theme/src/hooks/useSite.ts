import { useContext } from 'react';
import { sharedContext } from './sharedContext';
import type { SiteData } from '../types';

export const SiteContext = sharedContext<SiteData | null>('site', null);

/** The resolved site data (title, navbar, footer…), the same on the server and in the browser. */
export function useSite(): SiteData {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite() must be used inside <Root>');
  return site;
}
