// The per-pane input queue against a scripted PTY: order, partial writes, a full PTY, progress, closing.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { INPUT_BYTES_PER_TURN, INPUT_ENCODE_SLICE_CHARS, INPUT_WRITE_CHUNK_BYTES, MAX_QUEUED_INPUT_BYTES } from '../../../src/limits.js';
import { InputQueue, type InputSink } from '../../../src/pty/inputQueue.js';

/** A PTY that takes at most `room` bytes until drain() makes more room. */
class FakePty {
  received: Buffer[] = [];
  room: number;
  calls = 0;
  closed = false;
  constructor(room = Infinity) {
    this.room = room;
  }
  readonly sink: InputSink = (bytes, offset, length) => {
    this.calls++;
    if (this.closed) return 'closed';
    const n = Math.min(length, this.room);
    this.room -= n;
    if (n > 0) this.received.push(Buffer.from(bytes.subarray(offset, offset + n)));
    return n;
  };
  text(): string {
    return Buffer.concat(this.received).toString('utf8');
  }
  get bytes(): number {
    return this.received.reduce((sum, b) => sum + b.length, 0);
  }
}

const queues: InputQueue[] = [];
function queueFor(pty: FakePty): InputQueue {
  const queue = new InputQueue(pty.sink);
  queues.push(queue);
  return queue;
}
afterEach(() => {
  for (const q of queues.splice(0)) q.dispose();
  vi.useRealTimers();
});

const until = async (condition: () => boolean, what: string): Promise<void> => {
  const deadline = Date.now() + 5000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 2));
  }
};

