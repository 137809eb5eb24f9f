/**
 * A doc's description when its front matter has none, as Docusaurus makes it (its
 * createExcerpt): the first line of text of the body, its Markdown taken away. Import and
 * export blocks, code fences, headings, HTML tags and admonition fences are skipped; so is
 * a `<head>` block (docgen's one departure: its <title> is metadata, not text). Doc cards and
 * generated-index pages show it, and it is the page's meta description.
 */
export function createExcerpt(body: string): string | undefined {
  // A setext title ("Title\n===") at the very top is the title, not text.
  const lines = body.trimStart().replace(/^[^\n]*\n=+/, '').split('\n');
  let inImport = false;
  let inHead = false;
  let fence = '';
  for (const line of lines) {
    const trimmed = line.trim();
    if (!fence && (inHead || trimmed.startsWith('<head>'))) {
      inHead = !trimmed.includes('</head>');
      continue;
    }
    if (!trimmed) {
      inImport = false; // a blank line ends an import block
      continue;
    }
    if (!fence && (inImport || /^(?:import|export)\s/.test(line))) {
      inImport = true;
      continue;
    }
    const marker = /^`{3,}|^~{3,}/.exec(trimmed)?.[0];
    if (marker) {
      if (!fence) fence = marker;
      else if (marker[0] === fence[0] && marker.length >= fence.length) fence = '';
      continue;
    }
    if (fence) continue;
    const text = cleanLine(line);
    if (text) return text;
  }
  return undefined;
}

function cleanLine(line: string): string {
  return line
    .replace(/<[^>]*>/g, '') // HTML and JSX tags (their text stays)
    .replace(/^#[^#]+#?/gm, '') // a '# Title' line is the title
    .replace(/^#{1,6}\s*([^#]*?)\s*#{0,6}/gm, '$1')
    .replace(/([*_]{1,3})(.*?)\1/g, '$2')
    .replace(/~~(\S.*\S)~~/g, '$1')
    .replace(/!\[(.*?)\][[(].*?[\])]/g, '$1')
    .replace(/\[\^.+?\](?:: .*$)?/g, '')
    .replace(/\[(.*?)\][[(].*?[\])]/g, '$1')
    .replace(/`(.+?)`/g, '$1')
    .replace(/^\s{0,3}>\s?/g, '')
    .replace(/:::.*/, '') // an admonition's fence line
    .replace(/\s?:(?:::|[^:\n])+:/g, '') // :emoji: names
    .replace(/\{#*[\w-]+\}/, '') // a heading's {#id}
    .trim();
}
