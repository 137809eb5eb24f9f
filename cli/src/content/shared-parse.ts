import type { Root } from 'mdast';
import type { VFile } from 'vfile';

/** A few trees are enough: the pages sharing a body are compiled one after another (build/compile-pool.ts). */
const KEEP = 8;
const kept = new WeakMap<object, Map<string, Root>>();

/**
 * The parse of a body another page of this thread has (the same doc in several versions:
 * 43 % of one real site's files), taken from the first page's parse. The parse is half a
 * page's compile and depends only on the text and the processor; a clone is handed out,
 * since the plugins change the tree they get.
 */
export function parseShared(parser: object, parse: (file: VFile) => Root, file: VFile): Root {
  const text = String(file.value);
  let trees = kept.get(parser);
  if (!trees) kept.set(parser, (trees = new Map()));
  let tree = trees.get(text);
  if (!tree) {
    tree = parse(file);
    trees.set(text, tree);
    if (trees.size > KEEP) trees.delete(trees.keys().next().value!);
  }
  return structuredClone(tree);
}
