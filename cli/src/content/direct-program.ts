import type { Element, ElementContent, Root, RootContent } from 'hast';
import type { MdxJsxFlowElementHast, MdxJsxTextElementHast } from 'mdast-util-mdx-jsx';
import type { ArrayExpression, CallExpression, Expression, ExportDefaultDeclaration, FunctionDeclaration, ObjectExpression, ObjectPattern, Program, Property, Statement, VariableDeclarator } from 'estree';
import { pageEsm, type PageEsm } from './direct-esm.js';
import { name as isIdentifierName } from 'estree-util-is-identifier-name';
import { find, hastToReact, html } from 'property-information';
import { stringify as commas } from 'comma-separated-tokens';
import { stringify as spaces } from 'space-separated-tokens';

/**
 * What MDX's last steps (rehype-recma, recma-document, recma-jsx-rewrite, recma-build-jsx)
 * make of a page's final tree, built straight from that tree: the `_components` defaults,
 * the components taken from them, and the expression `_createMdxContent` returns. Those
 * steps turn the tree into JSX, walk it three times and rewrite it into `_jsx` calls, and the
 * printer then walks the result twice more: 40 % of a page's compile, where a page of
 * markdown elements, text, JSX elements and components with literal attributes, imports and
 * exported declarations (direct-esm.ts) needs one pass to build and one to print
 * (direct-print.ts). Anything else (an expression, a default export, a re-export, JSX in an
 * export, `<A.B>`, a comment, a style, svg) returns null and takes MDX's own path. The
 * result prints to MDX's code byte for byte (test/engine/direct-program.test.ts compares
 * them, over whole sites too with DOCGEN_DIRECT=0 as the other side).
 */
export interface DirectContent {
  /** The JSX runtime's exports used, in MDX's order (Fragment, jsx, jsxs). */
  runtime: string[];
  /** `_components`' initial value, or null when the page uses no element. */
  components: ObjectExpression | null;
  /** What `_createMdxContent` returns. */
  root: Expression;
  /** The page's imports and exports (direct-esm.ts), placed after the runtime's import. */
  esm: PageEsm['statements'];
  /** Components the page uses and neither imports nor defines: taken from `_components`, checked. */
  missing: string[];
}

export function directContent(tree: Root): DirectContent | null {
  // Imports and exports first: a component the page imports below its use is in scope too.
  const esm = pageEsm(tree.children.filter((c) => c.type === 'mdxjsEsm') as never);
  if (!esm) return null;
  const state: State = { tags: new Set(), jsxs: false, scope: esm.scope, missing: new Set() };
  const children: Expression[] = [];
  // As rehype-recma: whitespace-only text at the start and end of the page is dropped.
  let queue: Expression[] | null = null;
  for (const child of tree.children) {
    if (child.type === 'mdxjsEsm') continue;
    const value = node(child, state);
    if (value === null) return null;
    if (value === undefined) continue;
    if (child.type === 'text' && /^[ \t\n\f\r]*$/.test(child.value)) queue?.push(value);
    else {
      if (queue) children.push(...queue);
      children.push(value);
      queue = [];
    }
  }
  // As recma-document: a page of one element returns that element, not a fragment of it.
  const single = children.length === 1 && children[0].type === 'CallExpression';
  const root = single ? children[0] : call(state, { type: 'Identifier', name: '_Fragment' }, [], children);
  let components: ObjectExpression | null = null;
  if (state.tags.size) {
    const defaults: ObjectExpression['properties'] = [...state.tags].sort().map((tag) => property(tag, literal(tag)));
    defaults.push({ type: 'SpreadElement', argument: member('props', 'components') });
    components = { type: 'ObjectExpression', properties: defaults };
  }
  return { runtime: [...(single ? [] : ['Fragment']), 'jsx', ...(state.jsxs ? ['jsxs'] : [])], components, root, esm: esm.statements, missing: [...state.missing].sort() };
}

/**
 * The whole program around `content`, MDX's `MDXContent` wrapper (`document`) included. With
 * `placeholders`, `_components`' value and the returned expression are identifiers of those
 * names (direct-print.ts prints the program once per shape and puts the printed parts in).
 */
