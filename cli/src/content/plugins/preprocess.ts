/**
 * Line-preserving fixes before MDX parses the body (line numbers in errors stay true):
 * - `## Title {#custom-id}`: MDX would read `{#custom-id}` as a JS expression; the id is
 *   recorded by line and the braces blanked out.
 * - `:::note Title` (Docusaurus 2 admonition titles) becomes `:::note[Title]`.
 * - ```mdx-code-block fences (Docusaurus's way to put MDX where Markdown tools expect code)
 *   are unwrapped: their fence lines blanked, their content read as MDX.
 * Fenced code is left untouched.
 */
export function preprocessMarkdown(body: string): { body: string; customIds: Map<number, string> } {
  const customIds = new Map<number, string>();
  const lines = body.split('\n');
  let fence: string | null = null;
  let mdxBlock: string | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (fence === null && mdxBlock !== null && line.trim() === mdxBlock) {
      mdxBlock = null;
      lines[i] = '';
      continue;
    }
    const mdxOpen: RegExpExecArray | null = fence === null && mdxBlock === null ? /^\s*(`{3,}|~{3,})mdx-code-block\s*$/.exec(line) : null;
    if (mdxOpen) {
      mdxBlock = mdxOpen[1];
      lines[i] = '';
      continue;
    }
    const fenceMatch = /^\s*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fenceMatch) {
      if (fence === null) fence = fenceMatch[1];
      // A closing fence is at least as long as the opening one and has no info string.
      else if (fenceMatch[1].startsWith(fence) && fenceMatch[2].trim() === '') fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^(\s{0,3}#{1,6}\s.*?)(\s*)\{#([^}\s]+)\}\s*$/.exec(line);
    if (heading) {
      customIds.set(i + 1, heading[3]);
      lines[i] = heading[1];
      continue;
    }
    const admonition = /^(\s*:::)(note|tip|info|warning|danger|caution)[ \t]+([^[{\s].*?)\s*$/.exec(line);
    if (admonition) lines[i] = `${admonition[1]}${admonition[2]}[${admonition[3]}]`;
  }
  return { body: lines.join('\n'), customIds };
}
