// Resize requests are coalesced per RESIZE_DEBOUNCE_MS and degenerate sizes never reach the PTY.

import { describe, expect, it } from 'vitest';
import { RESIZE_DEBOUNCE_MS } from '../../../src/limits.js';
import { debounceResize, type ResizeTimers } from '../../../src/pty/debouncedResize.js';

/** A clock the test moves by hand. */
function fakeTimers() {
  let now = 0;
  let nextId = 1;
  const pending = new Map<number, { at: number; callback: () => void }>();
  const timers: ResizeTimers & { advance(ms: number): void; count(): number } = {
    setTimeout(callback, ms) {
      const id = nextId++;
      pending.set(id, { at: now + ms, callback });
      return id;
    },
    clearTimeout(handle) {
      pending.delete(handle as number);
    },
    advance(ms) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at <= now) {
          pending.delete(id);
          timer.callback();
        }
      }
    },
    count: () => pending.size,
  };
  return timers;
}

function setup() {
  const timers = fakeTimers();
  const applied: Array<[number, number]> = [];
  const resize = debounceResize((cols, rows) => applied.push([cols, rows]), { timers });
  return { timers, applied, resize };
}

describe('debounceResize', () => {
  it('applies only the last size of a burst, RESIZE_DEBOUNCE_MS after the first request', () => {
    const { timers, applied, resize } = setup();
    resize.request(80, 24);
    resize.request(90, 30);
    resize.request(100, 40);
    timers.advance(RESIZE_DEBOUNCE_MS - 1);
    expect(applied).toEqual([]);
    timers.advance(1);
    expect(applied).toEqual([[100, 40]]);
  });

  it('keeps resizing during a drag that never pauses', () => {
    const { timers, applied, resize } = setup();
    for (let step = 0; step < 10; step++) {
      resize.request(80 + step, 24);
      timers.advance(RESIZE_DEBOUNCE_MS / 2);
    }
    expect(applied.length).toBeGreaterThanOrEqual(4);
    expect(applied.at(-1)?.[0]).toBeGreaterThanOrEqual(87);
  });

  it('drops 0×0, negative and non-finite sizes, and repeats of the size already applied', () => {
    const { timers, applied, resize } = setup();
    resize.request(0, 0);
    resize.request(-5, 10);
    resize.request(Number.NaN, 10);
    resize.request(80, Number.POSITIVE_INFINITY);
    expect(timers.count()).toBe(0);
    resize.request(80.9, 24.2);
    timers.advance(RESIZE_DEBOUNCE_MS);
    resize.request(80, 24);
    timers.advance(RESIZE_DEBOUNCE_MS);
    expect(applied).toEqual([[80, 24]]);
  });

  it('flush() applies a waiting size now; dispose() cancels it', () => {
    const { timers, applied, resize } = setup();
    resize.request(100, 30);
    resize.flush();
    expect(applied).toEqual([[100, 30]]);
    expect(timers.count()).toBe(0);
    resize.request(120, 40);
    resize.dispose();
    timers.advance(RESIZE_DEBOUNCE_MS);
    resize.request(130, 50);
    expect(applied).toEqual([[100, 30]]);
    expect(timers.count()).toBe(0);
  });
});
