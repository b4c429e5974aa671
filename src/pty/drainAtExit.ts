// What a program wrote just before it exited must reach its pane. node-pty waits for the PTY's
// stream to close before it reports an exit, but only 200 ms: then it destroys the stream, and
// whatever the stream had not read yet is gone. A stream paused by flow control (the pane's
// emulator was behind) reads nothing meanwhile, and on a loaded machine 200 ms pass before the
// stream's next read: `echo bye; exit 3` showed an empty pane at load 16 (a paused stream read none
// of it: tests/unit/pty/drainAtExit.test.ts).
//
// So node-pty's destroy of the stream is turned into "read to the end": the stream is resumed and
// closes by itself at the PTY's end (EIO), when node-pty reports the exit as usual. It is destroyed
// for real after PTY_DRAIN_AT_EXIT_MS at the latest (a PTY a background child still holds open does
// not end: its pane's exit must still be seen). What is left to read is bounded by the kernel's PTY
// buffer and the stream's own, a few tens of KB. (Linux itself can still end a PTY before the last
// few KB of a program that floods up to its exit are read; tmux loses that tail too, 1 run in 4 here.)

import type net from 'node:net';
import { PTY_DRAIN_AT_EXIT_MS } from '../limits.js';

/** Makes the first destroy() of `stream` read it to its end first (see above); later calls destroy at once. */
export function drainAtExit(stream: net.Socket): void {
  const destroyNow = stream.destroy.bind(stream);
  let draining = false;
  stream.destroy = function drainThenDestroy(error?: Error) {
    if (draining || error !== undefined || stream.destroyed || stream.readableEnded) return destroyNow(error);
    draining = true;
    const deadline = setTimeout(() => destroyNow(), PTY_DRAIN_AT_EXIT_MS);
    deadline.unref();
    stream.once('close', () => clearTimeout(deadline));
    stream.resume();
    return stream;
  };
}
