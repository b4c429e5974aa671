// Decides when a client gets its next frame: right away, synchronously, when it has been quiet (typing feels instant),
// at most one frame per FRAME_INTERVAL_MS under load (BIG_FRAME_INTERVAL_MS for big ones), and never while its socket
// is backed up. A small frame that answers the user's key (an echo) is drawn at once even right after another frame.

import { BIG_FRAME_INTERVAL_MS, ECHO_WINDOW_MS, FRAME_INTERVAL_MS } from '../../limits.js';

export interface PacerHooks {
  /** Draws; returns whether anything was sent (an empty paint must not delay the next real one). */
  paint(): boolean;
  /** The frame waiting to be drawn is small (an echo, a cursor move), not a screenful. */
  isSmall(): boolean;
  /**
   * Something can be drawn now; false when every change waits in a held pane (a flood between its
   * frames, a synchronized-output frame not finished), whose hold ends with a request of its own.
   */
  canDraw?(): boolean;
  isBackedUp(): boolean;
  onceDrained(resume: () => void): void;
  now?(): number;
}

export class FramePacer {
  private lastPaint = -Infinity;
  private lastInput = -Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  /** When `timer` fires (performance.now() time). */
  private timerDue = Infinity;
  private waitingForDrain = false;
  /** A paint is under way: a request made while drawing is covered by it. */
  private painting = false;
  private disposed = false;
  private readonly now: () => number;

  constructor(private readonly hooks: PacerHooks) {
    this.now = hooks.now ?? (() => performance.now());
  }

  /** The user typed: what the program answers within ECHO_WINDOW_MS is an echo, drawn at once when small. */
  noteInput(): void {
    this.lastInput = this.now();
  }

  /** Something changed: paint soon. Many requests before the paint collapse into one frame. */
  request(): void {
    if (this.disposed || this.waitingForDrain || this.painting) return;
    // A flood asks for a frame on every parsed slice: no empty paint for each while its pane is held.
    if (this.hooks.canDraw?.() === false) return;
    const now = this.now();
    const small = this.hooks.isSmall();
    const due = this.lastPaint + (small ? FRAME_INTERVAL_MS : BIG_FRAME_INTERVAL_MS);
    const wait = due - now;
    // Quiet until now, or an echo: draw at once. Under load: small frames at most every FRAME_INTERVAL_MS, big ones
    // (a TUI repainting, a flood) at most every BIG_FRAME_INTERVAL_MS.
    if (wait <= 0 || (small && now - this.lastInput <= ECHO_WINDOW_MS)) this.run();
    else if (this.timer === undefined) this.arm(due, wait, () => this.onTimer());
    // Armed for a small frame that has grown big since (four TUIs each sending a few KB): move the timer to
    // the big frames' time rather than waking at the small one's only to wait again.
    else if (!small && this.timerDue < due) this.arm(due, wait, () => this.run());
  }

  /** Frames are being skipped until the client has taken what waits (or its terminal said it drew it). */
  get skipping(): boolean {
    return this.waitingForDrain;
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
  }

  /** A frame that grew big while it waited keeps to the big frames' interval. */
  private onTimer(): void {
    this.timer = undefined;
    const due = this.lastPaint + BIG_FRAME_INTERVAL_MS;
    const wait = due - this.now();
    if (wait > 0 && !this.hooks.isSmall()) this.arm(due, wait, () => this.run());
    else this.run();
  }

  /** Sets the one timer to fire in `wait` ms, at `due`. */
  private arm(due: number, wait: number, fire: () => void): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(fire, wait);
    this.timerDue = due;
  }

  private run(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.timerDue = Infinity;
    if (this.disposed) return;
    if (this.hooks.isBackedUp()) {
      // The client cannot keep up (slow link): skip frames; the next one carries every change.
      this.waitingForDrain = true;
      this.hooks.onceDrained(() => {
        this.waitingForDrain = false;
        this.request();
      });
      return;
    }
    const started = this.now();
    this.painting = true;
    try {
      if (this.hooks.paint()) this.lastPaint = started;
    } finally {
      this.painting = false;
    }
  }
}
