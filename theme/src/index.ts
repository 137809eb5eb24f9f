/**
 * @docgen/theme public entry: the override contract. Everything a site or an override
 * needs is exported from here; nothing else in this package is a stable API.
 */
export type * from './types';
export { Root, type RootProps } from './Root';
export { AuthGate } from './components/AuthGate';
export { Layout } from './components/Layout';
export { Navbar } from './components/Navbar';
export { NavbarItem } from './components/NavbarItem';
export { DocSidebar, DocSidebarMenu } from './components/DocSidebar';
export { Breadcrumbs } from './components/Breadcrumbs';
export { TOC, TOCCollapsible } from './components/TOC';
export { Pagination } from './components/Pagination';
export { DocPage } from './components/DocPage';
export { CategoryCards } from './components/CategoryPage';
export { MarkdownPage } from './components/MarkdownPage';
export { NotFound } from './components/NotFound';
export { Footer } from './components/Footer';
export { AnnouncementBar } from './components/AnnouncementBar';
export { ColorModeToggle } from './components/ColorModeToggle';
export { Admonition } from './components/Admonition';
export { CodeBlock } from './components/CodeBlock';
export { Link } from './components/Link';
export { ThemedImage } from './components/ThemedImage';
export { ErrorBoundary } from './components/ErrorBoundary';
export { default as mdxComponents, default as MDXComponents } from './components/MDXComponents';
export { useSite } from './hooks/useSite';
export { useRoute } from './hooks/useRoute';
export { useRuntime } from './hooks/useRuntime';
export { useColorMode } from './hooks/useColorMode';
export { translate } from './i18n/translate';
