// What a program sends for the user's own terminal outside any frame (the bell, a clipboard write),
// written so that a client whose terminal has stopped reading (a frozen SSH link, a client stopped
// with SIGSTOP while its frames come through the socket) cannot make the server queue them without
// bound: while its backlog is over the limit, a bell or a notification is dropped (one that comes a
// minute late means nothing) and only the newest clipboard write is kept, to be written once the backlog drains.

import type { ClientTransport } from './sessionHost.js';

/** What of a client's transport the writes need. */
export type OutOfFrameSink = Pick<ClientTransport, 'sendOutput' | 'backlog' | 'onceDrained'>;

export class OutOfFrameWrites {
  /** The newest clipboard write held while the client was backed up. */
  private heldClipboard: string | undefined;
  private waiting = false;
  private closed = false;

  constructor(
    private readonly sink: OutOfFrameSink,
    /** Backlog in bytes above which writes are held or dropped (CLIENT_BACKLOG_BYTES). */
    private readonly limit: number,
  ) {}

  /** A write that means something only now (a bell, a desktop notification): dropped while backed up. */
  momentary(bytes: string): void {
    if (!this.closed && !this.backedUp()) this.sink.sendOutput(bytes);
  }

  /** A whole OSC 52 sequence. */
  clipboard(sequence: string): void {
    if (this.closed) return;
    if (!this.backedUp() && !this.waiting) {
      this.sink.sendOutput(sequence);
      return;
    }
    this.heldClipboard = sequence; // replaces an older one: the clipboard holds one text at a time
    if (!this.waiting) this.waitForDrain();
  }

  /** Nothing more is written; a held clipboard write is dropped. */
  close(): void {
    this.closed = true;
    this.heldClipboard = undefined;
  }

  private drained(): void {
    this.waiting = false;
    if (this.closed) return;
    if (this.backedUp()) {
      // Frames filled the queue again before this turn came: wait for the next drain.
      this.waitForDrain();
      return;
    }
    const held = this.heldClipboard;
    this.heldClipboard = undefined;
    if (held !== undefined) this.sink.sendOutput(held);
  }

  private waitForDrain(): void {
    this.waiting = true;
    this.sink.onceDrained(() => this.drained());
  }

  private backedUp(): boolean {
    return this.sink.backlog() > this.limit;
  }
}
