import type { DocSource } from '../content/load-docs.js';
import { factsOf } from '../content/body-facts.js';

/**
 * True when a doc's new text can change nothing but its own page: the same front matter and
 * title (so the same routes and sidebars), and, for a doc without a description in its front
 * matter, the same first line, which other pages show too (category cards) as `description`.
 * A save with this answer recompiles that page alone (content-state.ts); a start after such a
 * change can still answer the page kept at the last close (start-inputs.ts).
 */
export function onlyTextChanged(before: DocSource, after: DocSource, description: string | undefined): boolean {
  if (!sameShape(before, after)) return false;
  return before.frontMatter.description != null || (factsOf(after.body)[2] || undefined) === description;
}

function sameShape(a: DocSource, b: DocSource): boolean {
  return a.title === b.title && a.titleFromHeading === b.titleFromHeading && a.slug === b.slug && a.id === b.id &&
    a.position === b.position && a.isCategoryIndex === b.isCategoryIndex && JSON.stringify(a.frontMatter) === JSON.stringify(b.frontMatter);
}
