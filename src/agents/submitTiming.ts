// When to press Enter after pasting an agent's initial prompt: once the agent has shown the paste and its
// screen has been still for a moment, so a slow (loaded) agent reads the Enter as a submission, not a newline.

import { PROMPT_SUBMIT_DELAY_MS, PROMPT_SUBMIT_MAX_WAIT_MS } from './promptTimings.js';

/**
 * Fed the paste time and every later screen change; says when the Enter may go. Time is passed in, never read,
 * so tests drive it with plain numbers.
 */
export class SubmitTiming {
  private lastChange: number | undefined;

  constructor(
    private readonly pastedAt: number,
    private readonly quietMs: number = PROMPT_SUBMIT_DELAY_MS,
    private readonly maxWaitMs: number = PROMPT_SUBMIT_MAX_WAIT_MS,
  ) {}

  /** The agent's screen repainted at `now` (after the paste: it is echoing it, or still painting). */
  screenChanged(now: number): void {
    this.lastChange = now;
  }

  /**
   * When to send the Enter if nothing else changes: a quiet period after the last repaint that followed the
   * paste; before the agent showed anything, the deadline (an agent that never echoes still gets its Enter).
   */
  submitAt(): number {
    const deadline = this.pastedAt + this.maxWaitMs;
    if (this.lastChange === undefined) return deadline;
    return Math.min(deadline, Math.max(this.pastedAt, this.lastChange) + this.quietMs);
  }
}
