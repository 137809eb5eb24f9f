// unist-util-visit and unist-util-visit-parents with the same behaviour, at a fraction of the
// cost. build-cli.mjs aliases both packages to this file in the bundled MDX toolchain, so every
// remark/rehype plugin (ours, remark-gfm's, rehype-highlight's, MDX's own) walks with it.
// Profiled on the bench corpus, the originals took about a fifth of a compile: per node they
// define a function's `name` (for debugging), make a closure and, in `visit`, look the node up
// in its parent with `indexOf` (quadratic in a wide parent). Here a node gets none of these;
// ancestor arrays are still made once per parent, as callers may keep them.
// cli/test/engine/fast-visit.test.ts compares both on random trees and visitor actions.
import { convert } from 'unist-util-is';

/* eslint-disable @typescript-eslint/no-explicit-any */
type Node = any;
type Action = boolean | 'skip' | undefined | void;
type Result = [Action?, number?];

export const CONTINUE = true;
export const EXIT = false;
export const SKIP = 'skip';

const EMPTY: Result = [];

function toResult(value: unknown): Result {
  if (Array.isArray(value)) return value as Result;
  if (typeof value === 'number') return [CONTINUE, value];
  return value === null || value === undefined ? EMPTY : [value as Action];
}

function checkTree(tree: unknown): void {
  if (!tree || typeof tree !== 'object') throw new Error('Unexpected value `' + tree + '` for `tree`, expected node');
}

/** `visitParents(tree, [test], visitor | { enter, exit }, [reverse])`: visitor(node, ancestors). */
export function visitParents(tree: Node, testOrVisitors: any, visitorsOrReverse?: any, maybeReverse?: boolean): void {
  checkTree(tree);
  let check: any;
  let visitors: any;
  let reverse: boolean | undefined;
  if (typeof visitorsOrReverse === 'function' || (visitorsOrReverse && typeof visitorsOrReverse === 'object')) {
    check = testOrVisitors;
    visitors = visitorsOrReverse;
    reverse = maybeReverse;
  } else {
    visitors = testOrVisitors;
    reverse = visitorsOrReverse;
  }
  let enter: ((node: Node, parents: Node[], index?: number) => unknown) | undefined;
  let exit: typeof enter;
  if (typeof visitors === 'function') enter = visitors;
  else if (visitors && typeof visitors === 'object') {
    if (visitors.enter !== null && visitors.enter !== undefined) {
      if (typeof visitors.enter !== 'function') throw new Error('Unexpected value `' + visitors.enter + '` for `visitors.enter`, expected optional visitor');
      enter = visitors.enter;
    }
    if (typeof visitors.exit !== 'function') throw new Error('Unexpected value `' + visitors.exit + '` for `visitors.exit`, expected visitor (pass a visitor directly if you only want an enter visitor)');
    exit = visitors.exit;
  } else throw new Error('Unexpected value `' + visitors + '` for `enter` or `visitors`, expected visitor or object with visitors');
  const is = convert(check);
  const step = reverse ? -1 : 1;

  const walk = (node: Node, index: number | undefined, parents: Node[]): Result => {
    const matches = !check || is(node, index, parents[parents.length - 1] || undefined);
    let result = EMPTY;
    if (enter && matches) {
      result = toResult(enter(node, parents, index));
      if (result[0] === EXIT) return result;
    }
    const children = 'children' in node && node.children;
    if (children && result[0] !== SKIP) {
      let offset = (reverse ? node.children.length : -1) + step;
      const grandparents = [...parents, node];
      while (offset > -1 && offset < node.children.length) {
        const sub = walk(node.children[offset], offset, grandparents);
        if (sub[0] === EXIT) return sub;
        offset = typeof sub[1] === 'number' ? sub[1] : offset + step;
      }
    }
    if (exit && matches) {
      const exitResult = toResult(exit(node, parents, index));
      if (exitResult[0] === SKIP) throw new Error('Unexpected value `' + exitResult[0] + '` from `exit`, expected `CONTINUE`, `EXIT`, index, or nothing');
      if (exitResult[0] === EXIT || typeof exitResult[1] === 'number') return exitResult;
    }
    return result;
  };
  walk(tree, undefined, []);
}

/** `visit(tree, [test], visitor, [reverse])`: visitor(node, index, parent). */
export function visit(tree: Node, testOrVisitor: any, visitorOrReverse?: any, maybeReverse?: boolean): void {
  checkTree(tree);
  let check: any;
  let visitor: (node: Node, index?: number, parent?: Node) => unknown;
  let reverse: boolean | undefined;
  if (typeof testOrVisitor === 'function' && typeof visitorOrReverse !== 'function') {
    visitor = testOrVisitor;
    reverse = visitorOrReverse;
  } else {
    check = testOrVisitor;
    visitor = visitorOrReverse;
    reverse = maybeReverse;
  }
  const is = convert(check);
  const step = reverse ? -1 : 1;

  const walk = (node: Node, index: number | undefined, parent: Node): Result => {
    let result = EMPTY;
    if (!check || is(node, index, parent)) {
      result = toResult(visitor(node, index, parent));
      if (result[0] === EXIT) return result;
    }
    const children = 'children' in node && node.children;
    if (children && result[0] !== SKIP) {
      let offset = (reverse ? node.children.length : -1) + step;
      while (offset > -1 && offset < node.children.length) {
        const sub = walk(node.children[offset], offset, node);
        if (sub[0] === EXIT) return sub;
        offset = typeof sub[1] === 'number' ? sub[1] : offset + step;
      }
    }
    return result;
  };
  walk(tree, undefined, undefined);
}
