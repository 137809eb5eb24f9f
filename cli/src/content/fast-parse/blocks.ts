import type { BlockContent, Code, List, ListItem, Paragraph, PhrasingContent, RootContent, Table, TableCell } from 'mdast';
import { parseInline } from './inline.js';
import { unsupported, type Source } from './source.js';

/** One line of a container's content: [s, e) in the document, the container's indent removed. */
export interface Line {
  s: number;
  e: number;
}

const BULLET = /^([-*+])( +)(?=[^ ])/;
const ORDERED = /^(\d{1,9})([.)])( +)(?=[^ ])/;
const HEADING = /^(#{1,6})( +)(?=[^ ])/;
const THEMATIC_OR_SETEXT = /^ *([-_*=])( *\1)* *$/;
/** A thematic break where a block starts (no paragraph above it for `---` to underline). */
const THEMATIC = /^([-_*])( *\1){2,} *$/;
/** An empty list item (MDX reads one even where CommonMark would not). */
const EMPTY_ITEM = /^ *(\d{1,9}[.)]|[-*+]) *$/;
const DELIMITER_ROW = /^\|?( *:?-+:? *\|)* *:?-+:? *\|? *$/;
/** A tab with only indentation or block syntax (markers, fences, pipes, a task box) before it on its line. */
const TAB_IN_SYNTAX = /^[ >*+\-=_|:`~#\d.)[\]xX]*\t/;

/**
 * Tabs are read only inside a line's text, where micromark keeps them as they are: a tab in
 * indentation or right after block syntax (a tab stop of 4 columns, with container indents
 * taking part of one) or among a line's trailing whitespace (dropped, and no hard break) is
 * left to micromark. Fenced code content keeps any tab (fence() checks its lines).
 */
function checkTabs(t: string): void {
  if (t.includes('\t') && (TAB_IN_SYNTAX.test(t) || /\t[ \t]*$/.test(t))) unsupported('tab in indentation, block syntax or trailing whitespace');
}

/**
 * Flow content (the blocks of the document, a list item or a directive), as micromark with
 * MDX, GFM and directives reads it: paragraphs, ATX headings, backtick fences, lists, GFM
 * tables and `:::name[label]` containers, each only in its plain form.
 */
export function parseFlow(src: Source, lines: Line[]): RootContent[] {
  const out: RootContent[] = [];
  for (let i = 0; i < lines.length; i = isBlank(text(src, lines[i])) ? i + 1 : parseBlock(src, lines, i, out));
  return out;
}

/** Reads the block starting at line `i` (not blank) into `out`; returns the line after it. */
export function parseBlock(src: Source, lines: Line[], i: number, out: RootContent[]): number {
  const t = text(src, lines[i]);
  checkTabs(t);
  const c = t[0];
  if (c === ' ' || c === '<' || c === '{' || c === '~' || (c === '|' && !isTable(src, lines, i))) unsupported('block start');
  if (THEMATIC.test(t)) return out.push({ type: 'thematicBreak', position: src.position(lines[i].s, lines[i].e) }), i + 1;
  if (THEMATIC_OR_SETEXT.test(t) || /^(import|export)\b/.test(t) || /^\[[^\]]*\]:/.test(t)) unsupported('block start');
  if (/^#{1,6} *$/.test(t) || EMPTY_ITEM.test(t)) unsupported('empty heading or list item');
  if (HEADING.test(t)) return out.push(heading(src, lines[i], t)), i + 1;
  if (c === '>') return blockquote(src, lines, i, out);
  if (t.startsWith('```')) return fence(src, lines, i, out);
  if (t.startsWith(':::')) return directive(src, lines, i, out);
  if (BULLET.test(t) || ORDERED.test(t)) return list(src, lines, i, out);
  if (isTable(src, lines, i)) return table(src, lines, i, out);
  return paragraph(src, lines, i, out);
}

export const text = (src: Source, line: Line) => src.doc.slice(line.s, line.e);
/** Blank as micromark reads it: spaces and tabs only (JS trim() also takes a no-break space). */
export const isBlank = (t: string) => /^[ \t]*$/.test(t);

