// The master side of a PTY as this process holds it: a descriptor written to without blocking, and
// a stream reading it. Shared by the PTYs this server started (node-pty's) and the ones it took over
// from a server of another version (adoptedPty.ts), and what lets either be handed over again: its
// output held still at the descriptor, its queued input kept, both given back if the handover fails.

import { writeSync } from 'node:fs';
import type net from 'node:net';
import { isErrnoCode } from './errno.js';
import type { InputQueue, InputSink } from './inputQueue.js';

/**
 * What a server handing its panes to another needs of each PTY (see src/server/handover/).
 * hold() stops taking output at the descriptor (what the stream read already goes to its listeners
 * at once) and stops writing queued input; release() undoes both after a handover that failed.
 */
export interface PtyHandover {
  /** The PTY's master descriptor in this process, for the new server to inherit. */
  readonly fd: number;
  hold(): void;
  /** The input queued and not written (what the new server must write). */
  heldInput(): Buffer;
  release(): void;
}

/**
 * Writes straight to the PTY's file descriptor, which is non-blocking. (node-pty's own write() goes
 * through a stream that retries EAGAIN in a busy loop: with a program that does not read, that froze
 * the whole server.)
 */
export function descriptorSink(fd: number): InputSink {
  return (bytes, offset, length) => {
    try {
      return writeSync(fd, bytes, offset, length);
    } catch (error) {
      if (isErrnoCode(error, 'EAGAIN') || isErrnoCode(error, 'EINTR')) return 0;
      if (isErrnoCode(error, 'EIO') || isErrnoCode(error, 'EBADF')) return 'closed';
      throw error;
    }
  };
}

/** libuv's side of a stream (net.Socket's `_handle`), as Node's own net.js uses it (`reading` is unset until it first reads). */
interface ReadHandle {
  readStart(): number;
  readStop(): number;
  reading?: boolean;
}

function readHandle(stream: net.Socket): ReadHandle {
  const handle = (stream as unknown as { _handle?: Partial<ReadHandle> | null })._handle;
  if (!handle || typeof handle.readStart !== 'function' || typeof handle.readStop !== 'function' || !['boolean', 'undefined'].includes(typeof handle.reading)) {
    throw new Error('the PTY stream has no readable handle (closed, or Node changed its internals)');
  }
  return handle as ReadHandle;
}

/** The handover of a PTY read by `stream` (a tty.ReadStream on `fd`) and written through `input`. */
export function streamHandover(fd: number, stream: () => net.Socket | undefined, input: InputQueue): PtyHandover {
  let held = false;
  return {
    fd,
    hold() {
      if (held) return;
      const current = stream();
      if (current && !current.destroyed) {
        const handle = readHandle(current);
        handle.readStop();
        // Marked as reading, so the stream's own read() does not start it again (net.js starts
        // reading only when this flag is false).
        handle.reading = true;
        // What the stream read before (a paused stream keeps it): to its listeners now, as 'data'.
        while (current.readableLength > 0 && current.read() !== null) {
          // read() emits each chunk it returns
        }
      }
      input.hold();
      held = true;
    },
    heldInput: () => input.pending(),
    release() {
      if (!held) return;
      held = false;
      input.release();
      const current = stream();
      if (!current || current.destroyed) return;
      const handle = readHandle(current);
      // A stream paused by flow control starts reading when it is resumed (net.js sees the flag).
      if (current.isPaused()) handle.reading = false;
      else handle.readStart();
    },
  };
}
