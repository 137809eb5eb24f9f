import type { SiteData } from '../../types';

/** Runs in <head> before first paint: sets data-theme from storage, system preference or default. */
export function noFlashScript(site: SiteData): string {
  const { defaultMode, respectPrefersColorScheme } = site.colorMode;
  return `(function(){try{var s=localStorage.getItem('theme');var m=s==='light'||s==='dark'?s:null;` +
    `if(!m&&${respectPrefersColorScheme}&&window.matchMedia('(prefers-color-scheme: dark)').matches)m='dark';` +
    `document.documentElement.setAttribute('data-theme',m||${JSON.stringify(defaultMode)});}catch(e){` +
    `document.documentElement.setAttribute('data-theme',${JSON.stringify(defaultMode)});}})();`;
}
