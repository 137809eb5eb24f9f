import { compile } from '@mdx-js/mdx';
import type { Root } from 'hast';
import type { ExportDefaultDeclaration, FunctionDeclaration, Program } from 'estree';
import type { VFile } from 'vfile';
import { directContent, type MdxParts } from './direct-program.js';
import { printDirect, type DirectOutput } from './direct-print.js';

const EMPTY: Root = { type: 'root', children: [] };

/**
 * rehype plugin, the last of the page's: a plain page's program is built here, and the rest of
 * MDX's pipeline gets an empty tree (its passes then cost next to nothing). compileMdx takes
 * the output from `file.data.direct`. DOCGEN_DIRECT=0 turns it off (to compare).
 */
export function rehypeDirectProgram() {
  return (tree: Root, file: VFile): Root | undefined => {
    if (process.env.DOCGEN_DIRECT === '0' || !mdxParts) return undefined;
    const content = directContent(tree);
    directStats[content ? 'direct' : 'mdx']++;
    if (!content) return undefined;
    (file.data as { direct?: DirectOutput }).direct = printDirect(content, mdxParts);
    return EMPTY;
  };
}


/** Pages of this thread compiled each way (for tools comparing the two). */
export const directStats = { direct: 0, mdx: 0 };

/** The page's output when its program was built directly. */
export function directOutput(file: VFile): DirectOutput | undefined {
  return (file.data as { direct?: DirectOutput }).direct;
}

let mdxParts: MdxParts | null = null;
let capturing: Promise<void> | null = null;

/**
 * What every page's program takes from MDX (its `MDXContent` wrapper, its missing-component
 * helper), taken from MDX itself once per thread, so it is always the version's own: until
 * they are in hand, pages take MDX's whole path.
 */
export function captureDocument(): Promise<void> {
  capturing ??= compile('<Missing />', {
    jsxImportSource: 'react',
    development: false,
    recmaPlugins: [
      () => (tree: Program) => {
        const document = tree.body.find((s): s is ExportDefaultDeclaration => s.type === 'ExportDefaultDeclaration');
        const missingHelper = tree.body.find((s): s is FunctionDeclaration => s.type === 'FunctionDeclaration' && s.id?.name === '_missingMdxReference');
        if (document && missingHelper) mdxParts = { document, missingHelper };
      },
    ],
  }).then(() => undefined);
  return capturing;
}
