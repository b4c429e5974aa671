// Frames are paced under load, but an echo of the user's key is never held by the pacer.

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BIG_FRAME_INTERVAL_MS, ECHO_WINDOW_MS, FRAME_INTERVAL_MS } from '../../../src/limits.js';
import { FramePacer } from '../../../src/server/session/framePacer.js';

let clock = 0;
let small = true;
let backedUp = false;
let paints: number[] = [];
let drained: (() => void) | undefined;
let drawable = true;

function pacer(): FramePacer {
  return new FramePacer({
    paint: () => {
      paints.push(clock);
      return true;
    },
    isSmall: () => small,
    canDraw: () => drawable,
    isBackedUp: () => backedUp,
    onceDrained: (resume) => {
      drained = resume;
    },
    now: () => clock,
  });
}

/** Moves the fake clock and the timers together. */
function advance(ms: number): void {
  for (let i = 0; i < ms; i++) {
    clock += 1;
    vi.advanceTimersByTime(1);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  clock = 1000;
  small = true;
  backedUp = false;
  paints = [];
  drained = undefined;
  drawable = true;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('FramePacer', () => {
  it('paints at once when quiet, then at most one frame per interval', () => {
    const p = pacer();
    p.request();
    expect(paints).toEqual([1000]);
    advance(5);
    p.request();
    p.request();
    expect(paints).toEqual([1000]);
    advance(FRAME_INTERVAL_MS - 5);
    expect(paints).toEqual([1000, 1000 + FRAME_INTERVAL_MS]);
  });

  it('draws a small echo of a key at once, even right after another frame', () => {
    const p = pacer();
    p.request();
    advance(3);
    p.noteInput();
    advance(1);
    p.request();
    expect(paints).toEqual([1000, 1004]);
  });

  it('paces big frames at the longer interval, even after a key', () => {
    const p = pacer();
    p.request();
    advance(3);
    p.noteInput();
    small = false;
    p.request();
    expect(paints).toEqual([1000]);
    advance(FRAME_INTERVAL_MS);
    expect(paints).toEqual([1000]);
    advance(BIG_FRAME_INTERVAL_MS - FRAME_INTERVAL_MS - 3);
    expect(paints).toEqual([1000, 1000 + BIG_FRAME_INTERVAL_MS]);
  });

  it('keeps a frame that grew big while it waited to the big frames\' interval', () => {
    const p = pacer();
    p.request();
    advance(2);
    p.request(); // small: due at the short interval
    small = false;
    advance(FRAME_INTERVAL_MS);
    expect(paints).toEqual([1000]);
    advance(BIG_FRAME_INTERVAL_MS);
    expect(paints).toEqual([1000, 1000 + BIG_FRAME_INTERVAL_MS]);
  });

  it('moves the timer of a frame that grew big to the big interval instead of waking at the short one', () => {
    const fired: number[] = [];
    // Wrapped by hand and put back in `finally`, not with vi.spyOn: vi.restoreAllMocks after the file puts a
    // spied value back, here the fake clock's setTimeout after the clock was gone (tests/sharedProcess.ts).
    const fakeSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((callback: () => void, ms?: number) =>
      fakeSetTimeout(() => {
        fired.push(clock);
        callback();
      }, ms)) as typeof setTimeout;
    try {
      const p = pacer();
      p.request();
      advance(2);
      p.request(); // small: due at the short interval
      small = false;
      p.request(); // four panes' frames have arrived: big now
      advance(BIG_FRAME_INTERVAL_MS);
      expect(paints).toEqual([1000, 1000 + BIG_FRAME_INTERVAL_MS]);
      expect(fired).toEqual([1000 + BIG_FRAME_INTERVAL_MS]);
    } finally {
      globalThis.setTimeout = fakeSetTimeout;
    }
  });

  it('paces small frames without a key like any other', () => {
    const p = pacer();
    p.request();
    expect(paints).toHaveLength(1);
    advance(ECHO_WINDOW_MS + 1);
    p.request();
    advance(2);
    p.request();
    expect(paints).toHaveLength(2); // no key for a while: a small frame waits for its interval like any other
  });

  it('paints nothing while every change waits in a held pane, and paints when asked after the hold', () => {
    const p = pacer();
    drawable = false;
    p.request();
    advance(BIG_FRAME_INTERVAL_MS * 3);
    expect(paints).toEqual([]);
    drawable = true;
    p.request();
    expect(paints).toEqual([clock]);
  });

  it('skips frames while the client is backed up, and paints once it drains (saying which it does)', () => {
    const p = pacer();
    expect(p.skipping).toBe(false);
    backedUp = true;
    p.request();
    p.request();
    expect(paints).toEqual([]);
    expect(p.skipping).toBe(true);
    backedUp = false;
    drained?.();
    expect(paints).toEqual([1000]);
    expect(p.skipping).toBe(false);
  });
});
