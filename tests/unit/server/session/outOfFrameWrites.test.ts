// Bells, notifications and clipboard writes to a client whose terminal stopped reading are bounded:
// momentary ones are dropped, and only the newest clipboard write waits for the backlog to drain.

import { describe, expect, it } from 'vitest';
import { OutOfFrameWrites, type OutOfFrameSink } from '../../../../src/server/session/outOfFrameWrites.js';

const LIMIT = 100;

/** A client's queue: `backlog` is set by the test; drain() empties it and runs the waiting callbacks. */
class FakeSink implements OutOfFrameSink {
  written: string[] = [];
  queued = 0;
  private waiting: (() => void)[] = [];

  sendOutput(bytes: string): void {
    this.written.push(bytes);
  }
  backlog(): number {
    return this.queued;
  }
  onceDrained(callback: () => void): void {
    this.waiting.push(callback);
  }
  get waiters(): number {
    return this.waiting.length;
  }
  /** Empties the queue; `refilled` is what frames queued again before the callbacks ran. */
  drain(refilled = 0): void {
    this.queued = refilled;
    for (const callback of this.waiting.splice(0)) callback();
  }
}

/** Writes to a client whose queue is already over the limit. */
function backedUp(): { sink: FakeSink; writes: OutOfFrameWrites } {
  const sink = new FakeSink();
  sink.queued = LIMIT + 1;
  return { sink, writes: new OutOfFrameWrites(sink, LIMIT) };
}

describe('OutOfFrameWrites', () => {
  it('writes bells and clipboard writes at once while the client keeps up', () => {
    const sink = new FakeSink();
    const writes = new OutOfFrameWrites(sink, LIMIT);
    writes.momentary('\x07');
    writes.clipboard('clip-1');
    sink.queued = LIMIT; // at the limit is not over it
    writes.momentary('\x07');
    expect(sink.written).toEqual(['\x07', 'clip-1', '\x07']);
  });

  it('drops bells while backed up, and keeps only the newest clipboard write until it drains', () => {
    const { sink, writes } = backedUp();
    for (let i = 0; i < 1000; i++) {
      writes.momentary('\x07');
      writes.clipboard(`clip-${i}`);
    }
    expect(sink.written).toEqual([]);
    expect(sink.waiters).toBe(1); // one wait, however many writes came
    sink.drain();
    expect(sink.written).toEqual(['clip-999']);
  });

  it('keeps waiting when frames filled the queue again before the drain was seen', () => {
    const { sink, writes } = backedUp();
    writes.clipboard('first');
    sink.drain(LIMIT + 50);
    expect(sink.written).toEqual([]);
    expect(sink.waiters).toBe(1);
    writes.clipboard('second');
    expect(sink.waiters).toBe(1);
    sink.drain();
    expect(sink.written).toEqual(['second']);
  });

  it('a clipboard write that comes while one waits goes after it, never ahead of it', () => {
    const { sink, writes } = backedUp();
    writes.clipboard('held');
    sink.queued = 0; // drained, but the drain callback has not run yet
    writes.clipboard('newer');
    expect(sink.written).toEqual([]);
    sink.drain();
    expect(sink.written).toEqual(['newer']);
  });

  it('writes nothing once closed, not even a held clipboard write', () => {
    const { sink, writes } = backedUp();
    writes.clipboard('held');
    writes.close();
    sink.drain();
    writes.momentary('\x07');
    writes.clipboard('late');
    expect(sink.written).toEqual([]);
  });
});
