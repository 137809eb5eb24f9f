import type { DevProblem as OverlayProblem } from '../messages.js';
import { devString as translate } from './strings';

/**
 * The error overlay of `docgen dev`: the problems the terminal printed, over the page, in the
 * site's language (the theme's pt-BR strings), with a hint that fits the site when one is known.
 */

const HOST_ID = 'docgen-dev-overlay';

const STYLE = `
:host { all: initial; }
.backdrop { position: fixed; inset: 0; z-index: 2147483647; background: rgba(0,0,0,.55); display: flex; align-items: flex-start; justify-content: center; overflow: auto; }
.panel { margin: 6vh 1rem; max-width: 60rem; width: 100%; background: #1e1e1e; color: #eee; border-top: 4px solid #ff5252; border-radius: 6px; padding: 1.25rem 1.5rem; font: 14px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; box-shadow: 0 10px 40px rgba(0,0,0,.5); }
h2 { margin: 0 0 .75rem; font-size: 1rem; color: #ff8a80; }
.problem { margin: 0 0 1rem; white-space: pre-wrap; word-break: break-word; }
.where { color: #82b1ff; }
.hint { color: #aaa; font-size: 12px; }
.fix { color: #b9f6ca; }
button { float: right; background: none; border: 1px solid #666; color: #eee; border-radius: 4px; cursor: pointer; font: inherit; padding: 0 .5rem; }
`;

/** Shows the problems (replacing any shown before), or removes the overlay when there are none. */
export function showProblems(problems: OverlayProblem[]): void {
  document.getElementById(HOST_ID)?.remove();
  if (problems.length === 0) return;
  const host = document.createElement('div');
  host.id = HOST_ID;
  host.setAttribute('data-problems', String(problems.length));
  // A shadow root keeps the site's CSS out of the overlay and the overlay's out of the site.
  const root = host.attachShadow({ mode: 'open' });
  const style = document.createElement('style');
  style.textContent = STYLE;
  const backdrop = el('div', 'backdrop');
  const panel = el('div', 'panel');
  const close = el('button', '', '×');
  close.title = translate('devOverlay.hide');
  close.setAttribute('aria-label', close.title);
  close.addEventListener('click', () => host.remove());
  panel.append(close, el('h2', '', problems.length === 1 ? translate('devOverlay.title.one') : translate('devOverlay.title.other', { count: problems.length })));
  for (const p of problems) {
    const item = el('pre', 'problem');
    const where = p.file ? `${p.file}${p.line ? `:${p.line}:${p.column ?? 1}` : ''}` : '';
    if (where) item.append(el('span', 'where', where), document.createTextNode(`\n${p.message}`));
    else item.textContent = p.text;
    if (p.hint) item.append(document.createTextNode('\n'), el('span', 'fix', p.hint));
    panel.append(item);
  }
  panel.append(el('div', 'hint', translate('devOverlay.footer')));
  backdrop.append(panel);
  root.append(style, backdrop);
  (document.body ?? document.documentElement).append(host);
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
