import { createContext, type Context } from 'react';

/**
 * A React context created once per page, however many copies of this module run: `docgen dev`
 * bundles a page that imports theme components (`@theme/Tabs`, `@docusaurus/Link`) apart
 * from the theme's own bundle, and two `createContext` calls would give the page's copy a
 * context the theme never provides. React itself is one shared instance in both, so dev keys
 * the context on a global registry. A build bundles theme and pages together (one copy of
 * each module), so production skips the registry and its bytes.
 */
export function sharedContext<T>(name: string, initial: T): Context<T> {
  if (process.env.NODE_ENV === 'production') return createContext(initial);
  const registry = ((globalThis as { __docgenContexts?: Record<string, Context<unknown>> }).__docgenContexts ??= {});
  return (registry[name] ??= createContext<unknown>(initial)) as Context<T>;
}