export function directProgram(content: DirectContent, mdx: MdxParts, placeholders?: { components: string; root: string }): Program {
  const statements: Array<Program['body'][number]> = [];
  // As recma-jsx-rewrite: `const _components = {…}, {A, B} = _components;`, then a check per missing component.
  const declarators: VariableDeclarator[] = [];
  if (content.components) {
    const init: Expression = placeholders ? { type: 'Identifier', name: placeholders.components } : content.components;
    declarators.push({ type: 'VariableDeclarator', id: { type: 'Identifier', name: '_components' }, init });
  }
  if (content.missing.length) {
    const from: Expression = content.components ? { type: 'Identifier', name: '_components' } : { type: 'LogicalExpression', operator: '||', left: member('props', 'components'), right: { type: 'ObjectExpression', properties: [] } };
    const pattern: ObjectPattern = {
      type: 'ObjectPattern',
      properties: content.missing.map((name) => ({ type: 'Property', kind: 'init', key: { type: 'Identifier', name }, value: { type: 'Identifier', name }, method: false, shorthand: true, computed: false })),
    };
    declarators.push({ type: 'VariableDeclarator', id: pattern, init: from });
  }
  if (declarators.length) statements.push({ type: 'VariableDeclaration', kind: 'const', declarations: declarators });
  for (const name of content.missing) {
    statements.push({
      type: 'IfStatement',
      test: { type: 'UnaryExpression', operator: '!', prefix: true, argument: { type: 'Identifier', name } },
      consequent: { type: 'ExpressionStatement', expression: { type: 'CallExpression', callee: { type: 'Identifier', name: '_missingMdxReference' }, arguments: [literal(name), literal(true)], optional: false } },
      alternate: undefined,
    } as Program['body'][number]);
  }
  statements.push({ type: 'ReturnStatement', argument: placeholders ? { type: 'Identifier', name: placeholders.root } : content.root });
  const body: Program['body'] = [];
  body.push({
    type: 'ImportDeclaration',
    specifiers: content.runtime.map((name) => ({ type: 'ImportSpecifier', imported: { type: 'Identifier', name }, local: { type: 'Identifier', name: `_${name}` } })),
    source: literal('react/jsx-runtime'),
  } as Program['body'][number]);
  body.push(...content.esm);
  body.push({
    type: 'FunctionDeclaration',
    id: { type: 'Identifier', name: '_createMdxContent' },
    params: [{ type: 'Identifier', name: 'props' }],
    body: { type: 'BlockStatement', body: statements as Statement[] },
    async: false,
    generator: false,
  });
  body.push(mdx.document);
  if (content.missing.length) body.push(mdx.missingHelper);
  return { type: 'Program', sourceType: 'module', body };
}

/** What every page's program takes from MDX itself (direct-stage.ts captures them once per thread). */
export interface MdxParts {
  /** `export default function MDXContent(props = {}) {…}` */
  document: ExportDefaultDeclaration;
  /** `function _missingMdxReference(id, component) {…}` */
  missingHelper: FunctionDeclaration;
}

interface State {
  /** Element names used (`_components`' defaults). */
  tags: Set<string>;
  /** Names the page's imports and exports declare. */
  scope: Set<string>;
  /** Components used that are not in scope. */
  missing: Set<string>;
  /** Whether an element has more than one child (`_jsxs`). */
  jsxs: boolean;
}

type Child = RootContent | ElementContent;

/** One node as its expression; undefined for nothing (empty text), null for a node only MDX's path handles. */
function node(child: Child, state: State): Expression | undefined | null {
  switch (child.type) {
    case 'text':
      return child.value ? literal(child.value) : undefined;
    case 'element':
      return element(child, state);
    case 'mdxJsxFlowElement':
    case 'mdxJsxTextElement':
      return jsxElement(child as MdxJsxFlowElementHast | MdxJsxTextElementHast, state);
    default:
      return null;
  }
}

/** A tag name rewritten to `_components.<name>` (lowercase identifiers only; others take MDX's path). */
const TAG = /^[a-z][a-zA-Z0-9]*$/;
/** A component written in the page (MDX: an identifier not starting lowercase); `A.B` takes MDX's path. */
const COMPONENT = /^[A-Z_$][\w$]*$/;
const TABLE_CELL = new Set(['td', 'th']);
/** As rehype-recma: line breaks between a table's parts are not its children. */
const TABLE_PARTS = new Set(['table', 'tbody', 'thead', 'tfoot', 'tr']);

