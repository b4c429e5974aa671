// Keys read straight from an attached client's terminal (the tmux model), instead of relayed by the
// client through its socket: one process hop less between a key and its echo. Only when the client
// asked for it and its frames go to the same terminal (see directOutput.ts); the terminal is opened
// as clientTerminal.ts says.
//
// Reading stops at once when the client is told to end, before it gives the terminal back to the
// shell it was started from: what the user types after that belongs to that shell.

import fs from 'node:fs';
import tty from 'node:tty';
import type { OutputTerminal } from '../../protocol/messages.js';
import { openClientTerminal, streamFd } from './clientTerminal.js';

export class DirectInput {
  private closed = false;

  private constructor(private readonly stream: tty.ReadStream) {
    // The terminal went away (EIO: the SSH session closed): no more keys; the client ends by SIGHUP.
    stream.on('error', () => this.close());
    stream.on('end', () => this.close());
  }

  /**
   * Starts reading `terminal`, handing every chunk to `receive`, or returns undefined (with the reason
   * in `why`) when it cannot; the client then reads its keys itself.
   */
  static open(terminal: OutputTerminal, receive: (data: Buffer) => void, why: (reason: string) => void): DirectInput | undefined {
    let fd: number | undefined;
    try {
      fd = openClientTerminal(terminal, fs.constants.O_RDONLY);
      // Never changes the terminal's modes: the client has put it in raw mode and restores it.
      const stream = new tty.ReadStream(fd);
      if (streamFd(stream) !== fd) fs.closeSync(fd); // libuv reading through a descriptor of its own
      fd = undefined;
      const input = new DirectInput(stream);
      stream.on('data', (data: Buffer) => {
        if (!input.closed) receive(data);
      });
      return input;
    } catch (error) {
      if (fd !== undefined) fs.closeSync(fd);
      why((error as Error).message);
      return undefined;
    }
  }

  /** False once the terminal went away or reading was stopped. */
  get usable(): boolean {
    return !this.closed;
  }

  /** Stops reading and closes the terminal now; nothing read after this call is delivered. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.stream.destroy();
  }
}
