import { useColorMode as useThemeColorMode } from '../hooks/useColorMode';
import type { ColorMode } from '../types';

/** `useColorMode` of `@docusaurus/theme-common`, on docgen's colour mode. */
export function useColorMode(): { colorMode: ColorMode; setColorMode: (mode: ColorMode) => void; isDarkTheme: boolean } {
  const { mode, setChoice } = useThemeColorMode();
  return { colorMode: mode, setColorMode: setChoice, isDarkTheme: mode === 'dark' };
}

// Docusaurus 2 exported it from here; Docusaurus 3 from @docusaurus/plugin-content-docs/client.
export { useCurrentSidebarCategory } from './plugin-content-docs-client';

// What a swizzle of Docusaurus's sidebar items imports from here (sidebar-internals.tsx).
export { Collapsible, ThemeClassNames, useCollapsible, usePrevious, useThemeConfig } from './sidebar-internals';