/** The end of [from, to) without its trailing spaces. */
function trimEnd(src: Source, from: number, to: number): number {
  while (to > from && src.doc.charCodeAt(to - 1) === 32) to--;
  return to;
}

function heading(src: Source, line: Line, t: string): RootContent {
  const m = HEADING.exec(t)!;
  if (/#[ ]*$/.test(t)) unsupported('heading with a closing sequence');
  const from = line.s + m[0].length;
  return { type: 'heading', depth: m[1].length as 1, children: parseInline(src, from, trimEnd(src, from, line.e)), position: src.position(line.s, line.e) };
}

function fence(src: Source, lines: Line[], i: number, out: RootContent[]): number {
  const t = text(src, lines[i]);
  const m = /^(`{3,})([^`\\&\t]*)$/.exec(t);
  if (!m) unsupported('fence');
  for (let j = i + 1; j < lines.length; j++) {
    const u = text(src, lines[j]);
    // Content keeps its tabs; a closing fence with one is micromark's to judge.
    if (u.includes('\t') && /^[ \t]*`{3,}[ \t]*$/.test(u)) unsupported('tab around a closing fence');
    const close = /^ *(`{3,}) *$/.exec(u);
    if (!close || close[1].length < m![1].length) continue;
    if (close[0] !== close[1]) unsupported('indented closing fence');
    // micromark keeps the meta's trailing spaces.
    const info = m![2].replace(/^ +/, '');
    const lang = info ? info.split(' ')[0] : null;
    const meta = lang ? info.slice(lang.length).replace(/^ +/, '') || null : null;
    const value = lines.slice(i + 1, j).map((l) => text(src, l)).join('\n');
    out.push({ type: 'code', lang, meta, value, position: src.position(lines[i].s, lines[j].e) } satisfies Code);
    return j + 1;
  }
  return unsupported('unclosed fence');
}

function directive(src: Source, lines: Line[], i: number, out: RootContent[]): number {
  const t = text(src, lines[i]);
  const m = /^(:{3,})([A-Za-z](?:[\w-]*[A-Za-z0-9])?)(?:\[([^[\]\n]+)\])?$/.exec(t);
  if (!m) unsupported('directive');
  for (let j = i + 1; j < lines.length; j++) {
    const u = text(src, lines[j]);
    if (/^ +:/.test(u)) unsupported('indented colons in a directive');
    if (!u.startsWith(':::')) continue;
    if (!/^:+$/.test(u) || u.length < m![1].length) unsupported('nested directive');
    const children: BlockContent[] = [];
    if (m![3] !== undefined) {
      const labelStart = lines[i].s + m![1].length + m![2].length;
      const label: Paragraph = { type: 'paragraph', data: { directiveLabel: true }, children: parseInline(src, labelStart + 1, lines[i].e - 1), position: src.position(labelStart, lines[i].e) } as Paragraph;
      children.push(label);
    }
    children.push(...(parseFlow(src, lines.slice(i + 1, j)) as BlockContent[]));
    out.push({ type: 'containerDirective', name: m![2], attributes: {}, children, position: src.position(lines[i].s, lines[j].e) } as unknown as RootContent);
    return j + 1;
  }
  return unsupported('unclosed directive');
}

/** A line that would end a paragraph (or that the fast parser does not read inside one). */
function interrupts(t: string): boolean {
  // MDX has no indented code, so an indented block start still interrupts: not read here.
  if (t[0] === ' ' && interruptsAtStart(t.trimStart())) unsupported('indented block start in a paragraph');
  return interruptsAtStart(t);
}

