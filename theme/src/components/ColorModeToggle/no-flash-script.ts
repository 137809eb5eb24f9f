import type { SiteData } from '../../types';
import { storageKeys } from '../../hooks/storage';
import { fill } from '@docgen/core/messages';

/**
 * Inline <head> script, run before first paint so nothing flashes:
 * - colour mode: data-theme from storage, system preference or the default, and
 *   data-theme-choice so CSS can show the toggle's icon before React mounts;
 * - announcement bar: data-announcement-dismissed when this announcement was closed before;
 * - base-URL check: a banner when the page is served outside site.baseUrl. It is plain DOM
 *   with inline styles because in that case the JS and CSS assets usually fail to load.
 */
export function noFlashScript(site: SiteData): string {
  return colorModeScript(site) + announcementScript(site) + baseUrlIssueScript(site);
}

function colorModeScript(site: SiteData): string {
  const { defaultMode, respectPrefersColorScheme } = site.colorMode;
  const key = JSON.stringify(storageKeys.colorMode);
  return `(function(){var d=document.documentElement,m=${JSON.stringify(defaultMode)},c=m;` +
    `try{var s=localStorage.getItem(${key});if(s==='light'||s==='dark'){m=s;c=s;}` +
    `else if(${respectPrefersColorScheme}){c='system';m=window.matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';}}catch(e){}` +
    `d.setAttribute('data-theme',m);d.setAttribute('data-theme-choice',c);})();`;
}

function announcementScript(site: SiteData): string {
  const bar = site.announcementBar;
  if (!bar || !bar.isCloseable) return '';
  const key = JSON.stringify(storageKeys.announcementDismissed(bar.id));
  return `(function(){try{if(localStorage.getItem(${key})==='true')` +
    `document.documentElement.setAttribute('data-announcement-dismissed','true');}catch(e){}})();`;
}

function baseUrlIssueScript(site: SiteData): string {
  if (site.baseUrl === '/') return '';
  const base = JSON.stringify(site.baseUrl);
  // The message is built at build time with placeholders the script fills in.
  // From the site's own catalog: this runs on the server, outside any page's render.
  const message = JSON.stringify(fill(site.messages['baseUrlBanner.message'] ?? '', { baseUrl: '\u0000B', path: '\u0000P' }));
  return `(function(){var b=${base},p=location.pathname;if(p.indexOf(b)===0||p+'/'===b)return;` +
    `document.addEventListener('DOMContentLoaded',function(){var e=document.createElement('div');` +
    `e.id='__docgen_base_url_banner';e.setAttribute('role','alert');` +
    `e.style.cssText='padding:12px 16px;background:#fff3cd;color:#3d2e00;border-bottom:2px solid #b58b00;font:16px/1.5 system-ui,sans-serif';` +
    `e.textContent=${message}.replace('\\u0000B',b).replace('\\u0000P',p);document.body.insertBefore(e,document.body.firstChild);});})();`;
}
