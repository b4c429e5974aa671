import v8 from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MEMORY_RELEASE_DELAY_MS, MEMORY_RELEASE_GROWTH_BYTES } from '../../../src/limits.js';
import { collectAndCompact } from '../../../src/server/process/compactingCollection.js';
import { MemoryRelease } from '../../../src/server/process/memoryRelease.js';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** A release over a fake heap whose size the test sets, on fake timers. */
function fakeRelease(canCollect = true) {
  vi.useFakeTimers();
  const heap = { size: 10 << 20 };
  const collect = vi.fn();
  const release = new MemoryRelease({ canCollect, collect, heapSize: () => heap.size, now: () => Date.now() });
  return { heap, collect, release };
}

describe('MemoryRelease', () => {
  it('collects once, when nothing has happened for a while after panes closed', () => {
    const { collect, release } = fakeRelease();
    release.noteFreed();
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS / 2);
    release.noteFreed();
    release.noteActivity();
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS - 1);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(collect).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(10 * MEMORY_RELEASE_DELAY_MS);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('waits while activity goes on', () => {
    const { collect, release } = fakeRelease();
    release.noteFreed();
    for (let i = 0; i < 20; i++) {
      vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS / 2);
      release.noteActivity();
    }
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('collects after activity only when the heap grew by the threshold since the last collection', () => {
    const { heap, collect, release } = fakeRelease();
    heap.size += MEMORY_RELEASE_GROWTH_BYTES - 1;
    release.noteActivity();
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS);
    expect(collect).not.toHaveBeenCalled();
    heap.size += 1;
    release.noteActivity();
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS);
    expect(collect).toHaveBeenCalledTimes(1);
    // Measured again after that collection: the same size is no growth any more.
    release.noteActivity();
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('leaves no timer behind once it settled, so an idle server is never woken', () => {
    const { release } = fakeRelease();
    release.noteFreed();
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does nothing when the process cannot collect garbage on request', () => {
    const { collect, release } = fakeRelease(false);
    release.noteFreed();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(MEMORY_RELEASE_DELAY_MS);
    expect(collect).not.toHaveBeenCalled();
  });
});

describe('collectAndCompact', () => {
  const global = globalThis as { gc?: () => void };
  const original = global.gc;
  afterEach(() => {
    global.gc = original;
  });

  it('asks V8 to compact for that one collection only, even when it fails', () => {
    const flags = vi.spyOn(v8, 'setFlagsFromString').mockImplementation(() => undefined);
    global.gc = vi.fn(() => {
      expect(flags).toHaveBeenLastCalledWith('--compact-on-every-full-gc');
      throw new Error('boom');
    });
    expect(() => collectAndCompact()).toThrow('boom');
    expect(global.gc).toHaveBeenCalledTimes(1);
    expect(flags).toHaveBeenLastCalledWith('--no-compact-on-every-full-gc');
  });

  it('does nothing without an exposed gc', () => {
    const flags = vi.spyOn(v8, 'setFlagsFromString');
    global.gc = undefined;
    collectAndCompact();
    expect(flags).not.toHaveBeenCalled();
  });
});