describe('InputQueue', () => {
  it('queues a long input as slices of text, intact across slice boundaries that fall inside a character', async () => {
    // An emoji (two UTF-16 units, four bytes) straddles the first slice boundary; accents (two bytes) follow.
    const text = `${'a'.repeat(INPUT_ENCODE_SLICE_CHARS - 1)}😀${'é'.repeat(INPUT_ENCODE_SLICE_CHARS)}${'z'.repeat(1000)}`;
    const bytes = Buffer.byteLength(text, 'utf8');
    const pty = new FakePty(0);
    const queue = queueFor(pty);
    expect(queue.enqueue(text)).toBe(true);
    expect(queue.pendingBytes).toBe(bytes);
    expect(queue.progress).toEqual({ written: 0, total: bytes });
    pty.room = Infinity;
    queue.kick();
    await until(() => queue.pendingBytes === 0, 'the long input to be written');
    expect(pty.text() === text).toBe(true);
    expect(pty.bytes).toBe(bytes);
  });

  it('refuses a long input whole when its bytes would pass the limit, whatever its length in characters', () => {
    const pty = new FakePty(0);
    const queue = queueFor(pty);
    // Fewer characters than the limit, more bytes (three each).
    const text = '€'.repeat(Math.floor(MAX_QUEUED_INPUT_BYTES / 3) + 1);
    expect(text.length).toBeLessThan(MAX_QUEUED_INPUT_BYTES);
    expect(queue.enqueue(text)).toBe(false);
    expect(queue.pendingBytes).toBe(0);
  });

  it('writes small input at once, synchronously', () => {
    const pty = new FakePty();
    const queue = queueFor(pty);
    expect(queue.enqueue('ls\r')).toBe(true);
    expect(pty.text()).toBe('ls\r');
    expect(queue.pendingBytes).toBe(0);
    expect(queue.progress).toBeUndefined();
  });

  it('keeps what a full PTY did not take, in order, and never calls the PTY in a loop', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pty = new FakePty(5);
    const queue = queueFor(pty);
    queue.enqueue('hello world');
    queue.enqueue(' and more');
    expect(pty.text()).toBe('hello');
    expect(queue.pendingBytes).toBe('hello world and more'.length - 5);
    const callsWhileFull = pty.calls;
    await vi.advanceTimersByTimeAsync(30);
    // Retries back off (1, 2, 4, … ms): a handful of attempts in 30 ms, not a busy loop.
    expect(pty.calls - callsWhileFull).toBeGreaterThan(0);
    expect(pty.calls - callsWhileFull).toBeLessThan(10);
    pty.room = Infinity;
    queue.kick();
    expect(pty.text()).toBe('hello world and more');
    expect(queue.pendingBytes).toBe(0);
  });

  it('retries by itself when the PTY makes room (no kick needed)', async () => {
    const pty = new FakePty(0);
    const queue = queueFor(pty);
    queue.enqueue('abc');
    expect(pty.text()).toBe('');
    pty.room = Infinity;
    await until(() => pty.text() === 'abc', 'the retry');
  });

  it('splits multi-byte characters across writes without losing a byte', async () => {
    const text = 'é€😀'.repeat(1000);
    const pty = new FakePty(1);
    const queue = queueFor(pty);
    queue.enqueue(text);
    for (let i = 0; i < 20_000 && queue.pendingBytes > 0; i++) {
      pty.room = 3; // an odd amount, so characters are cut in the middle
      queue.kick();
    }
    expect(pty.text()).toBe(text);
  });

  it('writes a large paste over several turns, bounded per turn, and reports progress', async () => {
    const paste = 'x'.repeat(3 * INPUT_BYTES_PER_TURN + 123);
    const pty = new FakePty();
    const queue = queueFor(pty);
    const seen: number[] = [];
    queue.onChange(() => {
      const p = queue.progress;
      if (p) seen.push(p.written / p.total);
    });
    queue.enqueue(paste);
    // One turn's worth now, in writes no larger than the chunk size; the rest after other work.
    expect(pty.bytes).toBe(INPUT_BYTES_PER_TURN);
    expect(Math.max(...pty.received.map((b) => b.length))).toBeLessThanOrEqual(INPUT_WRITE_CHUNK_BYTES);
    expect(queue.progress).toEqual({ written: INPUT_BYTES_PER_TURN, total: paste.length });
    await until(() => queue.pendingBytes === 0, 'the whole paste');
    expect(pty.text()).toBe(paste);
    expect(seen.length).toBeGreaterThanOrEqual(3);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(queue.progress).toBeUndefined();
  });

  it('refuses input beyond the queue limit, and keeps what it already had', () => {
    const pty = new FakePty(0);
    const queue = queueFor(pty);
    expect(queue.enqueue('a'.repeat(MAX_QUEUED_INPUT_BYTES - 10))).toBe(true);
    expect(queue.enqueue('b'.repeat(11))).toBe(false);
    expect(queue.enqueue('c'.repeat(10))).toBe(true);
    expect(queue.pendingBytes).toBe(MAX_QUEUED_INPUT_BYTES);
  });

  it('drops everything once the PTY is closed, and refuses more', () => {
    const pty = new FakePty(0);
    const queue = queueFor(pty);
    queue.enqueue('waiting');
    pty.closed = true;
    queue.kick();
    expect(queue.pendingBytes).toBe(0);
    expect(queue.enqueue('more')).toBe(false);
  });

  it('stops retrying when disposed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const pty = new FakePty(0);
    const queue = queueFor(pty);
    queue.enqueue('never read');
    queue.dispose();
    const calls = pty.calls;
    await vi.advanceTimersByTimeAsync(1000);
    expect(pty.calls).toBe(calls);
    expect(queue.enqueue('x')).toBe(false);
  });

  it('held for a handover, writes nothing and keeps every byte in order, partly written ones included; released, writes it all', () => {
    const pty = new FakePty(3);
    const queue = queueFor(pty);
    queue.enqueue('abcdef');
    expect(pty.text()).toBe('abc');
    queue.hold();
    queue.enqueue('ghi');
    pty.room = Infinity;
    queue.kick();
    expect(pty.text()).toBe('abc');
    expect(queue.pending().toString()).toBe('defghi');
    queue.release();
    expect(pty.text()).toBe('abcdefghi');
    expect(queue.pending().length).toBe(0);
  });

  it('queues bytes as they are (a character cut in two by the old server stays cut)', () => {
    const pty = new FakePty();
    const queue = queueFor(pty);
    const euro = Buffer.from('€');
    queue.enqueue(euro.subarray(1));
    expect(Buffer.concat(pty.received)).toEqual(euro.subarray(1));
  });
});
