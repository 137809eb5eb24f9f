// The small part of the DOM the compatibility bench reads (querySelector(All) with simple
// selectors, getAttribute, matches, remove, textContent), over parse5's tree. A page is plain
// objects, dropped with its last reference: happy-dom kept every parsed page's memory alive
// and ran the bench out of heap on a few hundred pages (n8n-brasil).
import { parse } from 'parse5';

class Element {
  constructor(tagName, attrs, parent) {
    this.nodeType = 1;
    this.tagName = tagName.toUpperCase();
    this.attrs = new Map(attrs.map((a) => [a.name, a.value]));
    this.parentElement = parent;
    this.childNodes = [];
  }

  getAttribute(name) {
    return this.attrs.has(name) ? this.attrs.get(name) : null;
  }

  get textContent() {
    let out = '';
    for (const c of this.childNodes) out += c.textContent;
    return out;
  }

  remove() {
    if (!this.parentElement) return;
    const siblings = this.parentElement.childNodes;
    siblings.splice(siblings.indexOf(this), 1);
    this.parentElement = null;
  }

  matches(selector) {
    return parseSelector(selector).some((complex) => matchesComplex(this, complex));
  }

  querySelectorAll(selector) {
    const list = parseSelector(selector);
    const out = [];
    const walk = (node) => {
      for (const c of node.childNodes) {
        if (c.nodeType !== 1) continue;
        if (list.some((complex) => matchesComplex(c, complex))) out.push(c);
        walk(c);
      }
    };
    walk(this);
    return out;
  }

  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

class Text {
  constructor(value) {
    this.nodeType = 3;
    this.textContent = value;
  }
}

/** An HTML document as an Element tree (comments and doctype dropped). */
export function parseHtml(html) {
  const root = new Element('#document', [], null);
  const convert = (node, parent) => {
    for (const c of node.childNodes ?? []) {
      if (c.nodeName === '#text') parent.childNodes.push(new Text(c.value));
      else if (c.tagName) {
        const el = new Element(c.tagName, c.attrs, parent === root ? null : parent);
        parent.childNodes.push(el);
        convert(c.nodeName === 'template' ? c.content : c, el);
      }
    }
  };
  convert(parse(html), root);
  return root;
}

const cache = new Map();

/** 'a.x, nav .y[role="z"]' → per complex selector, its compounds from left to right. */
function parseSelector(selector) {
  let list = cache.get(selector);
  if (list) return list;
  list = selector.split(',').map((complex) => complex.trim().split(/\s+/).map(parseCompound));
  cache.set(selector, list);
  return list;
}

function parseCompound(text) {
  const compound = { tag: null, classes: [], attrs: [] };
  const re = /^(\*|[a-zA-Z][\w-]*)|\.([\w-]+)|#([\w-]+)|\[([\w-]+)(?:([*^$]?=)"([^"]*)")?\]/g;
  let m;
  let at = 0;
  while ((m = re.exec(text))) {
    if (m.index !== at) break;
    at = re.lastIndex;
    if (m[1]) compound.tag = m[1] === '*' ? null : m[1].toUpperCase();
    else if (m[2]) compound.classes.push(m[2]);
    else if (m[3]) compound.attrs.push({ name: 'id', op: '=', value: m[3] });
    else compound.attrs.push({ name: m[4], op: m[5] ?? null, value: m[6] });
  }
  if (at !== text.length) throw new Error(`mini-dom: unsupported selector "${text}"`);
  return compound;
}

function matchesCompound(el, c) {
  if (c.tag && el.tagName !== c.tag) return false;
  if (c.classes.length) {
    const classes = (el.getAttribute('class') ?? '').split(/\s+/);
    if (!c.classes.every((k) => classes.includes(k))) return false;
  }
  for (const a of c.attrs) {
    const v = el.getAttribute(a.name);
    if (v === null) return false;
    if (a.op === '=' && v !== a.value) return false;
    if (a.op === '*=' && !v.includes(a.value)) return false;
    if (a.op === '^=' && !v.startsWith(a.value)) return false;
    if (a.op === '$=' && !v.endsWith(a.value)) return false;
  }
  return true;
}

/** Descendant combinators only: the last compound on the element, the others on ancestors in order. */
function matchesComplex(el, compounds) {
  if (!matchesCompound(el, compounds[compounds.length - 1])) return false;
  let i = compounds.length - 2;
  for (let n = el.parentElement; n && i >= 0; n = n.parentElement) if (matchesCompound(n, compounds[i])) i--;
  return i < 0;
}
