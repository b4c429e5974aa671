// When a freshly launched agent is ready for its initial prompt: idle, and idle for a settle period, once per launch.

import type { AgentState } from './detection.js';
import { PROMPT_SETTLE_MS } from './promptTimings.js';

/**
 * Fed every detection (and every screen change) with the time it happened; says when to paste the prompt.
 * Time is passed in, never read, so tests drive it with plain numbers.
 */
export class PromptReadiness {
  /** When the current unbroken stretch of `idle` on a still screen began; undefined when not idle. */
  private idleSince: number | undefined;
  private done = false;

  constructor(private readonly settleMs: number = PROMPT_SETTLE_MS) {}

  /** The detector's state at `now`. Leaving idle, even briefly, starts the settle period over. */
  feed(state: AgentState, now: number): void {
    if (state !== 'idle') this.idleSince = undefined;
    else if (this.idleSince === undefined) this.idleSince = now;
  }

  /** The screen repainted at `now` while the state may not have changed: an idle screen still painting is not settled. */
  screenChanged(now: number): void {
    if (this.idleSince !== undefined) this.idleSince = now;
  }

  /** When the prompt may be sent if nothing changes, for a single timer instead of polling; undefined when not idle or done. */
  readyAt(): number | undefined {
    return this.done || this.idleSince === undefined ? undefined : this.idleSince + this.settleMs;
  }

  isReady(now: number): boolean {
    const at = this.readyAt();
    return at !== undefined && now >= at;
  }

  /** The prompt was sent: never ready again for this launch. */
  delivered(): void {
    this.done = true;
  }

  get isDelivered(): boolean {
    return this.done;
  }
}
