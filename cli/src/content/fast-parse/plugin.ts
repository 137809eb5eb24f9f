import type { Root } from 'mdast';
import type { Processor } from 'unified';
import { fastParse } from './index.js';

type Parser = (doc: string, file: unknown) => Root;
/** What of a unified processor this plugin touches (its data are typed by the extensions' packages). */
interface Parsing {
  data(key: string): unknown;
  parser?: Parser;
}

/**
 * Puts fastParse in front of the processor's micromark parser. Placed right after docgen's
 * own syntax extensions (MDX, GFM, directives), it records how many there are: the fast
 * reading is used only when they are exactly those three (an MDX processor) and no site
 * plugin added syntax of its own (math, say) by the time a page is parsed.
 */
export function remarkFastParse(this: Processor) {
  const self = this as unknown as Parsing;
  const count = (key: string) => ((self.data(key) as unknown[] | undefined) ?? []).length;
  const extensions = () => count('micromarkExtensions') + count('fromMarkdownExtensions');
  if (extensions() !== 6 || !self.parser) return;
  const micromark = self.parser;
  self.parser = (doc, file) => (extensions() === 6 && fastParse(doc, (slice) => micromark(slice, file))) || micromark(doc, file);
}
