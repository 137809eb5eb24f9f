import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { markBusy, whenQuiet } from '../../src/dev/idle.js';

/** Whether `p` has settled, after the microtasks already queued. */
async function settled(p: Promise<unknown>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('whenQuiet (background work of docgen dev waits for a quiet moment)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits until nothing happened for a quarter of a second', async () => {
    vi.advanceTimersByTime(10_000); // long after any earlier activity: quiet at once
    expect(await settled(whenQuiet())).toBe(true);

    markBusy();
    const waiting = whenQuiet();
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(waiting)).toBe(false);
    markBusy(); // a save or a request meanwhile starts the quarter of a second again
    await vi.advanceTimersByTimeAsync(200);
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(await settled(waiting)).toBe(true);
  });

  it('runs the work anyway after five seconds of activity without a pause', async () => {
    markBusy();
    const waiting = whenQuiet();
    for (let t = 0; t < 4900; t += 100) {
      await vi.advanceTimersByTimeAsync(100);
      markBusy();
    }
    expect(await settled(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(150);
    expect(await settled(waiting)).toBe(true);
  });
});
