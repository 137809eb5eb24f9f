import { createContext, type Context } from 'react';

const REGISTRY = Symbol.for('docgen.contexts');

/**
 * A React context created once per page, however many copies of this module run: `docgen dev`
 * bundles a page that imports theme components (`@theme/Tabs`, `@docusaurus/Link`) apart
 * from the theme's own bundle, and two `createContext` calls would give the page's copy a
 * context the theme never provides. React itself is one shared instance in both, so keying
 * the context on a global registry makes both copies read the same provider.
 */
export function sharedContext<T>(name: string, initial: T): Context<T> {
  const registry = ((globalThis as Record<symbol, Map<string, Context<unknown>>>)[REGISTRY] ??= new Map());
  let context = registry.get(name) as Context<T> | undefined;
  if (!context) {
    context = createContext(initial);
    registry.set(name, context as Context<unknown>);
  }
  return context;
}