function element(el: Element, state: State): Expression | null {
  if (!TAG.test(el.tagName) || el.tagName === 'svg') return null;
  const props: Property[] = [];
  let align: string | undefined;
  for (const key of Object.keys(el.properties)) {
    let value = el.properties[key];
    const info = find(html, key);
    if (value === null || value === undefined || value === false || (typeof value === 'number' && Number.isNaN(value)) || (!value && info.boolean)) continue;
    const name = info.space ? hastToReact[info.property] || info.property : info.attribute;
    if (Array.isArray(value)) value = info.commaSeparated ? commas(value) : spaces(value);
    // A style is parsed into an object, and `key` leaves the props: MDX's path does both.
    if (name === 'style' || name === 'key') return null;
    if (value !== true && TABLE_CELL.has(el.tagName) && name === 'align') {
      align = String(value);
      continue;
    }
    props.push(property(name, value === true ? literal(true) : literal(String(value))));
  }
  // As rehype-recma's tableCellAlignToStyle (on in MDX): a cell's align becomes its style.
  if (align !== undefined) props.push(property('style', { type: 'ObjectExpression', properties: [property('textAlign', literal(align))] }));
  return tagCall(el.tagName, props, el.children, state, TABLE_PARTS.has(el.tagName));
}

/**
 * JSX a docgen plugin added (an admonition), rewritten to `_components.<name>` as markdown's
 * elements are; or an HTML tag written in the page (`<details>`), which MDX leaves as it is.
 * Components written in the page (capitalised) take MDX's path.
 */
function jsxElement(el: MdxJsxFlowElementHast | MdxJsxTextElementHast, state: State): Expression | null {
  const component = el.name !== null && el.name !== undefined && COMPONENT.test(el.name);
  if (!el.name || (!component && !TAG.test(el.name))) return null;
  const props: Property[] = [];
  for (const attribute of el.attributes) {
    if (attribute.type !== 'mdxJsxAttribute' || (attribute.value !== null && attribute.value !== undefined && typeof attribute.value !== 'string')) return null;
    if (!isIdentifierName(attribute.name, { jsx: true }) || attribute.name.includes(':') || attribute.name === 'key') return null;
    props.push(property(attribute.name, attribute.value === null || attribute.value === undefined ? literal(true) : literal(attribute.value)));
  }
  if (component) {
    const children = childrenOf(el.children as ElementContent[], state, false);
    if (!children) return null;
    if (!state.scope.has(el.name)) state.missing.add(el.name);
    return call(state, { type: 'Identifier', name: el.name }, props, children);
  }
  const written = (el.data as { _mdxExplicitJsx?: boolean } | undefined)?._mdxExplicitJsx === true;
  return tagCall(el.name, props, el.children as ElementContent[], state, false, written);
}

function tagCall(tag: string, props: Property[], kids: ElementContent[], state: State, dropLineBreaks: boolean, written = false): Expression | null {
  const children = childrenOf(kids, state, dropLineBreaks);
  if (!children) return null;
  if (written) return call(state, literal(tag), props, children);
  state.tags.add(tag);
  return call(state, member('_components', tag), props, children);
}

function childrenOf(kids: ElementContent[], state: State, dropLineBreaks: boolean): Expression[] | null {
  const children: Expression[] = [];
  for (const kid of kids) {
    if (dropLineBreaks && kid.type === 'text' && kid.value === '\n') continue;
    const value = node(kid, state);
    if (value === null) return null;
    if (value !== undefined) children.push(value);
  }
  return children;
}

/** `_jsx(type, {...props, children})`, or `_jsxs` with an array of two or more children. */
function call(state: State, type: Expression, props: Property[], children: Expression[]): CallExpression {
  if (children.length > 1) state.jsxs = true;
  if (children.length === 1) props.push(property('children', children[0]));
  else if (children.length > 1) props.push(property('children', { type: 'ArrayExpression', elements: children } satisfies ArrayExpression));
  return {
    type: 'CallExpression',
    callee: { type: 'Identifier', name: children.length > 1 ? '_jsxs' : '_jsx' },
    arguments: [type, { type: 'ObjectExpression', properties: props }],
    optional: false,
  };
}

function property(name: string, value: Expression | ObjectExpression): Property {
  return {
    type: 'Property',
    kind: 'init',
    key: isIdentifierName(name) ? { type: 'Identifier', name } : literal(name),
    value,
    method: false,
    shorthand: false,
    computed: false,
  };
}

function member(object: string, name: string): Expression {
  return { type: 'MemberExpression', object: { type: 'Identifier', name: object }, property: { type: 'Identifier', name }, computed: false, optional: false };
}

function literal(value: string | boolean) {
  return { type: 'Literal' as const, value };
}
