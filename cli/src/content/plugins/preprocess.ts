/**
 * Line-preserving fixes before MDX parses the body (line numbers in errors stay true):
 * - `## Title {#custom-id}`: MDX would read `{#custom-id}` as a JS expression; the id is
 *   recorded by line and the braces blanked out.
 * - `:::note Title` (Docusaurus 2 admonition titles) becomes `:::note[Title]`.
 * - ```mdx-code-block fences (Docusaurus's way to put MDX where Markdown tools expect code)
 *   are unwrapped: their fence lines blanked, their content read as MDX.
 * - HTML comments `<!-- … -->` become MDX comments `{/* … *\/}`, as Docusaurus's default
 *   `markdown.mdx1Compat.comments` does (MDX itself rejects `<!`); CommonMark ('md') reads
 *   them itself.
 * Fenced code and inline code spans are left untouched.
 */
export function preprocessMarkdown(body: string, format: 'md' | 'mdx' = 'mdx'): { body: string; customIds: Map<number, string> } {
  const customIds = new Map<number, string>();
  const lines = body.split('\n');
  let fence: string | null = null;
  let mdxBlock: string | null = null;
  let inComment = false;
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
    // Inside an HTML comment a fence is comment text too (the comment construct runs to `-->`).
    if (format === 'mdx' && inComment) {
      const converted = convertHtmlComments(line, true);
      lines[i] = converted.line;
      inComment = converted.open;
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
    if (format === 'mdx' && line.includes('<!--')) {
      const converted = convertHtmlComments(line, false);
      lines[i] = converted.line;
      inComment = converted.open;
      if (inComment || converted.line !== line) continue;
    }
    const heading = /^(\s{0,3}#{1,6}\s.*?)(\s*)\{#([^}\s]+)\}\s*$/.exec(line);
    if (heading) {
      customIds.set(i + 1, heading[3]);
      lines[i] = heading[1];
      continue;
    }
    const admonition = /^(\s*:::)(note|tip|info|warning|danger|caution|secondary|important|success)[ \t]+([^[{\s].*?)\s*$/.exec(line);
    if (admonition) lines[i] = `${admonition[1]}${admonition[2]}[${admonition[3]}]`;
  }
  return { body: lines.join('\n'), customIds };
}

/** One line's HTML comments as MDX comments, outside inline code; `open` says a comment goes on past the line. */
function convertHtmlComments(line: string, open: boolean): { line: string; open: boolean } {
  let out = '';
  let i = 0;
  while (i < line.length) {
    if (open) {
      const end = line.indexOf('-->', i);
      if (end < 0) return { line: out + line.slice(i).replace(/\*\//g, '* /'), open: true };
      out += `${line.slice(i, end).replace(/\*\//g, '* /')}*/}`;
      i = end + 3;
      open = false;
      continue;
    }
    const tick = line.indexOf('`', i);
    const start = line.indexOf('<!--', i);
    if (start < 0) return { line: out + line.slice(i), open: false };
    if (tick >= 0 && tick < start) {
      // Skip an inline code span (a run of backticks to the same run).
      const run = /^`+/.exec(line.slice(tick))![0];
      const close = line.indexOf(run, tick + run.length);
      const stop = close < 0 ? line.length : close + run.length;
      out += line.slice(i, stop);
      i = stop;
      continue;
    }
    out += `${line.slice(i, start)}{/*`;
    i = start + 4;
    open = true;
  }
  return { line: out, open };
}