function interruptsAtStart(t: string): boolean {
  if (/^(#{1,6}( |$)|```|:::|>)/.test(t) || BULLET.test(t)) return true;
  const ordered = ORDERED.exec(t);
  if (ordered && ordered[1] !== '1') unsupported('ordered item inside a paragraph');
  if (ordered) return true;
  if (/^ *[>~<{]/.test(t) || EMPTY_ITEM.test(t) || THEMATIC_OR_SETEXT.test(t) || DELIMITER_ROW.test(t)) unsupported('paragraph continuation');
  return false;
}

function paragraph(src: Source, lines: Line[], i: number, out: RootContent[]): number {
  let j = i + 1;
  for (; j < lines.length; j++) {
    const t = text(src, lines[j]);
    if (isBlank(t)) break;
    checkTabs(t);
    if (interrupts(t)) break;
  }
  // The paragraph spans its last line's trailing spaces; its text does not.
  const end = lines[j - 1].e;
  out.push({ type: 'paragraph', children: parseInline(src, lines[i].s, trimEnd(src, lines[i].s, end)), position: src.position(lines[i].s, end) });
  return j;
}

/**
 * A block quote whose every line starts with `>` (micromark takes the `>` and one space
 * after it off each line), followed by a blank line or the end: a line after it without
 * `>` may be a lazy continuation of its text, left to micromark, as are tabs, lists and
 * text over several lines.
 */
function blockquote(src: Source, lines: Line[], i: number, out: RootContent[]): number {
  const inner: Line[] = [];
  let j = i;
  for (; j < lines.length; j++) {
    const t = text(src, lines[j]);
    if (t[0] !== '>') break;
    if (t.includes('\t')) unsupported('tab in a block quote');
    inner.push({ s: Math.min(lines[j].s + (t[1] === ' ' ? 2 : 1), lines[j].e), e: lines[j].e });
  }
  if (j < lines.length && !isBlank(text(src, lines[j]))) unsupported('line right after a block quote');
  const children = parseFlow(src, inner) as BlockContent[];
  // The inline parser reads a paragraph's text from the page, which has the `>` of its lines;
  // a list ends in a quote where micromark's own rules say (the blank `>` line after it, too).
  if (children.some(notReadInQuote)) unsupported('text over several lines or a list in a block quote');
  out.push({ type: 'blockquote', children, position: src.position(lines[i].s, lines[j - 1].e) });
  return j;
}

const notReadInQuote = (node: RootContent): boolean =>
  node.type === 'list' || (node.type === 'paragraph' && node.position!.start.line !== node.position!.end.line) || ('children' in node && node.children.some(notReadInQuote));

function list(src: Source, lines: Line[], i: number, out: RootContent[]): number {
  const first = text(src, lines[i]);
  const ordered = ORDERED.exec(first);
  const kind = ordered ? ordered[2] : first[0];
  const items: ListItem[] = [];
  let spread = false;
  let j = i;
  while (j < lines.length) {
    const t = text(src, lines[j]);
    checkTabs(t);
    const m = ordered ? ORDERED.exec(t) : BULLET.exec(t);
    if (!m || (ordered ? m[2] : m[1]) !== kind) break;
    const width = m[0].length;
    if (m[m.length - 1].length > 4) unsupported('list item content after 5 or more spaces');
    if (BULLET.test(t.slice(width)) || ORDERED.test(t.slice(width))) unsupported('a list starting on an item\'s first line');
    // A GFM task item: its check box and one space come before its paragraph.
    const task = /^\[([ xX])\]( ?)/.exec(t.slice(width));
    // Its paragraph starts after the box only when text follows it (mdast-util-gfm-task-list-item).
    if (task && !/^\[[ xX]\] [^ !\[`*_]/.test(t.slice(width))) unsupported('task list item');
    const itemLines: Line[] = [{ s: lines[j].s + width + (task ? 4 : 0), e: lines[j].e }];
    let k = j + 1;
    for (; k < lines.length; k++) {
      const u = text(src, lines[k]);
      // A blank line's tab would be cut by the item's indent into spaces (in fenced code).
      if (isBlank(u) && u.includes('\t')) unsupported('tab in a blank line of a list item');
      if (isBlank(u)) itemLines.push({ s: Math.min(lines[k].s + width, lines[k].e), e: lines[k].e });
      else if (u.startsWith(' '.repeat(width))) itemLines.push({ s: lines[k].s + width, e: lines[k].e });
      else break;
    }
    // Blank lines at the item's end are between items (or after the list).
    let last = itemLines.length;
    while (last > 1 && isBlank(text(src, itemLines[last - 1]))) last--;
    const blankAfter = itemLines.length - last;
    const children = parseFlow(src, itemLines.slice(0, last)) as BlockContent[];
    const tail = children[children.length - 1];
    if (!tail) unsupported('empty list item');
    const itemSpread = children.some((c, n) => n > 0 && c.position!.start.line - children[n - 1].position!.end.line > 1);
    if (task && children[0].type !== 'paragraph') unsupported('task list item');
    items.push({ type: 'listItem', spread: itemSpread, checked: task ? task[1] !== ' ' : null, children, position: src.position(lines[j].s, tail.position!.end.offset!) });
    j = k;
    if (j < lines.length && blankAfter === 0) {
      // A line right after an item's text that is not indented: another item, or a lazy line.
      const next = ordered ? ORDERED.exec(text(src, lines[j])) : BULLET.exec(text(src, lines[j]));
      if (!next || (ordered ? next[2] : next[1]) !== kind) unsupported('lazy continuation or list interrupted');
    }
    if (j < lines.length && blankAfter > 0) {
      const next = ordered ? ORDERED.exec(text(src, lines[j])) : BULLET.exec(text(src, lines[j]));
      // The same kind of item goes on the list (now spread); another kind starts a new list.
      if (next && (ordered ? next[2] : next[1]) === kind) spread = true;
    }
  }
  const lastItem = items[items.length - 1];
  out.push({ type: 'list', ordered: Boolean(ordered), start: ordered ? Number(ordered[1]) : null, spread, children: items, position: src.position(lines[i].s, lastItem.position!.end.offset!) } satisfies List);
  return j;
}

function isTable(src: Source, lines: Line[], i: number): boolean {
  if (i + 1 >= lines.length) return false;
  const head = text(src, lines[i]);
  const delimiter = text(src, lines[i + 1]);
  const table = head.includes('|') && DELIMITER_ROW.test(delimiter) && (delimiter.includes('|') || head.includes('|'));
  // `- |--` starts a list item for micromark, not a table.
  if (table && BULLET.test(delimiter)) unsupported('table delimiter row that starts like a list item');
  return table;
}

function table(src: Source, lines: Line[], i: number, out: RootContent[]): number {
  const delimiter = text(src, lines[i + 1]);
  if (/^ |\\| $/.test(delimiter)) unsupported('table delimiter row');
  const align = splitRow(delimiter).map(([s, e]) => {
    const cell = delimiter.slice(s, e).trim();
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    return left && right ? 'center' : left ? 'left' : right ? 'right' : null;
  });
  const rows: Table['children'] = [];
  let j = i;
  for (; j < lines.length; j++) {
    if (j === i + 1) continue;
    const t = text(src, lines[j]);
    if (isBlank(t)) break;
    checkTabs(t);
    if (!t.includes('|') || /^ |\\| $/.test(t) || /^([#>~<{`:]|[-*+] |\d+[.)] )/.test(t)) unsupported('table row');
    const cells = splitRow(t);
    if (!cells.length || cells.length > align.length || (j === i && cells.length !== align.length)) unsupported('table cell count');
    const s = lines[j].s;
    const children: TableCell[] = cells.map(([a, b], n) => {
      // A cell spans from its pipe (or the row's start) to the next pipe; the last one takes the row's closing pipe.
      const start = n === 0 ? 0 : a - 1;
      const end = n === cells.length - 1 ? t.length : b;
      const raw = t.slice(a, b);
      const from = a + /^[ \t]*/.exec(raw)![0].length;
      const to = b - /[ \t]*$/.exec(raw)![0].length;
      return { type: 'tableCell', children: (from < to ? parseInline(src, s + from, s + to) : []) as PhrasingContent[], position: src.position(s + start, s + end) };
    });
    rows.push({ type: 'tableRow', children, position: src.position(s, lines[j].e) });
  }
  out.push({ type: 'table', align, children: rows, position: src.position(lines[i].s, lines[j - 1].e) } satisfies Table);
  return j;
}

/** A row's cells as [start, end) offsets within the row, outer pipes left out. */
function splitRow(t: string): [number, number][] {
  const cells: [number, number][] = [];
  let start = t.startsWith('|') ? 1 : 0;
  for (let p = start; p < t.length; p++) {
    if (t[p] !== '|') continue;
    cells.push([start, p]);
    start = p + 1;
  }
  if (start < t.length) cells.push([start, t.length]);
  return cells;
}
