// When one client gets a frame: the pacer's decisions, the painting and sending, and asking again
// when panes held back from a frame (a flood between its frames, an unfinished synchronized
// frame) may be drawn. Frames wait while the client is backed up: bytes queued here, or frames on
// their way that its terminal has not said it drew (drawnAck.ts: a thin SSH line).

import { CLIENT_BACKLOG_BYTES } from '../../limits.js';
import { DrawnAck } from './drawnAck.js';
import { FramePacer } from './framePacer.js';
import type { Painter } from './painter.js';

export interface FrameSink {
  /** Renders the frame: the bytes that bring the client's terminal up to date ('' when none). */
  render(): string;
  send(bytes: string): void;
  /** Runs after each paint (what follows the panes' state, like the outer mouse mode). */
  painted(): void;
  /** Bytes queued on the socket and not yet sent. */
  backlog(): number;
  onceDrained(callback: () => void): void;
}

export class ClientFrames {
  private readonly pacer: FramePacer;
  /** What the client's terminal has drawn of the frames sent. */
  private readonly drawn: DrawnAck;
  private heldTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly painter: Painter,
    private readonly sink: FrameSink,
  ) {
    this.drawn = new DrawnAck({ send: (bytes) => sink.send(bytes) });
    const queuedTooMuch = () => sink.backlog() > CLIENT_BACKLOG_BYTES;
    this.pacer = new FramePacer({
      paint: () => this.paint(),
      isSmall: () => painter.isSmall(),
      canDraw: () => {
        const can = painter.canDraw();
        if (!can) this.retryHeldPanes();
        return can;
      },
      isBackedUp: () => queuedTooMuch() || this.drawn.holding(),
      onceDrained: (resume) => (queuedTooMuch() ? sink.onceDrained(resume) : this.drawn.onceAnswered(resume)),
    });
  }

  /** Something changed: a frame soon (see FramePacer). */
  request(): void {
    this.pacer.request();
  }

  /** A reply from the client's terminal; true when it said it drew a frame (see DrawnAck), which concerns nobody else. */
  reply(raw: string): boolean {
    return this.drawn.reply(raw);
  }

  /** The user typed: the answer is an echo (see FramePacer). */
  noteInput(): void {
    this.pacer.noteInput();
  }

  /** Frames are being skipped: the client has not taken what was sent yet (see FramePacer). */
  get skipping(): boolean {
    return this.pacer.skipping;
  }

  dispose(): void {
    this.closed = true;
    clearTimeout(this.heldTimer);
    this.pacer.dispose();
    this.drawn.dispose();
  }

  private paint(): boolean {
    if (this.closed) return false;
    // Building the chrome again is a frame's work even when it draws nothing new (a title changed
    // past what its header shows): the next one waits its turn like after any other frame.
    const chromeBuilt = this.painter.chromeIsPending;
    const bytes = this.sink.render();
    if (bytes.length > 0) {
      this.sink.send(bytes);
      this.drawn.frameSent(bytes.length);
    }
    this.sink.painted();
    this.retryHeldPanes();
    return bytes.length > 0 || chromeBuilt;
  }

  /** Panes were held back: ask for a frame again when the first hold ends. */
  private retryHeldPanes(): void {
    const retry = this.painter.retryDelay();
    if (retry === undefined || this.heldTimer !== undefined) return;
    this.heldTimer = setTimeout(() => {
      this.heldTimer = undefined;
      this.pacer.request();
    }, retry);
  }
}
