import { useSite } from '../hooks/useSite';
import type { SiteData } from '../types';

export interface DocusaurusContext {
  siteConfig: {
    title: string;
    tagline: string;
    baseUrl: string;
    favicon?: string;
    themeConfig: { navbar: SiteData['navbar']; footer?: SiteData['footer']; colorMode: SiteData['colorMode'] };
    customFields: Record<string, unknown>;
  };
  i18n: { currentLocale: string; defaultLocale: string; locales: string[]; localeConfigs: SiteData['locale']['locales'] };
  siteMetadata: { docusaurusVersion: string; siteVersion?: string; pluginVersions: Record<string, unknown> };
  globalData: Record<string, unknown>;
}

/**
 * `@docusaurus/useDocusaurusContext`, with the fields docgen's site data has (title,
 * tagline, baseUrl, favicon, navbar, footer, colour mode, locales). customFields and
 * globalData are empty: docgen has no plugin data to put there.
 */
export default function useDocusaurusContext(): DocusaurusContext {
  const site = useSite();
  return {
    siteConfig: {
      title: site.title,
      tagline: site.tagline ?? '',
      baseUrl: site.baseUrl,
      favicon: site.favicon,
      themeConfig: { navbar: site.navbar, footer: site.footer, colorMode: site.colorMode },
      customFields: {},
    },
    i18n: { currentLocale: site.locale.current, defaultLocale: site.locale.default, locales: Object.keys(site.locale.locales), localeConfigs: site.locale.locales },
    siteMetadata: { docusaurusVersion: 'docgen', pluginVersions: {} },
    globalData: {},
  };
}
