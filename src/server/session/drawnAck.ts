// How much of what the server wrote the user's terminal has drawn. Over SSH the bytes of a frame sit
// in the network, not in the server's write queue, so a backlog never shows there: a flooding pane
// fills the line with frames that are stale before they arrive, and a key's echo waits behind them.
// After each frame the terminal is asked for its status (DSR, `ESC [ 5 n`); a terminal answers
// (`ESC [ 0 n`) only once it has processed everything written before the question, so each answer
// says one more frame has been drawn. Frames then wait while the oldest unanswered one has been on
// its way DRAWN_IN_FLIGHT_MS or longer, or while DRAWN_IN_FLIGHT_BYTES are unanswered (just after a
// key every small frame of a flood is drawn at once as a possible echo: without a byte limit a
// burst of them filled a thin line for most of a second); the frame pacer skips them and draws the
// newest screen when the answer comes, exactly as frames wait for a socket that is backed up.
//
// A terminal is paced by its answers only once it has answered: one that never does is asked once
// (one question in flight at a time) and keeps today's pacing by backlog alone. One that stops
// answering for DRAWN_ANSWER_GIVE_UP_MS (a stalled link) goes back to that too, until its late
// answers have all come in. Panes never see these answers: the outer terminal's replies are never
// passed to a pane (a pane's own DSR is answered by its emulator). An unasked-for `ESC [ 0 n` (a
// pane's passthrough query) matches no question and is dropped.

import { DRAWN_ANSWER_GIVE_UP_MS, DRAWN_IN_FLIGHT_BYTES, DRAWN_IN_FLIGHT_MS } from '../../limits.js';

/** Device status report: "are you OK?", answered in order with what was written before it. */
export const DRAWN_QUESTION = '\x1b[5n';
/** The terminal's "OK". */
export const DRAWN_ANSWER = '\x1b[0n';

export interface DrawnAckHooks {
  /** Writes to the terminal in order with the frames. */
  send(bytes: string): void;
  now?(): number;
}

export class DrawnAck {
  /** When each unanswered question was sent and the bytes of the frame before it, oldest first. */
  private readonly unanswered: { at: number; bytes: number }[] = [];
  /** The bytes of the frames not answered yet. */
  private unansweredBytes = 0;
  /** The terminal answers (and has answered everything up to its last give-up): frames are paced by its answers. */
  private answering = false;
  private waiters: (() => void)[] = [];
  private giveUpTimer: ReturnType<typeof setTimeout> | undefined;
  private readonly now: () => number;

  constructor(private readonly hooks: DrawnAckHooks) {
    this.now = hooks.now ?? (() => performance.now());
  }

  /** True while frames are paced by the terminal's answers (for tests and `server-info`). */
  get pacing(): boolean {
    return this.answering;
  }

  /** A frame of `bytes` was just written: ask the terminal to say when it has drawn it. */
  frameSent(bytes: number): void {
    // Not known to answer: one question at a time, so a terminal that never answers costs one.
    if (!this.answering && this.unanswered.length > 0) return;
    this.unanswered.push({ at: this.now(), bytes });
    this.unansweredBytes += bytes;
    this.hooks.send(DRAWN_QUESTION);
  }

  /** A reply from the terminal; true when it is a status answer (ours, or unasked-for), which goes nowhere else. */
  reply(raw: string): boolean {
    if (raw !== DRAWN_ANSWER) return false;
    const answered = this.unanswered.shift();
    if (answered === undefined) return true;
    this.unansweredBytes -= answered.bytes;
    // The first answer, or the last late one after a give-up: answers can be trusted to come again.
    if (this.unanswered.length === 0) this.answering = true;
    this.wake();
    return true;
  }

  /** The next frame must wait: the oldest frame in flight has not been drawn within DRAWN_IN_FLIGHT_MS, or too many bytes are. */
  holding(): boolean {
    const oldest = this.unanswered[0];
    if (!this.answering || oldest === undefined) return false;
    const age = this.now() - oldest.at;
    if (age >= DRAWN_ANSWER_GIVE_UP_MS) {
      this.answering = false;
      return false;
    }
    return age >= DRAWN_IN_FLIGHT_MS || this.unansweredBytes >= DRAWN_IN_FLIGHT_BYTES;
  }

  /** Calls `resume` once the terminal answers, or once it is given up on. */
  onceAnswered(resume: () => void): void {
    this.waiters.push(resume);
    if (this.giveUpTimer !== undefined) return;
    const oldest = this.unanswered[0]?.at ?? this.now();
    const wait = Math.max(0, oldest + DRAWN_ANSWER_GIVE_UP_MS - this.now());
    this.giveUpTimer = setTimeout(() => {
      this.giveUpTimer = undefined;
      this.answering = false;
      this.wake();
    }, wait);
  }

  dispose(): void {
    clearTimeout(this.giveUpTimer);
    this.giveUpTimer = undefined;
    this.waiters = [];
  }

  private wake(): void {
    clearTimeout(this.giveUpTimer);
    this.giveUpTimer = undefined;
    const waiters = this.waiters;
    this.waiters = [];
    for (const resume of waiters) resume();
  }
}
