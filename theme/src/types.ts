/** The engine–theme contract lives in @docgen/core, which both packages depend on. */
export type * from '@docgen/core/types';
