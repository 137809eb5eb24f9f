import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import type { PageData, SiteData, SidebarItem } from '../../src/types';
import { SiteContext } from '../../src/hooks/useSite';
import { RouteContext } from '../../src/hooks/useRoute';
import { ColorModeProvider } from '../../src/hooks/useColorMode';
import { setSiteMessages } from '../../src/i18n/translate';
import ptBR from '../../src/i18n/pt-BR.json';
import searchPtBR from '../../src/search/pt-BR.json';

/** The catalog the engine hands a pt-BR site without a code.json. */
export const ptBRMessages: Record<string, string> = { ...ptBR, ...searchPtBR };

/** A minimal resolved site, overridable per test. */
export function makeSite(overrides: Partial<SiteData> = {}): SiteData {
  return {
    title: 'Site de Teste',
    baseUrl: '/',
    locale: { current: 'pt-BR', default: 'pt-BR', locales: { 'pt-BR': { label: 'Português', htmlLang: 'pt-BR', path: '' } } },
    navbar: { title: 'Teste', hideOnScroll: false, items: [] },
    colorMode: { defaultMode: 'light', disableSwitch: false, respectPrefersColorScheme: false },
    docs: { breadcrumbs: true, versions: [] },
    auth: null,
    search: false,
    messages: ptBRMessages,
    ...overrides,
  };
}

export function makePage(overrides: Partial<PageData> = {}): PageData {
  return { path: '/docs/intro', kind: 'doc', title: 'Introdução', locale: 'pt-BR', toc: [], alternates: {}, sidebarId: 'tutorialSidebar', ...overrides };
}

/** Renders inside the same providers Root sets up (no runtime: links are plain anchors). */
export function renderWithSite(ui: ReactElement, opts: { site?: SiteData; page?: PageData; sidebar?: SidebarItem[] | null } = {}) {
  const site = opts.site ?? makeSite();
  const page = opts.page ?? makePage();
  setSiteMessages(site);
  return render(
    <SiteContext.Provider value={site}>
      <RouteContext.Provider value={{ page, sidebar: opts.sidebar ?? null }}>
        <ColorModeProvider site={site}>{ui}</ColorModeProvider>
      </RouteContext.Provider>
    </SiteContext.Provider>,
  );
}
