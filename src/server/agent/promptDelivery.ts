// Hands a freshly launched agent its initial prompt: once it is ready for input (idle on its own
// screen for a settle period, never a fixed delay), as a bracketed paste followed by Enter, exactly
// once per launch. An Enter the agent did not act on (still idle, nothing else shown since) is pressed
// again, at most PROMPT_ENTER_RETRIES times.

import { encodeInitialPrompt } from '../../agents/prompt.js';
import { PromptReadiness } from '../../agents/readiness.js';
import { SubmitTiming } from '../../agents/submitTiming.js';
import { PROMPT_ENTER_CONFIRM_MS, PROMPT_ENTER_RETRIES, PROMPT_OVERDUE_MS } from '../../agents/promptTimings.js';
import type { AgentState } from '../../agents/detection.js';
import { RefusedError } from '../refusedError.js';

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
  /** Set between the paste and its Enter. */
  private submit: { bytes: string; timing: SubmitTiming } | undefined;
  /** PROMPT_OVERDUE_MS passed before the prompt went out. */
  private late = false;
  private readonly overdueTimer: ReturnType<typeof setTimeout>;
  /** After the Enter, until the agent leaves idle: the Enter's bytes and how often it was pressed again. */
  private unconfirmed: { bytes: string; again: number } | undefined;
  /** Enters pressed again because the agent stayed idle (for explain). */
  private enterAgain = 0;
  private shown: AgentState | undefined;

  /** `overdueChanged` runs when the prompt becomes overdue and when an overdue prompt goes out after all. */
  constructor(
    private readonly text: string,
    private readonly target: PromptTarget,
    private readonly overdueChanged: () => void = () => {},
  ) {
    this.overdueTimer = setTimeout(() => {
      if (this.finished) return;
      this.late = true;
      this.overdueChanged();
    }, PROMPT_OVERDUE_MS);
  }

  get delivered(): boolean {
    return this.finished;
  }

  /** Still not handed over PROMPT_OVERDUE_MS after the pane started (shown in its header). */
  get overdue(): boolean {
    return this.late && !this.finished;
  }

  /** Where the prompt is, for `tessera explain`: a prompt that never goes out must say what it waits for. */
  status(): string {
    if (this.submit) return 'pasted; Enter follows once the agent has shown it';
    if (this.finished && this.enterAgain > 0) return `delivered; Enter pressed ${this.enterAgain} more time${this.enterAgain === 1 ? '' : 's'} (the agent stayed idle)`;
    if (this.finished) return 'delivered';
    if (this.readiness.readyAt() === undefined) return 'waiting for the agent to show its idle input box';
    if (!this.readiness.isReady(performance.now())) return 'waiting for the idle screen to hold still';
    return this.target.bracketedPaste() ? 'about to be pasted' : 'waiting for the agent to turn on bracketed paste';
  }

  /** The agent's shown state changed. */
  stateChanged(state: AgentState | undefined): void {
    this.shown = state;
    // Anything but idle after the Enter (running, a question, a dialog): it was taken, or an Enter must not go now.
    if (this.unconfirmed && state !== 'idle') this.stopWatchingEnter();
    if (state) this.readiness.feed(state, performance.now());
    this.arm();
  }

  /** The agent's screen repainted (a screen still painting is not settled). */
  screenChanged(): void {
    if (this.submit) {
      this.submit.timing.screenChanged(performance.now());
      this.armSubmit();
      return;
    }
    this.readiness.screenChanged(performance.now());
    this.arm();
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.overdueTimer);
    this.finished = true;
    this.submit = undefined;
    this.unconfirmed = undefined;
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
    clearTimeout(this.overdueTimer);
    if (this.late) this.overdueChanged();
    this.readiness.delivered();
    if (!encoded.ok) return;
    this.target.write(encoded.paste);
    this.submit = { bytes: encoded.submit, timing: new SubmitTiming(performance.now()) };
    this.armSubmit();
  }

  private armSubmit(): void {
    const submit = this.submit;
    if (!submit) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(
      () => {
        if (this.submit !== submit) return;
        if (performance.now() < submit.timing.submitAt()) return this.armSubmit();
        this.submit = undefined;
        this.target.write(submit.bytes);
        this.watchEnter({ bytes: submit.bytes, again: 0 });
      },
      Math.max(0, submit.timing.submitAt() - performance.now()) + 1,
    );
  }

  /** Presses the Enter again if the agent still shows idle (and nothing else) PROMPT_ENTER_CONFIRM_MS after it. */
  private watchEnter(entry: { bytes: string; again: number }): void {
    if (entry.again >= PROMPT_ENTER_RETRIES) return this.stopWatchingEnter();
    this.unconfirmed = entry;
    this.timer = setTimeout(() => {
      if (this.unconfirmed !== entry || this.shown !== 'idle') return;
      this.enterAgain++;
      this.target.write(entry.bytes);
      this.watchEnter({ bytes: entry.bytes, again: entry.again + 1 });
    }, PROMPT_ENTER_CONFIRM_MS);
  }

  private stopWatchingEnter(): void {
    this.unconfirmed = undefined;
    clearTimeout(this.timer);
  }
}
