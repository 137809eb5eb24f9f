import type { Point, Position } from 'unist';

/** Thrown when the fast parser meets anything it does not read exactly as micromark does. */
export class Unsupported extends Error {}

export const unsupported = (why: string): never => {
  throw new Unsupported(why);
};

/** The document with its line starts, to turn offsets into unist points. */
export class Source {
  readonly lineStarts: number[] = [0];

  constructor(readonly doc: string) {
    for (let i = doc.indexOf('\n'); i >= 0; i = doc.indexOf('\n', i + 1)) this.lineStarts.push(i + 1);
  }

  point(offset: number): Point {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1, offset };
  }

  position(start: number, end: number): Position {
    return { start: this.point(start), end: this.point(end) };
  }
}
