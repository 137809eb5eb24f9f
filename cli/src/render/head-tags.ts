import type { SiteConfig } from '../config/schema.js';

/** Elements that have no closing tag (as Docusaurus's html-tags/void list has them). */
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'param', 'source', 'track', 'wbr']);

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/**
 * The config's `headTags` as HTML, one element a line, written as Docusaurus writes them
 * (its htmlTagObjectToString): `true` attributes bare, `false` ones left out, values escaped,
 * `innerHTML` as given, no closing tag for void elements. The same for every page: built once.
 */
export function headTagsHtml(tags: SiteConfig['headTags']): string {
  return tags
    .map((tag) => {
      const attributes = Object.entries(tag.attributes).flatMap(([name, value]) => (value === false ? [] : value === true ? [name] : [`${name}="${escapeAttribute(String(value))}"`]));
      const open = `<${[tag.tagName, ...attributes].join(' ')}>`;
      return VOID.has(tag.tagName.toLowerCase()) ? open : `${open}${tag.innerHTML ?? ''}</${tag.tagName}>`;
    })
    .join('\n');
}
