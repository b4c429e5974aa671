// Hands a freshly launched agent its initial prompt: once it is ready for input (idle on its own
// screen for a settle period, never a fixed delay), as a bracketed paste followed by Enter, exactly
// once per launch.

import { encodeInitialPrompt } from '../../agents/prompt.js';
import { PROMPT_SUBMIT_DELAY_MS } from '../../agents/promptTimings.js';
import { PromptReadiness } from '../../agents/readiness.js';
import type { AgentState } from '../../agents/detection.js';
import { RefusedError } from '../workspace.js';

/** Throws a RefusedError saying what is wrong with a prompt (too long, empty after cleaning). */
export function checkPrompt(text: string): void {
  const encoded = encodeInitialPrompt(text);
  if (!encoded.ok) throw new RefusedError(encoded.message);
}

export interface PromptTarget {
  /** The pane's program asked for bracketed paste: the markers will be read as a paste. */
  bracketedPaste(): boolean;
  write(data: string): void;
}

export class PromptDelivery {
  private readonly readiness = new PromptReadiness();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private finished = false;

  constructor(
    private readonly text: string,
    private readonly target: PromptTarget,
  ) {}

  get delivered(): boolean {
    return this.finished;
  }

  /** The agent's shown state changed. */
  stateChanged(state: AgentState | undefined): void {
    if (state) this.readiness.feed(state, performance.now());
    this.arm();
  }

  /** The agent's screen repainted (a screen still painting is not settled). */
  screenChanged(): void {
    this.readiness.screenChanged(performance.now());
    this.arm();
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.finished = true;
  }

  private arm(): void {
    if (this.finished) return;
    clearTimeout(this.timer);
    const at = this.readiness.readyAt();
    if (at === undefined) return;
    this.timer = setTimeout(() => this.deliver(), Math.max(0, at - performance.now()) + 1);
  }

  private deliver(): void {
    if (this.finished || !this.readiness.isReady(performance.now())) return this.arm();
    // Without bracketed paste the markers would arrive as keys: wait until the agent turns it on.
    if (!this.target.bracketedPaste()) return;
    const encoded = encodeInitialPrompt(this.text);
    this.finished = true;
    this.readiness.delivered();
    if (!encoded.ok) return;
    this.target.write(encoded.paste);
    this.timer = setTimeout(() => this.target.write(encoded.submit), PROMPT_SUBMIT_DELAY_MS);
  }
}
