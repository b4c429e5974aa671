// Flow control: a flooding program is paused above the high watermark and resumed below the low one.

import { realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { describe, expect, it } from 'vitest';
import { FLOW_HIGH_WATERMARK, FLOW_LOW_WATERMARK } from '../../../src/limits.js';
import { connectFlowControl, type FlowSink, type FlowSource } from '../../../src/pty/flowControl.js';
import { spawnPty, type PtyProcess } from '../../../src/pty/ptyProcess.js';
import { until } from './procWatch.js';

/** A source driven by the test: emit() plays the PTY (its text as UTF-8 bytes), pause()/resume() are counted. */
function fakeSource() {
  const listeners = new Set<(data: Buffer) => void>();
  const source = {
    pauses: 0,
    resumes: 0,
    onData(listener: (data: Buffer) => void) {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    pause() {
      source.pauses++;
    },
    resume() {
      source.resumes++;
    },
    emit(text: string) {
      for (const listener of listeners) listener(Buffer.from(text, 'utf8'));
    },
  };
  return source;
}

/** A sink that keeps every callback until the test acknowledges it. */
function heldSink() {
  const held: Array<() => void> = [];
  const sink: FlowSink & { held: typeof held; received: Buffer[] } = {
    held,
    received: [],
    write(data, done) {
      sink.received.push(data);
      held.push(done);
    },
  };
  return sink;
}

describe('connectFlowControl', () => {
  it('pauses above the high watermark and resumes only below the low one', () => {
    const source = fakeSource();
    const sink = heldSink();
    const flow = connectFlowControl(source, sink, { high: 100, low: 20 });
    source.emit('x'.repeat(60));
    source.emit('x'.repeat(60));
    expect(flow.pendingBytes).toBe(120);
    expect([flow.paused, source.pauses]).toEqual([true, 1]);
    sink.held[0]();
    expect([flow.pendingBytes, flow.paused, source.resumes]).toEqual([60, true, 0]);
    sink.held[1]();
    expect([flow.pendingBytes, flow.paused, source.resumes]).toEqual([0, false, 1]);
    expect(Buffer.concat(sink.received)).toHaveLength(120); // nothing dropped
  });

  it('counts bytes and ignores a callback called twice', () => {
    const source = fakeSource();
    const sink = heldSink();
    const flow = connectFlowControl(source, sink, { high: 100, low: 20 });
    source.emit('é€');
    expect(flow.pendingBytes).toBe(5);
    sink.held[0]();
    sink.held[0]();
    expect(flow.pendingBytes).toBe(0);
  });

  it('resumes a paused source and stops forwarding when disposed', () => {
    const source = fakeSource();
    const sink = heldSink();
    const flow = connectFlowControl(source, sink, { high: 10, low: 5 });
    source.emit('x'.repeat(20));
    expect(source.pauses).toBe(1);
    flow.dispose();
    expect(source.resumes).toBe(1);
    source.emit('more');
    expect(sink.received).toHaveLength(1);
  });

  it('refuses watermarks that could never resume', () => {
    expect(() => connectFlowControl(fakeSource(), heldSink(), { high: 10, low: 10 })).toThrow(/low < high/);
  });

  it('keeps `yes` into a slow sink bounded, pausing and resuming the real PTY', async () => {
    const cwd = realpathSync(tmpdir());
    const pty: PtyProcess = spawnPty({ file: '/usr/bin/yes', args: [], cwd, env: { PATH: '/usr/bin:/bin' }, cols: 80, rows: 24 });
    const counted: FlowSource & { pauses: number; resumes: number } = {
      pauses: 0,
      resumes: 0,
      onData: (listener) => pty.onData(listener),
      pause() {
        counted.pauses++;
        pty.pause();
      },
      resume() {
        counted.resumes++;
        pty.resume();
      },
    };
    // An emulator that parses one chunk per timer tick: slower than `yes` writes into a PTY.
    const queue: Array<() => void> = [];
    let maxChunk = 0;
    let maxPending = 0;
    const drain = setInterval(() => queue.shift()?.(), 1);
    const flow = connectFlowControl(counted, {
      write(data, done) {
        maxChunk = Math.max(maxChunk, data.length);
        queue.push(done);
        maxPending = Math.max(maxPending, flow.pendingBytes);
      },
    });
    try {
      await until(() => counted.pauses >= 2 && counted.resumes >= 2, 'two pause/resume cycles');
      expect(maxPending).toBeGreaterThan(FLOW_LOW_WATERMARK);
      // Overshoot is at most the chunk that crossed the watermark.
      expect(maxPending).toBeLessThanOrEqual(FLOW_HIGH_WATERMARK + maxChunk);
      expect(counted.pauses - counted.resumes).toBeGreaterThanOrEqual(0);
      expect(counted.pauses - counted.resumes).toBeLessThanOrEqual(1);
    } finally {
      clearInterval(drain);
      flow.dispose();
      await pty.terminate();
    }
  });
});
