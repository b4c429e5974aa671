// Asks an attaching client's terminal for its colors and makes them the ones programs are told
// (see term/outerColors.ts). The replies arrive as input and never reach a pane.

import { COLOR_REPLY_SETTLE_MS, COLOR_REPLY_WAIT_MS } from '../../limits.js';
import { ASKED_PALETTE_SIZE, COLOR_QUERIES, outerColors, readColorReply, type TerminalColors } from '../../term/outerColors.js';

/** Foreground, background and the asked palette entries: every answer there can be. */
const ALL_ANSWERS = 2 + ASKED_PALETTE_SIZE;

export class ColorProbe {
  private readonly colors: TerminalColors = { palette: new Map() };
  private answers = 0;
  private done = false;
  private timer: ReturnType<typeof setTimeout>;

  constructor(send: (bytes: string) => void) {
    outerColors.ask();
    send(COLOR_QUERIES);
    // A terminal that never answers: programs are told nothing, as that terminal would tell them.
    this.timer = setTimeout(() => this.commit(), COLOR_REPLY_WAIT_MS);
  }

  /** Answers may still be on their way (until they are all in, or the terminal was given its time). */
  get awaitingReplies(): boolean {
    return !this.done;
  }

  /** A reply token from the client's terminal; true when it was one of ours. */
  reply(raw: string): boolean {
    if (!readColorReply(raw, this.colors)) return false;
    if (this.done) return true;
    this.answers++;
    clearTimeout(this.timer);
    if (this.answers >= ALL_ANSWERS) this.commit();
    else this.timer = setTimeout(() => this.commit(), COLOR_REPLY_SETTLE_MS);
    return true;
  }

  dispose(): void {
    clearTimeout(this.timer);
    if (!this.done) {
      this.done = true;
      outerColors.gaveUp();
    }
  }

  private commit(): void {
    if (this.done) return;
    this.done = true;
    clearTimeout(this.timer);
    outerColors.set(this.colors);
  }
}
