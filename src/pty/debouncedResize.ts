// Coalescing a burst of resize requests (a dragged terminal edge) into one PTY resize.

import { RESIZE_DEBOUNCE_MS } from '../limits.js';
import type { Disposable } from './ptyProcess.js';

/** The clock used for the delay; tests pass a fake one. */
export interface ResizeTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface DebouncedResize extends Disposable {
  /** Asks for a size; the last request within delayMs of the first waiting one is applied then. */
  request(cols: number, rows: number): void;
  /** Applies a waiting request now (e.g. before the first frame of a new client). */
  flush(): void;
}

export interface DebouncedResizeOptions {
  delayMs?: number;
  timers?: ResizeTimers;
}

const realTimers: ResizeTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** 0×0, negative or non-finite sizes come from hidden or broken clients and are dropped. */
export function isDegenerateSize(cols: number, rows: number): boolean {
  return !Number.isFinite(cols) || !Number.isFinite(rows) || cols < 1 || rows < 1;
}

export function debounceResize(
  apply: (cols: number, rows: number) => void,
  { delayMs = RESIZE_DEBOUNCE_MS, timers = realTimers }: DebouncedResizeOptions = {},
): DebouncedResize {
  let wanted: { cols: number; rows: number } | undefined;
  let applied: { cols: number; rows: number } | undefined;
  let timer: unknown;
  let disposed = false;

  const flush = (): void => {
    if (timer !== undefined) timers.clearTimeout(timer);
    timer = undefined;
    if (!wanted || disposed) return;
    const size = wanted;
    wanted = undefined;
    if (applied && applied.cols === size.cols && applied.rows === size.rows) return;
    applied = size;
    apply(size.cols, size.rows);
  };

  return {
    request(cols, rows) {
      if (disposed || isDegenerateSize(cols, rows)) return;
      wanted = { cols: Math.floor(cols), rows: Math.floor(rows) };
      // The timer is not restarted: a drag that never pauses still resizes every delayMs.
      timer ??= timers.setTimeout(flush, delayMs);
    },
    flush,
    dispose() {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      wanted = undefined;
      disposed = true;
    },
  };
}
