// Back-pressure from a pane's emulator to its PTY: a flooding program is paused, never buffered without bound.

import { FLOW_HIGH_WATERMARK, FLOW_LOW_WATERMARK } from '../limits.js';
import type { Disposable, PtyProcess } from './ptyProcess.js';

/** Where PTY output goes; `done` is called once the data has been consumed (xterm's `write(data, callback)`). */
export interface FlowSink {
  write(data: Buffer, done: () => void): void;
}

export interface FlowControl extends Disposable {
  /** Bytes handed to the sink and not yet acknowledged. */
  readonly pendingBytes: number;
  /** True while this flow control holds the PTY paused. */
  readonly paused: boolean;
}

export interface Watermarks {
  high: number;
  low: number;
}

export type FlowSource = Pick<PtyProcess, 'onData' | 'pause' | 'resume'>;

/** Forwards every chunk from `source` to `sink`, pausing above `high` pending bytes and resuming below `low`. */
export function connectFlowControl(
  source: FlowSource,
  sink: FlowSink,
  { high, low }: Watermarks = { high: FLOW_HIGH_WATERMARK, low: FLOW_LOW_WATERMARK },
): FlowControl {
  if (!(low < high)) throw new Error(`flow control needs low < high watermark, got low=${low} high=${high}`);
  let pending = 0;
  let paused = false;
  let disposed = false;

  const acknowledge = (bytes: number): void => {
    if (disposed) return;
    pending -= bytes;
    if (paused && pending < low) {
      paused = false;
      source.resume();
    }
  };

  const subscription = source.onData((data) => {
    if (disposed) return;
    const bytes = data.length;
    pending += bytes;
    let acknowledged = false;
    sink.write(data, () => {
      if (acknowledged) return; // a callback called twice must not free bytes twice
      acknowledged = true;
      acknowledge(bytes);
    });
    if (!paused && pending > high) {
      paused = true;
      source.pause();
    }
  });

  return {
    get pendingBytes() {
      return pending;
    },
    get paused() {
      return paused;
    },
    dispose() {
      if (disposed) return;
      disposed = true;
      subscription.dispose();
      // Nothing will acknowledge any more: a PTY left paused would hang its program forever.
      if (paused) source.resume();
      paused = false;
    },
  };
}
