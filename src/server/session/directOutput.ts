// Frames written straight to an attached client's terminal (the tmux model), instead of through the
// client's socket (the terminal is opened as clientTerminal.ts says).
//
// Writes never block: the terminal is opened non-blocking and written through a libuv stream, so a
// slow terminal (a stalled SSH link) only queues bytes here, which the frame pacer sees as a backlog
// and answers by skipping frames, exactly as with a slow socket.

import fs from 'node:fs';
import tty from 'node:tty';
import { ORPHAN_RESTORE_TIMEOUT_MS } from '../../limits.js';
import type { OutputTerminal } from '../../protocol/messages.js';
import { openClientTerminal, streamFd } from './clientTerminal.js';

/** What the writer needs of the stream: a libuv TTY handle that can be switched to non-blocking writes, and its fd. */
interface NonBlockingHandle {
  setBlocking(blocking: boolean): number;
  fd: number;
}

export class DirectOutput {
  private broken = false;

  private constructor(
    private readonly stream: tty.WriteStream,
    /** The descriptor the stream writes to, for the write that skips the stream when nothing waits. */
    private readonly fd: number,
  ) {
    // A terminal that went away (EIO, the SSH session closed) stops direct writes; the socket stays.
    stream.on('error', () => this.close());
  }

  /**
   * Opens `terminal` for writing, or returns undefined (with the reason in `why`) when it is not the
   * client's own terminal or cannot be written without blocking; the caller then relays through the socket.
   */
  static open(terminal: OutputTerminal, why: (reason: string) => void): DirectOutput | undefined {
    let fd: number | undefined;
    try {
      fd = openClientTerminal(terminal, fs.constants.O_WRONLY);
      const stream = new tty.WriteStream(fd);
      const handle = (stream as unknown as { _handle?: Partial<NonBlockingHandle> })._handle;
      // libuv opens the terminal again for a stream of its own and leaves ours open beside it.
      if (streamFd(stream) !== fd) fs.closeSync(fd);
      fd = undefined; // the stream owns what it writes to now
      // Node makes terminal writes blocking (for process.stdout); the server must never wait on one.
      if (typeof handle?.setBlocking !== 'function' || handle.setBlocking(false) !== 0) {
        stream.destroy();
        throw new Error('cannot write to it without blocking');
      }
      return new DirectOutput(stream, handle.fd ?? -1);
    } catch (error) {
      if (fd !== undefined) fs.closeSync(fd);
      why((error as Error).message);
      return undefined;
    }
  }

  /** False once the terminal went away or the writer was closed. */
  get usable(): boolean {
    return !this.broken;
  }

  write(bytes: string): void {
    if (this.broken) return;
    if (this.stream.writableLength > 0 || this.fd < 0) {
      this.stream.write(bytes); // after what waits, in order
      return;
    }
    // Nothing waits: one write(2) straight away, without the stream's bookkeeping (a frame is drawn
    // up to 60 times a second). What the terminal does not take now (it is non-blocking) goes to the
    // stream, which writes it when the terminal can take more.
    const data = Buffer.from(bytes, 'utf8');
    let written = 0;
    try {
      written = fs.writeSync(this.fd, data);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EAGAIN') {
        this.close(); // the terminal went away
        return;
      }
    }
    if (written < data.length) this.stream.write(data.subarray(written));
  }

  /** Bytes written but not yet taken by the terminal. */
  backlog(): number {
    return this.broken ? 0 : this.stream.writableLength;
  }

  onceDrained(callback: () => void): void {
    if (this.broken || this.stream.writableLength === 0) queueMicrotask(callback);
    else this.stream.once('drain', callback);
  }

  /**
   * Writes `bytes` last (what waits goes first, in order), then lets go of the terminal once it took them, or after
   * ORPHAN_RESTORE_TIMEOUT_MS if it does not (a stalled link): for a client gone without restoring its terminal.
   */
  writeLastAndClose(bytes: string): void {
    if (this.broken) return;
    this.write(bytes);
    if (this.broken || this.stream.writableLength === 0) return this.close();
    const timer = setTimeout(() => this.close(), ORPHAN_RESTORE_TIMEOUT_MS);
    timer.unref();
    this.stream.once('drain', () => {
      clearTimeout(timer);
      this.close();
    });
  }

  /** Stops writing at once; bytes the terminal has not taken yet are dropped (the client restores the screen next). */
  close(): void {
    if (this.broken) return;
    this.broken = true;
    this.stream.emit('drain');
    this.stream.destroy();
  }
}
