import { defineConfig } from 'docgen';

const env = process.env;

/**
 * The company site: internal pt-BR docs on activating official WhatsApp numbers.
 * The sign-in settings come from the environment (or .env): see .env.example.
 */
export default defineConfig({
  title: 'WhatsApp Oficial',
  tagline: 'Documentação interna sobre a ativação de números oficiais do WhatsApp',
  // The public URL (DOCGEN_SITE_URL): in production docgen serve answers only its host.
  url: env.DOCGEN_SITE_URL,
  baseUrl: '/',
  // Published with the login shell's public assets, so the tab shows it signed out too.
  favicon: '/img/favicon.svg',
  onBrokenLinks: 'throw',
  onBrokenMarkdownLinks: 'warn',
  i18n: {
    defaultLocale: 'pt-BR',
    locales: ['pt-BR'],
    localeConfigs: { 'pt-BR': { label: 'Português (Brasil)', htmlLang: 'pt-BR' } },
  },
  docs: {
    // Meta's screens change monthly: a page not reviewed in 180 days shows a banner.
    staleAfterDays: 180,
    showLastUpdateTime: true,
    showLastUpdateAuthor: true,
  },
  auth: {
    mode: 'server',
    // A reserved domain no Google account can have: without DOCGEN_ALLOWED_DOMAIN nobody signs in.
    allowedDomain: env.DOCGEN_ALLOWED_DOMAIN ?? 'empresa.example',
    firebase: {
      apiKey: env.DOCGEN_FIREBASE_API_KEY ?? 'demo-api-key',
      authDomain: env.DOCGEN_FIREBASE_AUTH_DOMAIN ?? 'demo-docgen.firebaseapp.com',
      projectId: env.DOCGEN_FIREBASE_PROJECT_ID ?? 'demo-docgen',
      storageBucket: env.DOCGEN_FIREBASE_STORAGE_BUCKET ?? 'demo-docgen.appspot.com',
      messagingSenderId: env.DOCGEN_FIREBASE_MESSAGING_SENDER_ID ?? '000000000000',
      appId: env.DOCGEN_FIREBASE_APP_ID ?? '1:000000000000:web:0000000000000000',
    },
  },
  themeConfig: {
    navbar: {
      title: 'WhatsApp Oficial',
      items: [
        { type: 'docSidebar', sidebarId: 'tutorialSidebar', position: 'left', label: 'Tutorial' },
        { type: 'search', position: 'right' },
      ],
    },
    footer: {
      style: 'dark',
      links: [{ title: 'Docs', items: [{ label: 'Docs', to: '/docs/intro' }] }],
      copyright: `Copyright © ${new Date().getFullYear()} WhatsApp Oficial — documentação interna. v1.0.1`,
    },
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
    docs: { breadcrumbs: true },
    tableOfContents: { minHeadingLevel: 2, maxHeadingLevel: 3 },
  },
});
