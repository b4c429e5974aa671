// Input on its way into one pane's PTY: queued, and written in pieces as the PTY accepts them, so a
// program that stops reading its input (or a paste far larger than the PTY's buffer) stalls only itself.
// A long input is kept as slices of its text and encoded a slice at a time, as its turn comes.

import {
  INPUT_BYTES_PER_TURN,
  INPUT_ENCODE_SLICE_CHARS,
  INPUT_RETRY_MAX_MS,
  INPUT_RETRY_MIN_MS,
  INPUT_WRITE_CHUNK_BYTES,
  MAX_QUEUED_INPUT_BYTES,
} from '../limits.js';

/**
 * Writes bytes to the PTY without ever blocking: returns how many it took (0 when the PTY is full),
 * or 'closed' when the PTY can take nothing ever again (the program exited).
 */
export type InputSink = (bytes: Buffer, offset: number, length: number) => number | 'closed';

/** How far a large input (a paste) has got into the program. */
export interface InputProgress {
  written: number;
  total: number;
}

/** Queued input: its bytes, or (a slice of a long input) its text until its turn to be written comes. */
interface Chunk {
  data: Buffer | string;
  /** Its length in bytes of UTF-8. */
  length: number;
}

export class InputQueue {
  private readonly chunks: Chunk[] = [];
  /** Bytes of chunks[0] already written. */
  private offset = 0;
  private queued = 0;
  /** Bytes queued since the queue was last empty, and how many of them were written. */
  private burstTotal = 0;
  private burstWritten = 0;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private retryDelay = INPUT_RETRY_MIN_MS;
  private continueLater: ReturnType<typeof setImmediate> | undefined;
  private closed = false;
  /** Held for a handover (see hold()): input is queued but not written. */
  private held = false;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly sink: InputSink) {}

  /** Bytes waiting to be written. */
  get pendingBytes(): number {
    return this.queued;
  }

  /** Progress of what was queued since the queue was last empty; undefined while it is empty. */
  get progress(): InputProgress | undefined {
    return this.queued > 0 ? { written: this.burstWritten, total: this.burstTotal } : undefined;
  }

  /**
   * Queues `data` (text, or bytes as they are) after everything queued before and starts writing at once. False (nothing queued)
   * when the PTY is closed or more than MAX_QUEUED_INPUT_BYTES would be waiting.
   */
  enqueue(data: string | Buffer): boolean {
    if (this.closed) return false;
    if (data.length === 0) return true;
    const chunks = typeof data === 'string' ? toChunks(data) : [{ data, length: data.length }];
    const length = chunks.reduce((sum, chunk) => sum + chunk.length, 0);
    if (this.queued + length > MAX_QUEUED_INPUT_BYTES) return false;
    this.chunks.push(...chunks);
    this.queued += length;
    this.burstTotal += length;
    this.pump();
    this.notify();
    return true;
  }

  /** The program just did something (wrote output): it may have read its input, so try again now. */
  kick(): void {
    if (this.queued === 0 || this.closed || this.continueLater) return;
    this.retryDelay = INPUT_RETRY_MIN_MS;
    this.pump();
  }

  /** Called when progress or the pending amount changes (at most once per write burst). */
  onChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /**
   * Stops writing (input is still queued): a server handing its panes over must not write what the
   * new one will write too. pending() is what waits; release() writes again.
   */
  hold(): void {
    this.held = true;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.continueLater) clearImmediate(this.continueLater);
    this.continueLater = undefined;
  }

  release(): void {
    if (!this.held) return;
    this.held = false;
    this.pump();
  }

  /** The bytes queued and not written yet, in order. */
  pending(): Buffer {
    const parts = this.chunks.map((chunk, i) => {
      const bytes = typeof chunk.data === 'string' ? Buffer.from(chunk.data, 'utf8') : chunk.data;
      return i === 0 ? bytes.subarray(this.offset) : bytes;
    });
    return Buffer.concat(parts);
  }

  /** Drops whatever is still queued; nothing is written any more. */
  dispose(): void {
    this.closed = true;
    this.clear();
    this.listeners.clear();
  }

  private pump(): void {
    if (this.held) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    let budget = INPUT_BYTES_PER_TURN;
    const before = this.queued;
    while (this.queued > 0 && budget > 0) {
      const chunk = this.chunks[0];
      if (typeof chunk.data === 'string') chunk.data = Buffer.from(chunk.data, 'utf8');
      const bytes = chunk.data;
      const length = Math.min(bytes.length - this.offset, INPUT_WRITE_CHUNK_BYTES, budget);
      const written = this.sink(bytes, this.offset, length);
      if (written === 'closed') {
        this.closed = true;
        this.clear();
        this.notify();
        return;
      }
      if (written === 0) break;
      this.advance(written);
      budget -= written;
    }
    if (this.queued === 0) {
      this.burstTotal = 0;
      this.burstWritten = 0;
      this.retryDelay = INPUT_RETRY_MIN_MS;
    } else if (budget <= 0) {
      // The PTY keeps accepting: go on after other panes, clients and commands had their turn.
      this.continueLater ??= setImmediate(() => {
        this.continueLater = undefined;
        this.pump();
      });
    } else {
      // The PTY is full. Look again soon if the program took something since the last look (it is
      // reading, just slower than we write), less and less often while it takes nothing.
      this.retryDelay = this.queued < before ? INPUT_RETRY_MIN_MS : Math.min(this.retryDelay * 2, INPUT_RETRY_MAX_MS);
      this.retryTimer = setTimeout(() => this.pump(), this.retryDelay);
    }
    if (this.queued !== before) this.notify();
  }

  private advance(written: number): void {
    this.queued -= written;
    this.burstWritten += written;
    this.offset += written;
    if (this.offset >= this.chunks[0].length) {
      this.chunks.shift();
      this.offset = 0;
    }
  }

  private clear(): void {
    clearTimeout(this.retryTimer);
    this.retryTimer = undefined;
    if (this.continueLater) clearImmediate(this.continueLater);
    this.continueLater = undefined;
    this.chunks.length = 0;
    this.offset = 0;
    this.queued = 0;
    this.burstTotal = 0;
    this.burstWritten = 0;
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** `data` as queue chunks: one encoded chunk, or slices of at most INPUT_ENCODE_SLICE_CHARS characters. */
function toChunks(data: string): Chunk[] {
  if (data.length <= INPUT_ENCODE_SLICE_CHARS) {
    const bytes = Buffer.from(data, 'utf8');
    return [{ data: bytes, length: bytes.length }];
  }
  const chunks: Chunk[] = [];
  for (let start = 0; start < data.length; ) {
    let end = Math.min(data.length, start + INPUT_ENCODE_SLICE_CHARS);
    // Never between the two halves of a surrogate pair: each slice must be valid text on its own.
    if (end < data.length && isHighSurrogate(data.charCodeAt(end - 1))) end--;
    const text = data.slice(start, end);
    chunks.push({ data: text, length: Buffer.byteLength(text, 'utf8') });
    start = end;
  }
  return chunks;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;
