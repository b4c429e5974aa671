import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMORY_RELEASE_DELAY_MS } from '../../../src/limits.js';
import { releaseMemorySoon } from '../../../src/server/memoryRelease.js';

const global = globalThis as { gc?: () => void };
const original = global.gc;

afterEach(() => {
  vi.useRealTimers();
  global.gc = original;
});

describe('releaseMemorySoon', () => {
  it('collects garbage once, a moment after the last of several pane closes', () => {
    vi.useFakeTimers();
    const gc = vi.fn();
    global.gc = gc;
    releaseMemorySoon();
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS / 2);
    releaseMemorySoon();
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS - 1);
    expect(gc).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(gc).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the process cannot collect garbage on request', () => {
    vi.useFakeTimers();
    global.gc = undefined;
    releaseMemorySoon();
    expect(vi.getTimerCount()).toBe(0);
  });
});
