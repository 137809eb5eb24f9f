// The bundled MDX toolchain walks trees with content/fast-visit.ts instead of
// unist-util-visit(-parents) (build-cli.mjs aliases them): the same calls, in the same order,
// with the same arguments and the same effect of every visitor result, on random trees whose
// visitors skip, stop, jump, remove and insert nodes as real plugins do.
import { describe, expect, it } from 'vitest';
import * as original from 'unist-util-visit';
import * as originalParents from 'unist-util-visit-parents';
import * as fast from '../../src/content/fast-visit.js';

interface N { type: string; id: number; children?: N[] }

function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function randomTree(r: () => number): N {
  let id = 0;
  const TYPES = ['paragraph', 'text', 'code', 'heading', 'list'];
  const make = (depth: number): N => {
    const node: N = { type: TYPES[Math.floor(r() * TYPES.length)], id: id++ };
    if (depth < 4 && r() < 0.6) node.children = Array.from({ length: Math.floor(r() * 5) }, () => make(depth + 1));
    return node;
  };
  return { type: 'root', id: id++, children: Array.from({ length: 3 + Math.floor(r() * 4) }, () => make(1)) };
}

/** A visitor whose choices depend only on the seed and the call count, so both walks make the same ones. */
function actor(seed: number, log: unknown[], api: { SKIP: unknown; EXIT: unknown; CONTINUE: unknown }) {
  const r = rng(seed);
  let fresh = 1000;
  return (node: N, index: number | undefined, parent: N | undefined, ancestors?: N[]) => {
    log.push([node.id, index, parent?.id, ancestors?.map((a) => a.id)]);
    const x = r();
    if (x < 0.1) return api.SKIP;
    if (x < 0.12) return api.EXIT;
    if (x < 0.15) return api.CONTINUE;
    if (parent && index !== undefined) {
      if (x < 0.22) { parent.children!.splice(index, 1); return index; } // removed: go on at the same index
      if (x < 0.28) { parent.children!.splice(index + 1, 0, { type: 'text', id: fresh++ }); return [api.SKIP, index + 2]; }
      if (x < 0.32) return index + 2; // jump over the next sibling
    }
    return undefined;
  };
}

const clone = (t: N): N => JSON.parse(JSON.stringify(t));

describe('fast-visit (the toolchain\'s unist-util-visit)', () => {
  const tests: Array<string | ((n: N) => boolean) | undefined> = [undefined, 'text', ['paragraph', 'code'] as never, (n: N) => n.id % 2 === 0];

  it('visit: same calls and same resulting tree as unist-util-visit', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const tree = randomTree(rng(seed));
      const test = tests[seed % tests.length];
      const reverse = seed % 3 === 0;
      const a = clone(tree), b = clone(tree);
      const logA: unknown[] = [], logB: unknown[] = [];
      const va = actor(seed, logA, original), vb = actor(seed, logB, fast);
      if (test === undefined) { original.visit(a as never, va as never, reverse); fast.visit(b, vb, reverse); }
      else { original.visit(a as never, test as never, va as never, reverse); fast.visit(b, test, vb, reverse); }
      expect(logB).toEqual(logA);
      expect(b).toEqual(a);
    }
  });

  it('visitParents: same calls, ancestors and tree as unist-util-visit-parents, with enter and exit', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const tree = randomTree(rng(seed * 7));
      const test = tests[seed % tests.length];
      const a = clone(tree), b = clone(tree);
      const logA: unknown[] = [], logB: unknown[] = [];
      const wrap = (f: ReturnType<typeof actor>) => (node: N, ancestors: N[], index?: number) => f(node, index, ancestors[ancestors.length - 1], ancestors);
      const ea = wrap(actor(seed, logA, originalParents)), eb = wrap(actor(seed, logB, fast));
      const exitLog = (log: unknown[]) => (node: N) => { log.push(['exit', node.id]); return node.id % 11 === 0 ? originalParents.EXIT : undefined; };
      const visitorsA = seed % 2 ? { enter: ea, exit: exitLog(logA) } : ea;
      const visitorsB = seed % 2 ? { enter: eb, exit: exitLog(logB) } : eb;
      originalParents.visitParents(a as never, test as never, visitorsA as never, seed % 5 === 0);
      fast.visitParents(b, test, visitorsB, seed % 5 === 0);
      expect(logB).toEqual(logA);
      expect(b).toEqual(a);
    }
  });

  it('exports the same action values and rejects what the originals reject', () => {
    expect([fast.CONTINUE, fast.EXIT, fast.SKIP]).toEqual([originalParents.CONTINUE, originalParents.EXIT, originalParents.SKIP]);
    expect(() => fast.visit(null, () => undefined)).toThrow('Unexpected value `null` for `tree`, expected node');
    expect(() => fast.visitParents({ type: 'root' }, { enter: () => undefined })).toThrow(/expected visitor \(pass a visitor directly/);
    const skipOnExit = { enter: () => undefined, exit: () => fast.SKIP };
    expect(() => fast.visitParents({ type: 'root' }, skipOnExit)).toThrow(/from `exit`, expected `CONTINUE`, `EXIT`, index, or nothing/);
  });
});
