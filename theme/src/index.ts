/**
 * @docgen/theme public entry: the override contract. Everything a site or an override
 * needs is exported from here; nothing else in this package is a stable API.
 */
export type * from './types';
export { Root } from './Root';
export { AuthGate } from './components/AuthGate';
